package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.AddOnSettings;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.ConfiguringBuilderAddOn;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link AnswersClient}'s builder (generated from {@code specs/openapi/answers.yaml}) adds to the contract's
 * settings, following the service's advice: a read time-out of at least {@link AnswersClientAddOns#ADVISED_TIMEOUT}
 * (120 s; a {@code readTimeout(...)} given to the builder wins), and a client-side limiter that lets at most
 * {@link AnswersClientAddOns#RATE_LIMIT_PER_MINUTE} answer requests start per minute, so a busy caller waits instead
 * of collecting 429s ({@link #clientRateLimit(int, Duration)}, {@link #noClientRateLimit()}). The generated
 * {@code AnswersClient.Builder} implements this interface and calls {@link #configure} when it builds.
 *
 * <pre>{@code
 * AnswersClient answers = AnswersClient.builder().baseUrl("http://127.0.0.1:8083").apiKey(key)
 *         .clientRateLimit(10, Duration.ofMinutes(1)).build();
 * }</pre>
 *
 * @param <B> the generated builder
 */
public interface AnswersClientBuilderAddOn<B extends AnswersClientBuilderAddOn<B>> extends ConfiguringBuilderAddOn {
    /** Answer requests the client-side limiter lets start per window; 0: no limiter. */
    AddOnSettings.Key<Integer> RATE_LIMIT = AddOnSettings.Key.of("clientRateLimit", Integer.class, AnswersClientAddOns.RATE_LIMIT_PER_MINUTE);
    /** The limiter's sliding window. */
    AddOnSettings.Key<Duration> RATE_LIMIT_WINDOW = AddOnSettings.Key.of("clientRateLimitWindow", Duration.class, Duration.ofMinutes(1));

    /**
     * Gives a setting of the client's add-ons (generated).
     *
     * @param key   the setting
     * @param value its value
     * @param <T>   its type
     * @return the builder
     */
    <T> B addOnSetting(AddOnSettings.Key<T> key, T value);

    /**
     * @param requests answer requests allowed to start per window (default 5)
     * @param window   the sliding window (default one minute)
     * @return this builder
     * @throws IllegalArgumentException when requests is below 1 or the window not positive
     */
    default B clientRateLimit(int requests, Duration window) {
        Objects.requireNonNull(window, "window == null");
        if (requests < 1 || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("clientRateLimit needs requests >= 1 and a positive window");
        }
        addOnSetting(RATE_LIMIT, requests);
        return addOnSetting(RATE_LIMIT_WINDOW, window);
    }

    /**
     * Turns the client-side limiter off: every call goes out at once and the server's 429s come back.
     *
     * @return this builder
     */
    default B noClientRateLimit() {
        return addOnSetting(RATE_LIMIT, 0);
    }

    /**
     * Called by the generated {@code build()}: raises the read time-out to {@link AnswersClientAddOns#ADVISED_TIMEOUT}
     * unless one was given, and adds the client-side limiter unless it is off.
     *
     * @param config   the configuration given to the builder
     * @param settings the add-ons' settings
     * @return the configuration the client sends with
     */
    @Override
    default ClientConfig configure(ClientConfig config, AddOnSettings settings) {
        boolean raise = !settings.get(READ_TIMEOUT_GIVEN) && config.readTimeout().compareTo(AnswersClientAddOns.ADVISED_TIMEOUT) < 0;
        int limit = settings.get(RATE_LIMIT);
        if (!raise && limit == 0) {
            return config;
        }
        ClientConfig.Builder b = config.toBuilder();
        if (raise) {
            b.readTimeout(AnswersClientAddOns.ADVISED_TIMEOUT);
        }
        if (limit > 0) {
            b.addInterceptor(ClientRateLimiter.system(limit, settings.get(RATE_LIMIT_WINDOW)));
        }
        return b.build();
    }
}
