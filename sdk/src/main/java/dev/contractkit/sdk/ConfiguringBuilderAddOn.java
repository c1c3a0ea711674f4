package dev.contractkit.sdk;

/**
 * A builder add-on that takes part in {@code build()}: the generated builder of a client whose builder add-on extends
 * this interface hands it the configuration as given (base URL, time-outs, retries, interceptors) and the add-ons'
 * settings, and builds the client with the configuration it answers (a raised read time-out, an interceptor of its
 * own, e.g. answers' client-side rate limiter). The configuration given stays the one the client closes; the answer
 * should derive from it ({@code config.toBuilder()...build()} shares its connection pool). One builder add-on of a
 * client implements it.
 *
 * <pre>{@code
 * public interface ShelvesClientBuilderAddOn<B extends ShelvesClientBuilderAddOn<B>> extends ConfiguringBuilderAddOn {
 *     <T> B addOnSetting(AddOnSettings.Key<T> key, T value);
 *
 *     default ClientConfig configure(ClientConfig config, AddOnSettings settings) {
 *         return settings.get(READ_TIMEOUT_GIVEN) ? config : config.toBuilder().readTimeout(Duration.ofMinutes(2)).build();
 *     }
 * }
 * }</pre>
 */
public interface ConfiguringBuilderAddOn {
    /** Set by the generated builder when the caller gave a read time-out ({@code readTimeout(...)}): false unless so. */
    AddOnSettings.Key<Boolean> READ_TIMEOUT_GIVEN = AddOnSettings.Key.of("readTimeoutGiven", Boolean.class, false);

    /**
     * Called by the generated builder's {@code build()}, once.
     *
     * @param config   the configuration given to the builder (the client closes it)
     * @param settings the add-ons' settings, {@link #READ_TIMEOUT_GIVEN} included
     * @return the configuration the client sends its requests with
     */
    ClientConfig configure(ClientConfig config, AddOnSettings settings);
}
