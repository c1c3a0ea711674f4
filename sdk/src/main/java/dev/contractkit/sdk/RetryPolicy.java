package dev.contractkit.sdk;

import java.time.Duration;
import java.util.Objects;

/**
 * When and how the SDK retries: connection failures and 503 for idempotent methods (GET, HEAD, PUT,
 * DELETE, OPTIONS; POST and PATCH only after {@link Builder#retryNonIdempotent(boolean) opting in}), 429 for
 * every method (the server did not process the request). The delay is exponential
 * ({@code initialBackoff * 2^(retry-1)}, capped at {@link #maxBackoff()}) with {@link Jitter full jitter} by
 * default, or what the server asks for ({@code Retry-After} in seconds or as an HTTP date, else
 * {@code X-RateLimit-Reset} in Unix seconds); a wait longer than {@link #maxWait()} is not made and the error is
 * thrown. Attempts are bounded by {@link #maxAttempts()}; {@link #none()} turns retries off.
 *
 * <pre>{@code
 * RetryPolicy patient = RetryPolicy.builder().maxAttempts(5).maxWait(Duration.ofMinutes(2)).build();
 * ClientConfig config = ClientConfig.builder().baseUrl(url).retries(patient).build();
 * ClientConfig never = ClientConfig.builder().baseUrl(url).retries(RetryPolicy.none()).build();
 * }</pre>
 */
public final class RetryPolicy {
    /** Waits between attempts; tests replace it ({@link ClientConfig.Builder#sleeper}) to record the delays instead. */
    @FunctionalInterface
    public interface Sleeper {
        /**
         * @param delay how long
         * @throws InterruptedException when interrupted
         */
        void sleep(Duration delay) throws InterruptedException;
    }

    private static final RetryPolicy NONE = new Builder().maxAttempts(1).build();

    private final int maxAttempts;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final Duration maxWait;
    private final boolean retryNonIdempotent;
    private final Jitter jitter;

    /**
     * How the exponential back-off is spread so that many clients do not retry in step
     * (see "Exponential Backoff And Jitter", AWS Architecture Blog).
     *
     * <pre>{@code
     * RetryPolicy steady = RetryPolicy.builder().jitter(RetryPolicy.Jitter.EQUAL).build();
     * }</pre>
     */
    public enum Jitter {
        /** Uniform in {@code [0, cap]}: the widest spread (the default). */
        FULL,
        /** Uniform in {@code [cap/2, cap]}: never shorter than half the back-off. */
        EQUAL,
        /** Exactly {@code cap}: deterministic, for tests and single clients. */
        NONE
    }

    private RetryPolicy(Builder b) {
        this.maxAttempts = b.maxAttempts;
        this.initialBackoff = b.initialBackoff;
        this.maxBackoff = b.maxBackoff;
        this.maxWait = b.maxWait;
        this.retryNonIdempotent = b.retryNonIdempotent;
        this.jitter = b.jitter;
    }

    /** @return the default: 3 attempts, 200 ms initial back-off, 5 s cap, full jitter, waits of up to 60 s */
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

    /** @return the first back-off (doubled per retry, spread by {@link #jitter()}) */
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

    /** @return how the back-off is spread */
    public Jitter jitter() {
        return jitter;
    }

    /**
     * The back-off before a retry when the server did not say how long to wait: {@code cap = min(maxBackoff,
     * initialBackoff * 2^(retry-1))}, spread by {@link #jitter()} with {@code random}. A pure function, so the
     * delays can be checked without waiting.
     *
     * <pre>{@code
     * RetryPolicy p = RetryPolicy.builder().initialBackoff(Duration.ofMillis(100)).jitter(RetryPolicy.Jitter.EQUAL).build();
     * p.backoff(3, 0.5);   // cap 400 ms, equal jitter: 200 + 0.5 * 200 = 300 ms
     * }</pre>
     *
     * @param retry  which retry, 1 for the first (the second attempt)
     * @param random a number in {@code [0, 1)}
     * @return the delay, between 0 and {@link #maxBackoff()}
     * @throws IllegalArgumentException when {@code retry < 1} or {@code random} is outside {@code [0, 1)}
     */
    public Duration backoff(int retry, double random) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry must be >= 1, was " + retry);
        }
        if (!(random >= 0 && random < 1)) {
            throw new IllegalArgumentException("random must be in [0, 1), was " + random);
        }
        long initial = initialBackoff.toMillis();
        int shift = Math.min(retry - 1, 30);
        long exp = initial > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : initial << shift;
        long cap = Math.min(maxBackoff.toMillis(), exp);
        long millis = switch (jitter) {
            case FULL -> (long) Math.floor(random * (cap + 1));
            case EQUAL -> cap / 2 + (long) Math.floor(random * (cap - cap / 2 + 1));
            case NONE -> cap;
        };
        return Duration.ofMillis(Math.min(millis, cap));
    }

    @Override
    public String toString() {
        return "RetryPolicy{maxAttempts=" + maxAttempts + ", initialBackoff=" + initialBackoff + ", maxBackoff=" + maxBackoff
                + ", maxWait=" + maxWait + ", jitter=" + jitter + ", retryNonIdempotent=" + retryNonIdempotent + "}";
    }

    /**
     * Builds a {@link RetryPolicy}.
     *
     * <pre>{@code
     * RetryPolicy p = RetryPolicy.builder().maxAttempts(4).initialBackoff(Duration.ofMillis(250))
     *         .maxBackoff(Duration.ofSeconds(10)).jitter(RetryPolicy.Jitter.EQUAL).build();
     * }</pre>
     */
    public static final class Builder {
        private int maxAttempts = 3;
        private Duration initialBackoff = Duration.ofMillis(200);
        private Duration maxBackoff = Duration.ofSeconds(5);
        private Duration maxWait = Duration.ofSeconds(60);
        private boolean retryNonIdempotent;
        private Jitter jitter = Jitter.FULL;

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

        /**
         * @param jitter how the back-off is spread ({@link Jitter#FULL} unless set)
         * @return this builder
         */
        public Builder jitter(Jitter jitter) {
            this.jitter = Objects.requireNonNull(jitter, "jitter == null");
            return this;
        }

        /**
         * @return the policy
         * @throws IllegalArgumentException when a duration is negative or the initial back-off exceeds the cap
         */
        public RetryPolicy build() {
            if (initialBackoff.isNegative() || maxBackoff.isNegative() || maxWait.isNegative()) {
                throw new IllegalArgumentException("durations must not be negative: " + initialBackoff + ", " + maxBackoff + ", " + maxWait);
            }
            if (maxBackoff.compareTo(initialBackoff) < 0) {
                throw new IllegalArgumentException("maxBackoff " + maxBackoff + " < initialBackoff " + initialBackoff);
            }
            return new RetryPolicy(this);
        }
    }
}
