package dev.contractkit.sdk;

/**
 * 404 Not Found.
 *
 * <pre>{@code
 * Form f;
 * try {
 *     f = forms.get(id).execute();
 * } catch (NotFoundException e) {
 *     f = null;   // e.errorBody(dev.contractkit.sdk.forms.model.ApiError.class) holds the contract's error
 * }
 * }</pre>
 */
public class NotFoundException extends ApiException {
    NotFoundException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }

    /**
     * For a more specific 404 (e.g. {@code dev.contractkit.sdk.agent.RunGoneException}).
     *
     * @param message   what is not found
     * @param body      the response body
     * @param requestId the response's {@code X-Request-Id}, or null
     */
    protected NotFoundException(String message, String body, String requestId) {
        super(404, message, body, requestId, null);
    }
}
