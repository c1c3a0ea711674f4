package dev.contractkit.sdk;

/**
 * 400 Bad Request (the request broke the contract), or 422 where a contract uses it for a valid request it declines.
 *
 * <pre>{@code
 * try {
 *     exec.submit(graphWithACycle);
 * } catch (BadRequestException e) {
 *     System.out.println(e.errorCode().orElse("?") + ": " + e.getMessage());   // invalid_request: ...
 * }
 * }</pre>
 */
public class BadRequestException extends ApiException {
    /**
     * @param status    the HTTP status
     * @param message   a message
     * @param body      the response body
     * @param requestId the request id, or null
     */
    protected BadRequestException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
