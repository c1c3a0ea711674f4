package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code quotas --statusline}: runs on every shell prompt, so it reads the cache and nothing else. It loads no
 * HTTP client, no terminal library and, for the usual argument sets, not even picocli ({@link #parse} recognises
 * them; anything else goes through picocli, which ends up here too). The config is parsed only when it changed
 * since the last refresh: each refresh records the enabled providers and the config's problems in the cache.
 * A cache older than 30 minutes starts a background refresh, an {@code update.json} older than 24 hours a background
 * update check; neither is waited for. Each run also writes the line it printed to {@link PromptLine}'s file, which
 * the shell prompt hook of {@code quotas init} shows without starting a JVM.
 */
final class StatuslineCommand {
    private StatuslineCommand() {
    }

    /** @return the options when the arguments are a statusline call made of statusline options only */
    static Optional<StatuslineOptions> parse(String[] args) {
        boolean statusline = false;
        boolean icons = true;
        boolean updateCheck = true;
        String format = Statusline.DEFAULT_TEMPLATE;
        List<String> providers = null;
        Optional<Thresholds> thresholds = Optional.empty();
        OptionalInt failOver = OptionalInt.empty();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = null;
            String name = a;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            switch (name) {
                case "--statusline" -> statusline = value == null;
                case "--no-icons" -> icons = value != null && icons;
                case "--no-update-check" -> updateCheck = value != null && updateCheck;
                case "--format", "--provider", "--thresholds", "--fail-over" -> {
                    if (value == null) {
                        if (i + 1 >= args.length || args[i + 1].startsWith("-")) {
                            return Optional.empty();
                        }
                        value = args[++i];
                    }
                    if (name.equals("--format")) {
                        format = value;
                    } else if (name.equals("--thresholds")) {
                        try {
                            thresholds = Optional.of(Thresholds.parse(value));
                        } catch (IllegalArgumentException e) {
                            return Optional.empty(); // picocli reports it
                        }
                    } else if (name.equals("--fail-over")) {
                        if (!value.matches("[0-9]{1,3}") || Integer.parseInt(value) > 100) {
                            return Optional.empty();
                        }
                        failOver = OptionalInt.of(Integer.parseInt(value));
                    } else {
                        providers = providers == null ? new ArrayList<>() : providers;
                        providers.addAll(List.of(value.split(",")));
                    }
                }
                default -> {
                    return Optional.empty();
                }
            }
            if (name.equals("--statusline") && value != null || (name.equals("--no-icons") || name.equals("--no-update-check")) && value != null) {
                return Optional.empty();
            }
        }
        return statusline ? Optional.of(new StatuslineOptions(Optional.ofNullable(providers), format, icons, updateCheck,
                thresholds, failOver)) : Optional.empty();
    }

    static int run(StatuslineOptions o, Environment env, PrintStream out, PrintStream err, Clock clock) {
        Paths paths = Paths.of(env);
        Instant now = clock.instant();
        Cache.Contents cached = new Cache(paths.cache()).read();
        List<Provider> providers;
        Cache.ConfigRecord config = current(paths, cached, err);
        try {
            providers = o.providerIds().isPresent() ? ProviderIds.parse(o.providerIds().get())
                    : config.enabled().stream().map(Provider::byId).flatMap(Optional::stream).toList();
        } catch (IllegalArgumentException e) {
            err.println("quotas: " + e.getMessage() + " (try --help)");
            return 2;
        }
        String line = Statusline.render(cached.entries(), Statusline.favoritesFirst(providers, config.favorites()), o.format(),
                o.icons(), now, config.quotaFavorites(), config.quotaHidden(), o.thresholds().orElse(config.thresholds()));
        out.println(line);
        out.flush();
        try {
            PromptLine.write(PromptLine.file(paths, o), PromptLine.due(cached, providers, now), line);
        } catch (IOException | RuntimeException e) {
            // the prompt's copy only: the line was printed, and a prompt hook asks again in a while
        }
        if (cached.stale(now, providers)) {
            // the providers this line shows, and only those: --provider goes on to the refresh
            List<String> args = new ArrayList<>(List.of("--refresh-cache", "--no-update-check"));
            o.providerIds().ifPresent(ids -> args.add("--provider=" + String.join(",", ids)));
            Background.start(paths.refreshLock(), args, env.variables(), now);
        }
        // no repository, nothing to ask (UpdateCheck: quotas is on no public registry)
        if (o.updateCheck() && env.get("QUOTAS_UPDATE_URL").isPresent() && UpdateCache.due(paths.update(), now)) {
            Background.start(paths.update().resolveSibling("update.lock"), List.of("--update-cache"), env.variables(), now);
        }
        if (o.failOver().isPresent()) {
            List<String> over = OverThreshold.find(providers.stream().flatMap(p -> cached.of(p).stream())
                    .map(Cache.Entry::result).toList(), config.quotaHidden(), o.failOver().getAsInt());
            over.forEach(m -> err.println("quotas: " + m));
            return over.isEmpty() ? 0 : OverThreshold.EXIT_STATUS;
        }
        return 0;
    }

    /** What the statusline needs of the config: the cache's record when the config is unchanged, else the config itself. */
    private static Cache.ConfigRecord current(Paths paths, Cache.Contents cached, PrintStream err) {
        String stamp = configStamp(paths);
        Optional<Cache.ConfigRecord> known = cached.config().filter(c -> c.stamp().equals(stamp));
        if (known.isPresent()) {
            known.get().problems().forEach(p -> err.println("quotas: config: " + p));
            return known.get();
        }
        Config config = Config.load(paths.config());
        config.problems().forEach(p -> err.println("quotas: config: " + p));
        return record(paths, config);
    }

    /** @return what identifies the config file's version: its modification time and size, or {@code missing} */
    static String configStamp(Paths paths) {
        try {
            return Files.getLastModifiedTime(paths.config()).toMillis() + ":" + Files.size(paths.config());
        } catch (IOException e) {
            return "missing";
        }
    }

    static Cache.ConfigRecord record(Paths paths, Config config) {
        Map<String, List<String>> quotaFavorites = new LinkedHashMap<>();
        Map<String, List<String>> quotaHidden = new LinkedHashMap<>();
        for (Provider p : Provider.values()) {
            List<String> favs = config.quotaPreferences(p).favorites().stream()
                    .filter(l -> !config.quotaPreferences(p).hidden().contains(l)).toList();
            if (!favs.isEmpty()) {
                quotaFavorites.put(p.id(), favs);
            }
            if (!config.quotaPreferences(p).hidden().isEmpty()) {
                quotaHidden.put(p.id(), config.quotaPreferences(p).hidden());
            }
        }
        return new Cache.ConfigRecord(configStamp(paths), config.enabledProviders().stream().map(Provider::id).toList(),
                config.problems(), config.favoriteProviders(), quotaFavorites, quotaHidden, config.thresholds());
    }
}
