package dev.contractkit.quotas;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.ResultJson;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

/**
 * {@code quotas}: AI provider quotas in a terminal UI (default), as JSON ({@code --json}) or as a statusline
 * ({@code --statusline}, from the cache only). Exit status 0 when the command ran (whatever the providers
 * answered), 2 for a usage error, 1 when the terminal UI cannot start.
 *
 * <pre>{@code
 * quotas --json --pretty --provider=claude,codex
 * quotas --statusline --format='%provider %remaining/%limit (%window)'
 * }</pre>
 */
@Command(name = "quotas", sortOptions = false, usageHelpAutoWidth = true,
        description = "Shows the usage quotas of eleven AI providers: a terminal UI, JSON, or a shell statusline.",
        footer = {"", "A prompt that costs nothing: eval \"$(quotas init bash)\" (or zsh; statusline options may follow) installs",
                "a hook that shows the cached statusline without starting a JVM and refreshes it in the background.",
                "", "Files: $XDG_CONFIG_HOME/quotas/config.toml, $XDG_CACHE_HOME/quotas/cache.json and update.json.",
                "Base URLs: QUOTAS_<PROVIDER>_BASE_URL or [base_urls] in the config (https, or http to loopback only:",
                "a real credential is never sent over plain HTTP to another machine). Time-out: QUOTAS_TIMEOUT (s, default 10).",
                "Mocks: QUOTAS_STAND_IN_TOKEN=<stand-in> sends that to every provider and reads none of your credentials.",
                "Proxies: https_proxy/HTTPS_PROXY, http_proxy/HTTP_PROXY (http://[user:password@]host:port), no_proxy/NO_PROXY.",
                "Exit status: 0 ran, 1 the terminal UI cannot start, 2 usage error, 3 --fail-over found a quota over it."})
public final class Main implements Callable<Integer> {
    @Option(names = "--json", description = "print every provider's result as JSON")
    boolean json;
    @Option(names = "--pretty", description = "pretty-print the JSON (implies --json)")
    boolean pretty;
    @Option(names = "--provider", split = ",", paramLabel = "<list>", hideParamSyntax = true,
            description = "comma-separated provider ids for --json and --statusline: claude, codex, cursor, deepseek,"
                    + " gemini, github-copilot, kimi, minimax, openrouter, siliconflow, zai")
    List<String> providerIds;
    @Option(names = "--statusline", description = "one compact line from the cache; no foreground network call")
    boolean statusline;
    @Option(names = "--no-icons", description = "statusline without icons")
    boolean noIcons;
    @Option(names = "--format", paramLabel = "<template>",
            description = "statusline template: %%provider %%remaining %%limit %%window %%used %%reset (default: '%%provider %%remaining/%%limit')")
    String format;
    @Option(names = "--fail-over", paramLabel = "<percent>",
            description = "with --json or --statusline: exit 3 when a quota is at least <percent> used (hidden quotas do not count)")
    Integer failOver;
    @Option(names = "--thresholds", paramLabel = "<green>,<yellow>",
            description = "colours of the UI and the statusline's icons, in percent left (default 50,20, or [thresholds] in the config)")
    String thresholds;
    @Option(names = "--version", description = "print the installed version")
    boolean version;
    @Option(names = "--check-update", description = "compare the installed version with the newest release in the Maven"
            + " repository QUOTAS_UPDATE_URL names (there is no public one: the kit is released by ./kit publish DIR)")
    boolean checkUpdate;
    @Option(names = "--no-update-check", description = "no background update check")
    boolean noUpdateCheck;
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;
    @Option(names = "--refresh-cache", hidden = true)
    boolean refreshCache;
    @Option(names = "--update-cache", hidden = true)
    boolean updateCache;

    private final Environment env;
    private final PrintStream out;
    private final PrintStream err;
    private final Clock clock;

    private Main(Environment env, PrintStream out, PrintStream err, Clock clock) {
        this.env = env;
        this.out = out;
        this.err = err;
        this.clock = clock;
    }

