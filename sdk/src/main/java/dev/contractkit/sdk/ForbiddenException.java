package dev.contractkit.sdk;

/**
 * 403 Forbidden (credentials valid, permission missing).
 *
 * <pre>{@code
 * try {
 *     coupons.create(newCoupon).execute();
 * } catch (ForbiddenException e) {
 *     System.out.println("admin role needed, request " + e.requestId().orElse("-"));
 * }
 * }</pre>
 */
public class ForbiddenException extends ApiException {
    ForbiddenException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
