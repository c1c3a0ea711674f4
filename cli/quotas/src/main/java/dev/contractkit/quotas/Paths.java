package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;

import java.nio.file.Path;

/**
 * Where quotas keeps its files: {@code $XDG_CONFIG_HOME/quotas/config.toml} (default {@code ~/.config}),
 * {@code $XDG_CACHE_HOME/quotas/cache.json} and {@code update.json} (default {@code ~/.cache}).
 *
 * @param config the config file
 * @param cache  the provider results cache
 * @param update the update-check cache
 */
record Paths(Path config, Path cache, Path update) {
    static Paths of(Environment env) {
        Path configHome = env.get("XDG_CONFIG_HOME").map(Path::of).orElse(env.home(".config"));
        Path cacheHome = env.get("XDG_CACHE_HOME").map(Path::of).orElse(env.home(".cache"));
        Path cacheDir = cacheHome.resolve("quotas");
        return new Paths(configHome.resolve("quotas").resolve("config.toml"), cacheDir.resolve("cache.json"),
                cacheDir.resolve("update.json"));
    }

    Path refreshLock() {
        return cache.resolveSibling("refresh.lock");
    }
}
