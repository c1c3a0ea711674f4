package dev.contractkit.sdk;

import java.time.Duration;
import java.util.Optional;

/**
 * 429 Too Many Requests, after the {@link RetryPolicy} gave up (the wait was longer than
 * {@link RetryPolicy#maxWait()}, or retries are off).
 *
 * <pre>{@code
 * try {
 *     coupons.redeem(couponId, orderId).execute();
 * } catch (RateLimitedException e) {
 *     Duration wait = e.retryAfter().orElse(Duration.ofSeconds(60));
 * }
 * }</pre>
 */
public class RateLimitedException extends ApiException {
    private final Duration retryAfter;

    /**
     * @param status    the HTTP status
     * @param message   a message
     * @param body      the response body
     * @param requestId the request id, or null
     */
    protected RateLimitedException(int status, String message, String body, String requestId) {
        this(status, message, body, requestId, null);
    }

    /**
     * @param status     the HTTP status
     * @param message    a message
     * @param body       the response body
     * @param requestId  the request id, or null
     * @param retryAfter how long the server asked to wait, or null
     */
    protected RateLimitedException(int status, String message, String body, String requestId, Duration retryAfter) {
        super(status, message, body, requestId, null);
        this.retryAfter = retryAfter;
    }

    /** @return how long the server asked to wait ({@code Retry-After}), when it said */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
