package dev.contractkit.quotas.providers;

import java.util.Map;
import java.util.Optional;

/**
 * Each provider's base URL: {@code QUOTAS_<PROVIDER>_BASE_URL}, else the config's {@code [base_urls]} entry, else the
 * real host. Trailing slashes are dropped.
 *
 * <pre>{@code
 * BaseUrls urls = BaseUrls.of(Environment.system(), Map.of("claude", "http://127.0.0.1:8101"));
 * urls.of(Provider.CLAUDE);   // http://127.0.0.1:8101 unless QUOTAS_CLAUDE_BASE_URL says otherwise
 * }</pre>
 */
public final class BaseUrls {
    private final Environment env;
    private final Map<String, String> configured;

    private BaseUrls(Environment env, Map<String, String> configured) {
        this.env = env;
        this.configured = Map.copyOf(configured);
    }

    /**
     * @param env        the environment
     * @param configured provider id -> URL from the config file
     * @return the base URLs
     */
    public static BaseUrls of(Environment env, Map<String, String> configured) {
        return new BaseUrls(env, configured);
    }

    /**
     * @param provider a provider
     * @return its base URL in effect
     */
    public String of(Provider provider) {
        return overridden(provider).orElse(provider.defaultBaseUrl());
    }

    /** @return the override (environment, then config), if any */
    Optional<String> overridden(Provider provider) {
        return env.get(provider.envPrefix() + "_BASE_URL").or(() -> Optional.ofNullable(configured.get(provider.id())))
                .map(u -> u.replaceAll("/+$", ""));
    }

    /** @return the environment these URLs come from (a provider may read a setting of its own there) */
    Environment env() {
        return env;
    }

    /** Kimi's fallback balance lives on another host: {@code QUOTAS_KIMI_BALANCE_BASE_URL}, else Kimi's override. */
    String kimiBalance() {
        return env.get("QUOTAS_KIMI_BALANCE_BASE_URL").map(u -> u.replaceAll("/+$", ""))
                .or(() -> overridden(Provider.KIMI)).orElse("https://api.moonshot.ai");
    }
}
