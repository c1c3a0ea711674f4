package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.ApiException;

import dev.contractkit.sdk.RateLimitedException;
import dev.contractkit.sdk.answers.model.ErrorDetail;

import java.time.Duration;

/**
 * The key's quota window is used up (HTTP 429 {@code QuotaExceeded}); {@code AnswersClient.getQuota()} tells
 * when the window ends.
 *
 * <pre>{@code
 * try {
 *     answers.answer("NWRB revenue").execute();
 * } catch (QuotaExceededException e) {
 *     System.out.println("quota used up; new window in " + e.retryAfter().orElseThrow());
 * }
 * }</pre>
 */
public class QuotaExceededException extends RateLimitedException {
    QuotaExceededException(ApiException from, Duration retryAfter) {
        super(from.status(), from.getMessage(), from.body(), from.requestId().orElse(null), retryAfter);
        sameFormatAs(from);
    }

    /** @return always {@link ErrorDetail#QUOTA_EXCEEDED} (the envelope's {@code errorDetail}; its {@code error} is null) */
    public ErrorDetail detail() {
        return ErrorDetail.QUOTA_EXCEEDED;
    }
}
