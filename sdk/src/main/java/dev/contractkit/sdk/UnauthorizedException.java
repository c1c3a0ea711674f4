package dev.contractkit.sdk;

/**
 * 401 Unauthorized (credentials missing or invalid).
 *
 * <pre>{@code
 * try {
 *     forms.get(1).execute();
 * } catch (UnauthorizedException e) {
 *     System.out.println("check the API key: " + e.errorCode().orElse(""));
 * }
 * }</pre>
 */
public class UnauthorizedException extends ApiException {
    UnauthorizedException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
