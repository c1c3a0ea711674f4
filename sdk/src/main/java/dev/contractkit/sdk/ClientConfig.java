package dev.contractkit.sdk;

import dev.contractkit.sdk.platform.RetryInterceptor;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What every client of the kit shares: base URL, time-outs and, optionally, the caller's own
 * {@link OkHttpClient} (its pool and dispatcher are reused; the kit adds only its interceptors).
 * Switching from the mock server to the reference server or production is a different base URL.
 *
 * <pre>{@code
 * ClientConfig config = ClientConfig.builder()
 *         .baseUrl("http://127.0.0.1:8081")
 *         .readTimeout(Duration.ofSeconds(30))
 *         .build();
 * }</pre>
 */
public final class ClientConfig {
    private final HttpUrl baseUrl;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration callTimeout;
    private final OkHttpClient okHttpClient;
    private final String userAgent;
    private final RetryPolicy retries;
    private final RetryInterceptor.Sleeper sleeper;

    private ClientConfig(Builder b) {
        this.baseUrl = b.baseUrl;
        this.connectTimeout = b.connectTimeout;
        this.readTimeout = b.readTimeout;
        this.callTimeout = b.callTimeout;
        this.okHttpClient = b.okHttpClient;
        this.userAgent = b.userAgent;
        this.retries = b.retries;
        this.sleeper = b.sleeper;
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
        b.okHttpClient = okHttpClient;
        b.userAgent = userAgent;
        b.retries = retries;
        b.sleeper = sleeper;
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

    /** @return the User-Agent sent with every request */
    public String userAgent() {
        return userAgent;
    }

    /** @return the retry policy ({@link RetryPolicy#defaults()} unless set) */
    public RetryPolicy retries() {
        return retries;
    }

    /** @return the interceptor that applies {@link #retries()} (internal) */
    public RetryInterceptor retryInterceptor() {
        return new RetryInterceptor(retries, sleeper, Clock.systemUTC());
    }

    /** Builds a {@link ClientConfig}. */
    public static final class Builder {
        private HttpUrl baseUrl;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration readTimeout = Duration.ofSeconds(30);
        private Duration callTimeout = Duration.ZERO;
        private OkHttpClient okHttpClient;
        private String userAgent = "contract-kit-sdk/0.1";
        private RetryPolicy retries = RetryPolicy.defaults();
        private RetryInterceptor.Sleeper sleeper = d -> Thread.sleep(d.toMillis());

        private Builder() {
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
        public Builder sleeper(RetryInterceptor.Sleeper sleeper) {
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
