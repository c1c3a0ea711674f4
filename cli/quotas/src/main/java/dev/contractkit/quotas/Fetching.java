package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.BaseUrls;
import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Fetcher;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/** The fetch as the CLI configures it: base URLs from environment and config, time-out {@code QUOTAS_TIMEOUT} (s). */
final class Fetching {
    private Fetching() {
    }

    static Fetcher fetcher(Environment env, Config config) {
        return Fetcher.create(env, BaseUrls.of(env, config.baseUrls()), timeout(env));
    }

    static List<ProviderResult> fetchAll(Environment env, Config config, List<Provider> providers, Consumer<ProviderResult> each) {
        return fetcher(env, config).fetchAll(providers, each);
    }

    static Duration timeout(Environment env) {
        try {
            double seconds = Double.parseDouble(env.get("QUOTAS_TIMEOUT").orElse("10"));
            return seconds > 0 ? Duration.ofMillis((long) (seconds * 1000)) : Duration.ofSeconds(10);
        } catch (NumberFormatException e) {
            return Duration.ofSeconds(10);
        }
    }
}
