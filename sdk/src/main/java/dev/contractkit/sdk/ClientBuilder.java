package dev.contractkit.sdk;

import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

import java.time.Duration;
import java.util.Objects;

/**
 * What every client builder of the SDK shares: the {@link ClientConfig} (base URL, time-outs, retries, logging,
 * OkHttp client), either as a whole ({@link #config(ClientConfig)}) or setting by setting. Each API's builder
 * adds its credentials, in the form its contract names, and its own options on top:
 *
 * <table>
 * <caption>Credentials per API</caption>
 * <tr><th>client</th><th>builder method</th><th>sent as</th></tr>
 * <tr><td>FormsClient</td><td>{@code apiKey}</td><td>{@code Authorization: Token token=<key>}</td></tr>
 * <tr><td>CouponsClient</td><td>{@code tokenProvider}, {@code bearerToken}</td><td>{@code Authorization: Bearer <token>}</td></tr>
 * <tr><td>AnswersClient</td><td>{@code apiKey}</td><td>{@code x-api-key}</td></tr>
 * <tr><td>CodehostV4Client, CodehostV5Client</td><td>{@code token}</td><td>{@code PRIVATE-TOKEN}</td></tr>
 * <tr><td>ExecClient, RuntimeClient, AgentClient</td><td>{@code token} (the kit token: {@code KIT_TOKEN} or {@code <data dir>/kit-token})</td><td>{@code Authorization: Bearer <token>}</td></tr>
 * </table>
 *
 * <pre>{@code
 * ClientConfig shared = ClientConfig.builder().baseUrl("http://127.0.0.1:8081").retries(RetryPolicy.none()).build();
 * FormsClient forms = FormsClient.builder().config(shared).apiKey("kit-demo-forms-key").build();
 * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken)
 *         .connectTimeout(Duration.ofSeconds(2)).retries(RetryPolicy.defaults()).okHttpClient(myClient).build();
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

    /**
     * @param timeout connect time-out (10 s unless set)
     * @return this builder
     */
    public B connectTimeout(Duration timeout) {
        config.connectTimeout(timeout);
        return self();
    }

    /**
     * @param timeout whole-call time-out, retries included; {@link Duration#ZERO} (the default) for none
     * @return this builder
     */
    public B callTimeout(Duration timeout) {
        config.callTimeout(timeout);
        return self();
    }

    /**
     * @param policy when to retry ({@link RetryPolicy#defaults()} unless set); {@link RetryPolicy#none()} turns retries off
     * @return this builder
     */
    public B retries(RetryPolicy policy) {
        config.retries(policy);
        return self();
    }

    /**
     * @param client the caller's OkHttp client to share (connection pool, dispatcher, proxy, TLS)
     * @return this builder
     */
    public B okHttpClient(OkHttpClient client) {
        config.okHttpClient(client);
        return self();
    }

    /**
     * @param userAgent the User-Agent header
     * @return this builder
     */
    public B userAgent(String userAgent) {
        config.userAgent(userAgent);
        return self();
    }

    /**
     * @param logger where requests and retries are logged (level DEBUG); see {@link ClientConfig.Builder#logger}
     * @return this builder
     */
    public B logger(System.Logger logger) {
        config.logger(logger);
        return self();
    }

    /**
     * @param interceptor an OkHttp interceptor of the caller's (e.g. {@code HttpLoggingInterceptor}); sees every attempt
     * @return this builder
     */
    public B addInterceptor(Interceptor interceptor) {
        config.addInterceptor(interceptor);
        return self();
    }
}
