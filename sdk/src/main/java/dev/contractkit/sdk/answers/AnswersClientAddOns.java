package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.answers.model.Answer;
import dev.contractkit.sdk.answers.model.AnswerEnvelope;
import dev.contractkit.sdk.answers.model.AnswerRequest;
import dev.contractkit.sdk.answers.model.ErrorDetail;
import dev.contractkit.sdk.answers.model.ErrorReason;
import dev.contractkit.sdk.answers.model.Quota;
import dev.contractkit.sdk.answers.model.QuotaEnvelope;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link AnswersClient} (generated from {@code specs/openapi/answers.yaml}) adds to the contract's operations:
 * the typed refusals. {@link #answer(String)} answers the {@link Answer} inside the envelope and throws
 * {@link AnswerRefusedException} for a refused question (422, with the contract's {@link ErrorReason}) and
 * {@link QuotaExceededException} for a used-up quota; {@link #reason(ApiException)} and {@link #detail(ApiException)}
 * read any failure's envelope. The generated operations ({@code answer(AnswerRequest)}, {@code getQuota()}) answer the
 * envelopes and throw the SDK's {@link ApiException} family. The builder's add-on ({@link AnswersClientBuilderAddOn})
 * sets the advised read time-out and the client-side rate limiter.
 *
 * <pre>{@code
 * AnswersClient answers = AnswersClient.builder().baseUrl("http://127.0.0.1:8083")
 *         .apiKey(System.getenv("ANSWERS_API_KEY")).build();
 * Answer a = answers.answer("What was Northwind Robotics' revenue last year?").execute();
 * Quota q = answers.getQuota().execute().getResult();
 * try {
 *     answers.answer("What is the capital of France?").execute();
 * } catch (AnswerRefusedException e) {
 *     if (e.forceAnswerHelps()) answers.answer("What is the capital of France?", true).execute();
 * }
 * }</pre>
 */
public interface AnswersClientAddOns {
    /** The service's documented rate limit: answer requests per minute and key. */
    int RATE_LIMIT_PER_MINUTE = 5;
    /** The read time-out the service advises. */
    Duration ADVISED_TIMEOUT = Duration.ofSeconds(120);

    /**
     * @param answerRequest the question
     * @return the call of {@code POST /v1/answer} (generated)
     */
    Call<AnswerEnvelope> answer(AnswerRequest answerRequest);

    /** @return the call of {@code GET /v1/quota} (generated) */
    Call<QuotaEnvelope> getQuota();

    /**
     * Asks a question.
     *
     * @param query the question
     * @return the answer
     * @throws AnswerRefusedException when the service gives no answer (the reason says why)
     * @throws QuotaExceededException when the key's quota window is used up
     */
    default Call<Answer> answer(String query) {
        return answer(query, false);
    }

    /**
     * Asks a question.
     *
     * @param query       the question
     * @param forceAnswer answer it even when it is not about investments
     * @return the answer
     * @throws AnswerRefusedException when the service gives no answer (the reason says why)
     * @throws QuotaExceededException when the key's quota window is used up
     */
    default Call<Answer> answer(String query, boolean forceAnswer) {
        Objects.requireNonNull(query, "query == null");
        return new TypedRefusals<>(answer(new AnswerRequest().query(query).forceAnswer(forceAnswer)), AnswerEnvelope::getResult);
    }

    /**
     * @return the key's quota window: used, pending, limit, whether it is exceeded, start and end
     * @deprecated use {@code getQuota()} (the contract's operation) and {@code getResult()} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<Quota> quota() {
        return getQuota().map(QuotaEnvelope::getResult);
    }

    /**
     * @param e any failure of this client
     * @return the contract's reason ({@code error} of the envelope): present for refused questions (422) only
     */
    static Optional<ErrorReason> reason(ApiException e) {
        return TypedRefusals.reason(e);
    }

    /**
     * @param e any failure of this client
     * @return the finer reason ({@code errorDetail} of the envelope: {@code UnknownCompany}, {@code RateLimited},
     * {@code QuotaExceeded} ...), when the server sent one this SDK knows
     */
    static Optional<ErrorDetail> detail(ApiException e) {
        return TypedRefusals.detail(e);
    }
}
