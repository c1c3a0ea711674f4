package dev.contractkit.sdk;

import java.time.Duration;
import java.util.Objects;

/**
 * What every client builder of the SDK shares: the {@link ClientConfig} (base URL, time-outs, retries,
 * OkHttp client). Each API's builder adds its own credentials and options on top.
 *
 * <pre>{@code
 * ClientConfig shared = ClientConfig.builder().baseUrl("http://127.0.0.1:8081").retries(RetryPolicy.none()).build();
 * FormsClient forms = FormsClient.builder().config(shared).apiKey("kit-demo-forms-key").build();
 * }</pre>
 *
 * @param <B> the concrete builder, returned by every method for chaining
 */
public abstract class ClientBuilder<B extends ClientBuilder<B>> {
    private ClientConfig.Builder config = ClientConfig.builder();

    /** For the SDK's own builders. */
    protected ClientBuilder() {
    }

    /** @return this builder, as its concrete type */
    protected abstract B self();

    /** @return the configuration built so far (the base URL is checked by {@link ClientConfig.Builder#build()}) */
    protected ClientConfig.Builder configBuilder() {
        return config;
    }

    /**
     * @param config shared configuration (base URL, time-outs, retries, OkHttp client); later calls to
     *               {@link #baseUrl(String)} or {@link #readTimeout(Duration)} refine a copy of it
     * @return this builder
     */
    public B config(ClientConfig config) {
        this.config = Objects.requireNonNull(config, "config == null").toBuilder();
        return self();
    }

    /**
     * @param baseUrl e.g. {@code http://127.0.0.1:8081}; the mock server, the reference server and production
     *                differ only here
     * @return this builder
     */
    public B baseUrl(String baseUrl) {
        config.baseUrl(baseUrl);
        return self();
    }

    /**
     * @param timeout read time-out
     * @return this builder
     */
    public B readTimeout(Duration timeout) {
        config.readTimeout(timeout);
        return self();
    }
}
