package dev.contractkit.quotas.providers;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Queries providers concurrently: discovers each one's credential, calls its usage endpoint with a time-out and
 * turns whatever happens into one {@link ProviderResult}. One provider's failure never hides another's result.
 *
 * <pre>{@code
 * Fetcher fetcher = Fetcher.create(Environment.system(), BaseUrls.of(Environment.system(), Map.of()), Duration.ofSeconds(10));
 * List<ProviderResult> results = fetcher.fetchAll(List.of(Provider.values()), r -> System.out.println(r.status()));
 * }</pre>
 */
public final class Fetcher {
    private final Environment env;
    private final BaseUrls urls;
    private final Duration timeout;
    private final Calls calls;
    private final Clock clock;

    private Fetcher(Environment env, BaseUrls urls, Duration timeout, Calls calls, Clock clock) {
        this.env = env;
        this.urls = urls;
        this.timeout = timeout;
        this.calls = calls;
        this.clock = clock;
    }

    /**
     * @param env     where credentials are discovered
     * @param urls    the base URLs
     * @param timeout per HTTP request (a provider making two calls may take twice as long)
     * @return a fetcher on the JDK HTTP client
     */
    public static Fetcher create(Environment env, BaseUrls urls, Duration timeout) {
        return new Fetcher(env, urls, timeout, new JdkCalls(timeout, "quotas/" + env.get("QUOTAS_VERSION").orElse("dev"),
                Proxies.of(env)),
                Clock.systemUTC());
    }

    /** A fetcher on other {@link Calls} (tests: recording what would be sent). */
    static Fetcher create(Environment env, BaseUrls urls, Duration timeout, Calls calls) {
        return new Fetcher(env, urls, timeout, calls, Clock.systemUTC());
    }

    /**
     * @param provider a provider
     * @return where its credential is looked for, in order (for messages and the README)
     */
    public static List<String> credentialSources(Provider provider) {
        return Specs.of(provider).sources().stream().map(Sources.Source::description).toList();
    }

    /**
     * @param provider a provider
     * @return its result (that of its first account when it has several); never throws
     */
    public ProviderResult fetch(Provider provider) {
        return fetchAccounts(provider).get(0);
    }

