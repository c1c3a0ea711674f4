package dev.contractkit.sdk;

/** 429 Too Many Requests. */
public class RateLimitedException extends ApiException {
    RateLimitedException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
