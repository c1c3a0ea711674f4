package dev.contractkit.sdk;

import okhttp3.Dispatcher;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;

/**
 * What every client of the kit shares: base URL, time-outs, the {@link RetryPolicy}, logging (a
 * {@link System.Logger}, plus any OkHttp {@link Interceptor} of the caller's, e.g. OkHttp's
 * {@code HttpLoggingInterceptor}) and, optionally, the caller's own {@link OkHttpClient} (its pool, dispatcher,
 * proxy and TLS settings are reused; the kit adds only its interceptors). Credentials are set on each API's
 * builder, in the form its contract names ({@code apiKey}, {@code token}, {@code tokenProvider} ...).
 * Switching from the mock server to the reference server or production is a different base URL.
 *
 * <pre>{@code
 * ClientConfig config = ClientConfig.builder()
 *         .baseUrl("http://127.0.0.1:8081")
 *         .readTimeout(Duration.ofSeconds(30))
 *         .retries(RetryPolicy.builder().maxAttempts(5).build())
 *         .logger(System.getLogger("my.app.http"))          // DEBUG: one line per request and per retry
 *         .build();
 * FormsClient forms = FormsClient.builder().config(config).apiKey("kit-demo-forms-key").build();
 * }</pre>
 *
 * <p>Connections: every client built from one {@code ClientConfig} ({@code builder().config(config)}) shares its
 * OkHttp connection pool and dispatcher; closing such a client leaves them open, {@link #close()} on the
 * configuration releases them. A client built without a shared configuration owns its own and releases them in its
 * {@code close()}. A caller's {@link Builder#okHttpClient(OkHttpClient)} is shared and never shut down by the SDK.
 */
public final class ClientConfig implements AutoCloseable {
    /** Where requests and retries are logged unless {@link Builder#logger} says otherwise. */
    public static final System.Logger DEFAULT_LOGGER = System.getLogger("dev.contractkit.sdk.http");

    private final HttpUrl baseUrl;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration callTimeout;
    private final OkHttpClient okHttpClient;
    private final String userAgent;
    private final RetryPolicy retries;
    private final RetryPolicy.Sleeper sleeper;
    private final DoubleSupplier random;
    private final System.Logger logger;
    private final List<Interceptor> interceptors;
    private final OkHttpClient httpClient;
    private final boolean ownsHttpClient;

    private ClientConfig(Builder b) {
        this.baseUrl = b.baseUrl;
        this.connectTimeout = b.connectTimeout;
        this.readTimeout = b.readTimeout;
        this.callTimeout = b.callTimeout;
        this.okHttpClient = b.okHttpClient;
        this.userAgent = b.userAgent;
        this.retries = b.retries;
        this.sleeper = b.sleeper;
        this.random = b.random;
        this.logger = b.logger;
        this.interceptors = List.copyOf(b.interceptors);
        this.ownsHttpClient = b.okHttpClient == null;
        this.httpClient = ownsHttpClient ? new OkHttpClient.Builder().dispatcher(new Dispatcher(daemonThreads())).build()
                : b.okHttpClient;
    }

