package dev.contractkit.sdk;

import java.time.Duration;
import java.util.Objects;

/**
 * When and how the SDK retries: connection failures and 503 for idempotent methods (GET, HEAD, PUT,
 * DELETE, OPTIONS), 429 for every method (the server did not process the request). The delay is
 * exponential with full jitter, or what the server asks for ({@code Retry-After}, else
 * {@code X-RateLimit-Reset}); a wait longer than {@link #maxWait()} is not made and the error is thrown.
 *
 * <pre>{@code
 * RetryPolicy patient = RetryPolicy.builder().maxAttempts(5).maxWait(Duration.ofMinutes(2)).build();
 * ClientConfig config = ClientConfig.builder().baseUrl(url).retries(patient).build();
 * ClientConfig never = ClientConfig.builder().baseUrl(url).retries(RetryPolicy.none()).build();
 * }</pre>
 */
public final class RetryPolicy {
    private static final RetryPolicy NONE = new Builder().maxAttempts(1).build();

    private final int maxAttempts;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final Duration maxWait;
    private final boolean retryNonIdempotent;

    private RetryPolicy(Builder b) {
        this.maxAttempts = b.maxAttempts;
        this.initialBackoff = b.initialBackoff;
        this.maxBackoff = b.maxBackoff;
        this.maxWait = b.maxWait;
        this.retryNonIdempotent = b.retryNonIdempotent;
    }

    /** @return the default: 3 attempts, 200 ms initial back-off, 5 s cap, waits of up to 60 s */
    public static RetryPolicy defaults() {
        return builder().build();
    }

    /** @return a policy that never retries */
    public static RetryPolicy none() {
        return NONE;
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return attempts in all, the first included (1 = no retry) */
    public int maxAttempts() {
        return maxAttempts;
    }

    /** @return the first back-off (doubled per attempt, full jitter) */
    public Duration initialBackoff() {
        return initialBackoff;
    }

    /** @return the largest back-off */
    public Duration maxBackoff() {
        return maxBackoff;
    }

    /** @return the longest wait a server may ask for before the SDK gives up instead */
    public Duration maxWait() {
        return maxWait;
    }

    /** @return whether connection failures and 503 of POST/PATCH are retried too */
    public boolean retryNonIdempotent() {
        return retryNonIdempotent;
    }

    /** Builds a {@link RetryPolicy}. */
    public static final class Builder {
        private int maxAttempts = 3;
        private Duration initialBackoff = Duration.ofMillis(200);
        private Duration maxBackoff = Duration.ofSeconds(5);
        private Duration maxWait = Duration.ofSeconds(60);
        private boolean retryNonIdempotent;

        private Builder() {
        }

        /**
         * @param attempts attempts in all, at least 1
         * @return this builder
         */
        public Builder maxAttempts(int attempts) {
            if (attempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be >= 1, was " + attempts);
            }
            this.maxAttempts = attempts;
            return this;
        }

        /**
         * @param backoff the first back-off
         * @return this builder
         */
        public Builder initialBackoff(Duration backoff) {
            this.initialBackoff = Objects.requireNonNull(backoff, "backoff == null");
            return this;
        }

        /**
         * @param backoff the largest back-off
         * @return this builder
         */
        public Builder maxBackoff(Duration backoff) {
            this.maxBackoff = Objects.requireNonNull(backoff, "backoff == null");
            return this;
        }

        /**
         * @param wait the longest server-requested wait to honour
         * @return this builder
         */
        public Builder maxWait(Duration wait) {
            this.maxWait = Objects.requireNonNull(wait, "wait == null");
            return this;
        }

        /**
         * @param retry retry POST/PATCH on connection failures and 503 too
         * @return this builder
         */
        public Builder retryNonIdempotent(boolean retry) {
            this.retryNonIdempotent = retry;
            return this;
        }

        /** @return the policy */
        public RetryPolicy build() {
            return new RetryPolicy(this);
        }
    }
}
