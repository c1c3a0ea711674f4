package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.ApiException;

import java.util.Optional;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.answers.model.ErrorDetail;
import dev.contractkit.sdk.answers.model.ErrorReason;

/**
 * The answer service processed the question but gives no answer (HTTP 422): {@link #reason()} says why.
 *
 * <pre>{@code
 * try {
 *     answers.answer("What is the capital of France?").execute();
 * } catch (AnswerRefusedException e) {
 *     if (e.reason() == ErrorReason.NON_INVESTMENT_RELATED) {
 *         answers.answer("What is the capital of France?", true).execute();   // forceAnswer
 *     }
 * }
 * }</pre>
 */
public class AnswerRefusedException extends BadRequestException {
    private final ErrorReason reason;
    private final ErrorDetail detail;

    AnswerRefusedException(ApiException from, ErrorReason reason, ErrorDetail detail) {
        super(from.status(), from.getMessage(), from.body(), from.requestId().orElse(null));
        sameFormatAs(from);
        this.reason = reason;
        this.detail = detail;
    }

    /**
     * @return one of {@link ErrorReason#NON_INVESTMENT_RELATED}, {@link ErrorReason#SHOULD_USE_SCREENER},
     * {@link ErrorReason#CONTENT_FILTERED}, {@link ErrorReason#FAILED_TO_ANSWER}
     */
    public ErrorReason reason() {
        return reason;
    }

    /**
     * @return the finer reason ({@code errorDetail}), e.g. {@link ErrorDetail#UNKNOWN_COMPANY} or
     * {@link ErrorDetail#FIGURE_NOT_IN_DATA} for {@link ErrorReason#FAILED_TO_ANSWER}; empty when the server sent
     * none or one this SDK does not know (the reason is what a client must handle)
     */
    public Optional<ErrorDetail> detail() {
        return Optional.ofNullable(detail);
    }

    /** @return whether asking again with {@code forceAnswer} can get an answer (off-topic questions) */
    public boolean forceAnswerHelps() {
        return reason == ErrorReason.NON_INVESTMENT_RELATED;
    }
}
