package dev.contractkit.sdk;

/**
 * 409 Conflict (duplicate or state conflict).
 *
 * <pre>{@code
 * try {
 *     coupons.redeem(couponId, orderId).execute();
 * } catch (ConflictException e) {
 *     String why = e.errorBody(dev.contractkit.sdk.coupons.model.ApiError.class).orElseThrow().getError().getDetails();
 * }
 * }</pre>
 */
public class ConflictException extends ApiException {
    ConflictException(int status, String message, String body, String requestId) {
        super(status, message, body, requestId, null);
    }
}