    /**
     * @param args see {@code --help}
     */
    public static void main(String[] args) {
        // UTF-8 whatever the locale says: the statusline's icons and the JSON must not turn into '?'
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        int status = run(args, Environment.system(), out, System.err, Clock.systemUTC());
        out.flush();
        System.exit(status);
    }

    /** Runs one command in-process (tests) and returns its exit status. */
    static int run(String[] args, Environment env, PrintStream out, PrintStream err, Clock clock) {
        if (PromptInit.isInit(args)) {
            return PromptInit.run(PromptInit.rest(args), env, out, err);
        }
        Optional<StatuslineOptions> statusline = StatuslineCommand.parse(args);
        if (statusline.isPresent()) {
            return StatuslineCommand.run(statusline.get(), env, out, err, clock);
        }
        return parsed(args, env, out, err, clock);
    }

    private static int parsed(String[] args, Environment env, PrintStream out, PrintStream err, Clock clock) {
        CommandLine cli = new CommandLine(new Main(env, out, err, clock));
        cli.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("quotas: " + e.getMessage() + " (try --help)");
            return 2;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            err.println("quotas: " + e.getMessage());
            return 1;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        if (version) {
            out.println("quotas " + ToolVersion.installed());
            return 0;
        }
        if (checkUpdate || updateCache) {
            return checkUpdate();
        }
        if (statusline && (json || pretty)) {
            return usage("--statusline and --json are different output modes; pick one");
        }
        if (!statusline && (noIcons || format != null)) {
            return usage((noIcons ? "--no-icons" : "--format") + " applies to --statusline only");
        }
        if (providerIds != null && !statusline && !json && !pretty && !refreshCache) {
            return usage("--provider filters --json and --statusline; the terminal UI shows the enabled providers");
        }
        if (failOver != null && (failOver < 0 || failOver > 100)) {
            return usage("--fail-over takes a percentage from 0 to 100, got " + failOver);
        }
        if (failOver != null && !statusline && !json && !pretty) {
            return usage("--fail-over applies to --json and --statusline");
        }
        if (thresholds != null && (json || pretty)) {
            return usage("--thresholds colours the terminal UI and the statusline, not --json");
        }
        Optional<Thresholds> limits;
        try {
            limits = Optional.ofNullable(thresholds).map(Thresholds::parse);
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        if (statusline) {
            return StatuslineCommand.run(new StatuslineOptions(Optional.ofNullable(providerIds),
                    format == null ? Statusline.DEFAULT_TEMPLATE : format, !noIcons, !noUpdateCheck, limits,
                    failOver == null ? OptionalInt.empty() : OptionalInt.of(failOver)), env, out, err, clock);
        }
        Paths paths = Paths.of(env);
        Config config = Config.load(paths.config());
        config.problems().forEach(p -> err.println("quotas: config: " + p));
        List<Provider> providers;
        try {
            providers = providerIds == null ? config.enabledProviders() : ProviderIds.parse(providerIds);
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        if (refreshCache) {
            return refreshCache(paths, config, providers);
        }
        if (json || pretty) {
            return json(paths, config, providers);
        }
        return Tui.run(env, paths, config, limits.orElse(config.thresholds()), clock, !noUpdateCheck, err);
    }

    private int usage(String message) {
        err.println("quotas: " + message + " (try --help)");
        return 2;
    }

    private int refreshCache(Paths paths, Config config, List<Provider> providers) {
        try {
            List<ProviderResult> results = Fetching.fetchAll(env, config, providers, r -> { });
            new Cache(paths.cache()).merge(results, clock.instant(),
                    Optional.of(StatuslineCommand.record(paths, config)));
            return 0;
        } catch (IOException e) {
            err.println("quotas: cannot write " + paths.cache() + ": " + e.getMessage());
            return 1;
        } finally {
            Background.release(paths.refreshLock());
        }
    }

    private int json(Paths paths, Config config, List<Provider> providers) {
        List<ProviderResult> results = Fetching.fetchAll(env, config, providers, r -> { });
        try {
            new Cache(paths.cache()).merge(results, clock.instant(),
                    Optional.of(StatuslineCommand.record(paths, config)));
        } catch (IOException e) {
            err.println("quotas: cannot write the cache " + paths.cache() + ": " + e.getMessage());
        }
        ObjectNode root = ResultJson.mapper().createObjectNode();
        ArrayNode list = root.putArray("providers");
        List<Provider> order = Statusline.favoritesFirst(results.stream().map(ProviderResult::provider).distinct().toList(),
                config.favoriteProviders());
        order.forEach(p -> results.stream().filter(r -> r.provider() == p) // each of its accounts
                .forEach(r -> list.add(withPreferences(ResultJson.toJson(r), config))));
        try {
            out.println(pretty ? ResultJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root) : root.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (failOver != null) {
            List<String> over = OverThreshold.find(results, StatuslineCommand.record(paths, config).quotaHidden(), failOver);
            over.forEach(m -> err.println("quotas: " + m));
            return over.isEmpty() ? 0 : OverThreshold.EXIT_STATUS;
        }
        return 0;
    }

    /**
     * The config's favorites in the JSON, as the UI shows them: {@code "favorite": true} on a favorite provider, and
     * on its favorite windows (listed first); {@code "hidden": true} on a window hidden in the UI.
     */
    static ObjectNode withPreferences(ObjectNode json, Config config) {
        Provider p = Provider.byId(json.path("provider").asText()).orElseThrow();
        if (config.favoriteProviders().contains(p.id())) {
            json.put("favorite", true);
        }
        Config.QuotaPreferences prefs = config.quotaPreferences(p);
        if (json.path("windows").isArray() && (!prefs.favorites().isEmpty() || !prefs.hidden().isEmpty())) {
            List<ObjectNode> windows = new ArrayList<>();
            json.path("windows").forEach(w -> windows.add((ObjectNode) w));
            List<ObjectNode> ordered = new ArrayList<>();
            prefs.favorites().forEach(f -> windows.stream().filter(w -> w.path("label").asText().equals(f))
                    .filter(w -> !ordered.contains(w)).forEach(ordered::add));
            windows.stream().filter(w -> !ordered.contains(w)).forEach(ordered::add);
            ArrayNode out = json.putArray("windows");
            for (ObjectNode w : ordered) {
                String label = w.path("label").asText();
                if (prefs.favorites().contains(label)) {
                    w.put("favorite", true);
                }
                if (prefs.hidden().contains(label)) {
                    w.put("hidden", true);
                }
                out.add(w);
            }
        }
        return json;
    }

    private int checkUpdate() {
        Paths paths = Paths.of(env);
        try {
            UpdateCheck.Answer answer = UpdateCheck.ask(env);
            try {
                new UpdateCache(clock.instant(), answer.latest()).write(paths.update());
            } catch (IOException e) {
                if (checkUpdate) {
                    err.println("quotas: cannot write " + paths.update() + ": " + e.getMessage());
                }
            }
            if (!checkUpdate) {
                return 0;
            }
            String installed = ToolVersion.installed();
            if (answer.latest().isEmpty()) {
                out.println("quotas " + installed + ": could not check for updates: " + answer.problem().orElse("unknown"));
            } else if (ToolVersion.compare(answer.latest().get(), installed) > 0) {
                out.println("quotas " + installed + ": version " + answer.latest().get()
                        + " is available (dev.contractkit:quotas in " + UpdateCheck.url(env).orElse("?") + ")");
            } else {
                out.println("quotas " + installed + " is up to date (newest release: " + answer.latest().get() + ")");
            }
            return 0;
        } finally {
            if (updateCache) {
                Background.release(paths.update().resolveSibling("update.lock"));
            }
        }
    }
}