    /**
     * Every account of a provider: one result per credential found ({@link Sources#all}), asked at once; a provider
     * with one account (or none) has one result without an account name, as before accounts.
     *
     * @param provider a provider
     * @return at least one result; never throws
     */
    public List<ProviderResult> fetchAccounts(Provider provider) {
        Instant now = clock.instant();
        Spec spec = Specs.of(provider);
        Optional<Credential> standIn = StandIn.credential(env);
        List<Credential> found = standIn.map(List::of).orElseGet(() -> Sources.all(spec.sources(), env));
        if (found.isEmpty()) {
            return List.of(new ProviderResult.AuthRequired(provider, "no credentials found; looked at " + credentialSources(provider).stream()
                    .collect(Collectors.joining(", ")), now));
        }
        if (found.size() == 1) {
            return List.of(fetch(provider, spec, found.get(0), standIn.isPresent(), now));
        }
        List<String> labels = Sources.labels(found, env);
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<CompletableFuture<ProviderResult>> each = new ArrayList<>();
            for (int i = 0; i < found.size(); i++) {
                Credential c = found.get(i);
                String label = labels.get(i);
                each.add(CompletableFuture.supplyAsync(() -> fetch(provider, spec, c, false, now).withAccount(label), pool));
            }
            return each.stream().map(CompletableFuture::join).toList();
        } finally {
            pool.shutdownNow();
        }
    }

    private ProviderResult fetch(Provider provider, Spec spec, Credential found, boolean standIn, Instant now) {
        Optional<Credential> credential = Optional.of(found);
        if (!standIn && credential.get().extra(Sources.API_KEY_ONLY).isPresent()) {
            // an API key would only get a 401 from an endpoint that takes OAuth logins: say so, send nothing
            return new ProviderResult.AuthRequired(provider, "only an API key was found (" + credential.get().source() + "); "
                    + provider.title() + "'s usage endpoint accepts only an OAuth login: "
                    + credential.get().extra(Sources.API_KEY_ONLY).get() + " (the key was not sent)", now);
        }
        if (!standIn && credential.get().extra(Sources.UNUSABLE).isPresent()) {
            // found but not to be opened or not for this endpoint: say why, send nothing
            return new ProviderResult.AuthRequired(provider, credential.get().extra(Sources.UNUSABLE).get() + " (nothing was sent)",
                    now);
        }
        if (!standIn) {
            Optional<String> refusal = refusal(provider);
            if (refusal.isPresent()) {
                return new ProviderResult.NetworkError(provider, refusal.get(), now);
            }
        }
        try {
            Credential login = credential.get();
            boolean renewed = false;
            if (!standIn && OAuthRefresh.due(provider, login, now)) {
                login = OAuthRefresh.renew(provider, login, calls, env, now);
                renewed = true;
            }
            ProviderResult r = spec.fetch(login, calls, urls, now);
            if (!standIn && !renewed && r instanceof ProviderResult.AuthRequired && OAuthRefresh.possible(provider, login)) {
                // refused although not known to be expired: renew once and ask again, as the CLIs do
                r = spec.fetch(OAuthRefresh.renew(provider, login, calls, env, now), calls, urls, now);
            }
            if (r instanceof ProviderResult.Available a && a.plan().isBlank() && a.windows().isEmpty()) {
                // nothing to show: not "available" with a plan quotas would have to make up
                return Replies.unavailable(provider, provider.title() + " answered but reported no plan and no quota window", now);
            }
            return r;
        } catch (OAuthRefresh.Failed e) {
            return new ProviderResult.AuthRequired(provider, e.getMessage() + ": log in again with "
                    + (provider == Provider.CLAUDE ? "Claude Code (`claude`, then /login)" : "the Gemini CLI (`gemini`)"), now);
        } catch (HttpTimeoutException e) {
            return new ProviderResult.NetworkError(provider, "no answer from " + urls.of(provider) + " within "
                    + timeout.toMillis() / 1000.0 + " s", now);
        } catch (ConnectException e) {
            return new ProviderResult.NetworkError(provider, "cannot connect to " + urls.of(provider) + " ("
                    + (e.getMessage() == null ? "connection refused" : e.getMessage()) + ")", now);
        } catch (IOException e) {
            return new ProviderResult.NetworkError(provider, "transport error reaching " + urls.of(provider) + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), now);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProviderResult.NetworkError(provider, "interrupted", now);
        } catch (RuntimeException e) {
            return Replies.unavailable(provider, provider.title() + ": quotas could not read the answer (" + e + ")", now);
        }
    }

    /**
     * A real credential never goes in clear text to another machine: a base URL in effect that is {@code http://}
     * to a host other than loopback is refused before anything is sent, naming the setting to fix.
     */
    private Optional<String> refusal(Provider provider) {
        List<String[]> used = new ArrayList<>();
        used.add(new String[]{urls.of(provider), provider.envPrefix() + "_BASE_URL (or [base_urls] " + provider.id() + " in the config)"});
        if (provider == Provider.KIMI) {
            used.add(new String[]{urls.kimiBalance(), "QUOTAS_KIMI_BALANCE_BASE_URL (or Kimi's base URL)"});
        }
        OAuthRefresh.tokenUrl(provider, env).ifPresent(u -> used.add(new String[]{u, provider.envPrefix() + "_TOKEN_URL"}));
        return used.stream().filter(u -> PlainHttp.exposes(u[0])).findFirst().map(u -> "insecure_url: quotas will not send "
                + provider.title() + "'s credential over plain HTTP to " + PlainHttp.host(u[0]) + " (" + u[0]
                + "), which is not this machine; set " + u[1] + " to an https:// URL or a loopback address "
                + "(nothing was sent)");
    }

    /**
     * Fetches every provider at once; each result is handed to {@code each} as soon as it is there.
     *
     * @param providers the providers
     * @param each      called once per account (once per provider with one), a provider's accounts one after the
     *                  other, from any thread
     * @return the results, in the order of {@code providers} (a provider's accounts in the order they were found)
     */
    public List<ProviderResult> fetchAll(List<Provider> providers, Consumer<ProviderResult> each) {
        long budget = timeout.toMillis() * 2 + 1_000;
        // not try-with-resources: close() would wait for a provider that hangs past its time-out
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<CompletableFuture<List<ProviderResult>>> futures = providers.stream().map(p -> CompletableFuture
                    .supplyAsync(() -> fetchAccounts(p), pool)
                    .completeOnTimeout(List.of(new ProviderResult.NetworkError(p, "no answer within " + budget / 1000.0 + " s",
                                    clock.instant())), budget, TimeUnit.MILLISECONDS)
                    .whenComplete((rs, e) -> {
                        if (rs != null) {
                            rs.forEach(each);
                        }
                    })).toList();
            return futures.stream().flatMap(f -> f.join().stream()).toList();
        } finally {
            pool.shutdownNow();
        }
    }
}