    /**
     * The dispatcher's threads of a client the SDK owns are daemons: a program that ends without closing its client
     * exits at once, not after OkHttp's 60 s idle time-out of its (non-daemon) default threads.
     */
    private static ExecutorService daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "kit-sdk-http-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this configuration's values */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.baseUrl = baseUrl;
        b.connectTimeout = connectTimeout;
        b.readTimeout = readTimeout;
        b.callTimeout = callTimeout;
        b.okHttpClient = httpClient; // shared: clients built from this configuration use its pool
        b.userAgent = userAgent;
        b.retries = retries;
        b.sleeper = sleeper;
        b.random = random;
        b.logger = logger;
        b.interceptors.addAll(interceptors);
        return b;
    }

    /** @return the base URL, always ending in {@code /} */
    public HttpUrl baseUrl() {
        return baseUrl;
    }

    /** @return the connect time-out */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** @return the read time-out */
    public Duration readTimeout() {
        return readTimeout;
    }

    /** @return the whole-call time-out ({@link Duration#ZERO} = none) */
    public Duration callTimeout() {
        return callTimeout;
    }

    /** @return the caller's client, if one was given */
    public Optional<OkHttpClient> okHttpClient() {
        return Optional.ofNullable(okHttpClient);
    }

    /**
     * @return the OkHttp client every client built from this configuration derives from (its connection pool and
     *         dispatcher are shared): the caller's, or one this configuration made
     */
    public OkHttpClient httpClient() {
        return httpClient;
    }

    /**
     * Releases the connection pool and the dispatcher's threads when this configuration made them (not the caller's
     * {@link Builder#okHttpClient(OkHttpClient)}, not a configuration this one was copied from). Idempotent.
     */
    @Override
    public void close() {
        if (ownsHttpClient) {
            httpClient.dispatcher().executorService().shutdown();
            httpClient.connectionPool().evictAll();
        }
    }

    /** @return the User-Agent sent with every request */
    public String userAgent() {
        return userAgent;
    }

    /** @return the retry policy ({@link RetryPolicy#defaults()} unless set) */
    public RetryPolicy retries() {
        return retries;
    }

    /** @return where requests and retries are logged (level DEBUG) */
    public System.Logger logger() {
        return logger;
    }

    /** @return the caller's OkHttp interceptors, applied to every attempt after the kit's own, in order */
    public List<Interceptor> interceptors() {
        return interceptors;
    }

    /** @return how the SDK waits between attempts (a test's recorder, else {@code Thread.sleep}) */
    public RetryPolicy.Sleeper sleeper() {
        return sleeper;
    }

    /** @return the numbers in {@code [0, 1)} that spread the back-off */
    public DoubleSupplier random() {
        return random;
    }

    @Override
    public String toString() {
        return "ClientConfig{baseUrl=" + baseUrl + ", connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout
                + ", callTimeout=" + callTimeout + ", retries=" + retries + ", sharedClient=" + (okHttpClient != null) + "}";
    }

    /**
     * Builds a {@link ClientConfig}; only the base URL is required.
     *
     * <pre>{@code
     * ClientConfig c = ClientConfig.builder().baseUrl(url).connectTimeout(Duration.ofSeconds(2)).retries(RetryPolicy.none()).build();
     * }</pre>
     */
    public static final class Builder {
        private HttpUrl baseUrl;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration readTimeout = Duration.ofSeconds(30);
        private Duration callTimeout = Duration.ZERO;
        private OkHttpClient okHttpClient;
        private String userAgent = "contract-kit-sdk/0.1";
        private RetryPolicy retries = RetryPolicy.defaults();
        private RetryPolicy.Sleeper sleeper = d -> Thread.sleep(d.toMillis());
        private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
        private System.Logger logger = DEFAULT_LOGGER;
        private final List<Interceptor> interceptors = new ArrayList<>();

        private Builder() {
        }

        /**
         * For tests: the numbers in {@code [0, 1)} that spread the back-off ({@link RetryPolicy#backoff(int, double)}).
         *
         * @param random the source
         * @return this builder
         */
        public Builder random(DoubleSupplier random) {
            this.random = Objects.requireNonNull(random, "random == null");
            return this;
        }

        /**
         * Where each request (method, URL, status, time, request id) and each retry is logged, at level DEBUG.
         * Headers and bodies are never logged. Default: {@code System.getLogger("dev.contractkit.sdk.http")}.
         *
         * @param logger the logger
         * @return this builder
         */
        public Builder logger(System.Logger logger) {
            this.logger = Objects.requireNonNull(logger, "logger == null");
            return this;
        }

        /**
         * Adds an OkHttp interceptor of the caller's (e.g. {@code HttpLoggingInterceptor}, tracing, headers); it sees
         * every attempt, after the kit's retry and credential interceptors.
         *
         * @param interceptor the interceptor
         * @return this builder
         */
        public Builder addInterceptor(Interceptor interceptor) {
            this.interceptors.add(Objects.requireNonNull(interceptor, "interceptor == null"));
            return this;
        }

        /**
         * @param policy when to retry; {@link RetryPolicy#none()} turns retries off
         * @return this builder
         */
        public Builder retries(RetryPolicy policy) {
            this.retries = Objects.requireNonNull(policy, "policy == null");
            return this;
        }

        /**
         * For tests: how the SDK waits between attempts.
         *
         * @param sleeper the waiting strategy
         * @return this builder
         */
        public Builder sleeper(RetryPolicy.Sleeper sleeper) {
            this.sleeper = Objects.requireNonNull(sleeper, "sleeper == null");
            return this;
        }

        /**
         * @param baseUrl e.g. {@code http://127.0.0.1:8081}
         * @return this builder
         * @throws IllegalArgumentException when it is not an http(s) URL
         */
        public Builder baseUrl(String baseUrl) {
            Objects.requireNonNull(baseUrl, "baseUrl == null");
            HttpUrl url = HttpUrl.parse(baseUrl);
            if (url == null) {
                throw new IllegalArgumentException("Illegal base URL: " + baseUrl);
            }
            String s = url.toString();
            this.baseUrl = s.endsWith("/") ? url : HttpUrl.get(s + "/");
            return this;
        }

        /**
         * @param timeout connect time-out
         * @return this builder
         */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = Objects.requireNonNull(timeout, "timeout == null");
            return this;
        }

        /**
         * @param timeout read time-out
         * @return this builder
         */
        public Builder readTimeout(Duration timeout) {
            this.readTimeout = Objects.requireNonNull(timeout, "timeout == null");
            return this;
        }

        /**
         * @param timeout whole-call time-out; {@link Duration#ZERO} for none
         * @return this builder
         */
        public Builder callTimeout(Duration timeout) {
            this.callTimeout = Objects.requireNonNull(timeout, "timeout == null");
            return this;
        }

        /**
         * @param client a client to share (connection pool, dispatcher, proxy, TLS)
         * @return this builder
         */
        public Builder okHttpClient(OkHttpClient client) {
            this.okHttpClient = Objects.requireNonNull(client, "client == null");
            return this;
        }

        /**
         * @param userAgent the User-Agent header
         * @return this builder
         */
        public Builder userAgent(String userAgent) {
            this.userAgent = Objects.requireNonNull(userAgent, "userAgent == null");
            return this;
        }

        /**
         * @return the configuration
         * @throws IllegalStateException when no base URL was set
         */
        public ClientConfig build() {
            if (baseUrl == null) {
                throw new IllegalStateException("Base URL required.");
            }
            return new ClientConfig(this);
        }
    }
}
