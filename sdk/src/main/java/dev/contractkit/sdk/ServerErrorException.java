package dev.contractkit.sdk;

/**
 * 5xx server error (503 only after the {@link RetryPolicy}'s attempts for an idempotent call).
 *
 * <pre>{@code
 * try {
 *     runtime.start(request);
 * } catch (ServerErrorException e) {
 *     if (e.status() == 503) { ... }   // every process slot is busy
 * }
 * }</pre>
 */
public class ServerErrorException extends ApiException {
    ServerErrorException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
