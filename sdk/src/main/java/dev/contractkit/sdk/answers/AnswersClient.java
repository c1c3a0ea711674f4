package dev.contractkit.sdk.answers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RateLimitedException;
import dev.contractkit.sdk.answers.api.AnswersApi;
import dev.contractkit.sdk.answers.api.QuotaApi;
import dev.contractkit.sdk.answers.model.Answer;
import dev.contractkit.sdk.answers.model.AnswerEnvelope;
import dev.contractkit.sdk.answers.model.AnswerRequest;
import dev.contractkit.sdk.answers.model.ErrorDetail;
import dev.contractkit.sdk.answers.model.ErrorReason;
import dev.contractkit.sdk.answers.model.Quota;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.Call;
import okhttp3.Interceptor;
import retrofit2.Retrofit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Client of the investment answer service (contract {@code specs/openapi/answers.yaml}).
 *
 * <pre>{@code
 * AnswersClient answers = AnswersClient.builder()
 *         .baseUrl("http://127.0.0.1:8083")
 *         .apiKey(System.getenv("ANSWERS_API_KEY"))
 *         .build();
 * Answer a = answers.answer("What was Northwind Robotics' revenue last year?").execute();
 * System.out.println(a.getAnswer());                       // Markdown
 * Quota q = answers.quota().execute();
 * System.out.println(q.getUsed() + " of " + q.getTotalLimit() + " used");
 * }</pre>
 *
 * <p>Defaults follow the service's advice: a read time-out of 120 seconds (complex questions take longer
 * than a minute), and a client-side limiter that lets at most 5 answer requests start per minute, so a
 * busy caller waits instead of collecting 429s. Failures: {@link AnswerRefusedException} (422, with the
 * {@link ErrorReason}), {@link QuotaExceededException}, and the SDK's {@link ApiException} family.
 */
public final class AnswersClient implements AutoCloseable {
    /** The service's documented rate limit: answer requests per minute and key. */
    public static final int RATE_LIMIT_PER_MINUTE = 5;
    /** The read time-out the service advises. */
    public static final Duration ADVISED_TIMEOUT = Duration.ofSeconds(120);

    private final AnswersApi answers;
    private final QuotaApi quota;
    private final ClientConfig config;
    private final ClientConfig owned;

    private AnswersClient(Retrofit retrofit, ClientConfig config, ClientConfig owned) {
        this.answers = retrofit.create(AnswersApi.class);
        this.quota = retrofit.create(QuotaApi.class);
        this.config = config;
        this.owned = owned;
    }

    /**
     * Releases the connection pool and threads this client made (not those of a shared {@link ClientConfig} or of the
     * caller's OkHttp client).
     */
    @Override
    public void close() {
        owned.close();
    }

    /** @return the configuration in use (after the 120 s time-out default was applied) */
    ClientConfig config() {
        return config;
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Asks a question.
     *
     * @param query the question
     * @return the answer
     * @throws AnswerRefusedException when the service gives no answer (the reason says why)
     * @throws QuotaExceededException when the key's quota window is used up
     */
    public Call<Answer> answer(String query) {
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
    public Call<Answer> answer(String query, boolean forceAnswer) {
        return HttpCall.of(answers.answer(request(query, forceAnswer))).map(r -> r.getResult()).recover(e -> {
            throw translate(e);
        });
    }

    /**
     * @return the key's quota window: used, pending, limit, whether it is exceeded, start and end
     */
    public Call<Quota> quota() {
        return HttpCall.of(quota.getQuota()).map(r -> r.getResult());
    }

    /**
     * @param e any failure of this client
     * @return the contract's reason ({@code error} of the envelope): present for refused questions (422) only
     */
    public static Optional<ErrorReason> reason(ApiException e) {
        return field(e, "error").flatMap(code -> {
            try {
                return Optional.of(ErrorReason.fromValue(code));
            } catch (IllegalArgumentException unknown) {
                return Optional.empty();
            }
        });
    }

    /**
     * @param e any failure of this client
     * @return the finer reason ({@code errorDetail} of the envelope: {@code UnknownCompany}, {@code RateLimited},
     * {@code QuotaExceeded} ...), when the server sent one this SDK knows
     */
    public static Optional<ErrorDetail> detail(ApiException e) {
        return field(e, "errorDetail").flatMap(code -> {
            try {
                return Optional.of(ErrorDetail.fromValue(code));
            } catch (IllegalArgumentException unknown) {
                return Optional.empty();
            }
        });
    }

    private static Optional<String> field(ApiException e, String name) {
        return e.errorBody(JsonNode.class).map(body -> body.path(name)).filter(JsonNode::isTextual).map(JsonNode::asText);
    }

    private static AnswerRequest request(String query, boolean forceAnswer) {
        Objects.requireNonNull(query, "query == null");
        AnswerRequest r = new AnswerRequest();
        r.setQuery(query);
        r.setForceAnswer(forceAnswer);
        return r;
    }

    private static ApiException translate(ApiException e) {
        Optional<ErrorReason> reason = reason(e);
        if (e instanceof BadRequestException && e.status() == 422 && reason.isPresent()) {
            return new AnswerRefusedException(e, reason.get(), detail(e).orElse(null));
        }
        if (e instanceof RateLimitedException && detail(e).orElse(null) == ErrorDetail.QUOTA_EXCEEDED) {
            return new QuotaExceededException(e, ((RateLimitedException) e).retryAfter().orElse(null));
        }
        return e;
    }

    /**
     * Builds an {@link AnswersClient}; base URL and API key are required.
     *
     * <pre>{@code
     * AnswersClient answers = AnswersClient.builder().baseUrl("http://127.0.0.1:8083").apiKey(key)
     *         .clientRateLimit(10, Duration.ofMinutes(1)).build();
     * }</pre>
     */
    public static final class Builder extends ClientBuilder<Builder> {
        private String apiKey;
        private boolean explicitTimeout;
        private int limit = RATE_LIMIT_PER_MINUTE;
        private Duration window = Duration.ofMinutes(1);

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param apiKey the account's key, sent as {@code x-api-key}
         * @return this builder
         */
        public Builder apiKey(String apiKey) {
            this.apiKey = Objects.requireNonNull(apiKey, "apiKey == null");
            return this;
        }

        /**
         * @param timeout read time-out; without this call it is at least {@link #ADVISED_TIMEOUT}
         * @return this builder
         */
        @Override
        public Builder readTimeout(Duration timeout) {
            explicitTimeout = true;
            return super.readTimeout(timeout);
        }

        /**
         * @param requests answer requests allowed to start per window (default 5)
         * @param window   the sliding window (default one minute)
         * @return this builder
         */
        public Builder clientRateLimit(int requests, Duration window) {
            if (requests < 1 || window.isNegative() || window.isZero()) {
                throw new IllegalArgumentException("clientRateLimit needs requests >= 1 and a positive window");
            }
            this.limit = requests;
            this.window = window;
            return this;
        }

        /**
         * Turns the client-side limiter off: every call goes out at once and the server's 429s come back.
         *
         * @return this builder
         */
        public Builder noClientRateLimit() {
            this.limit = 0;
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL or the API key is missing
         */
        public AnswersClient build() {
            if (apiKey == null) {
                throw new IllegalStateException("API key required: builder().apiKey(...)");
            }
            ClientConfig.Builder config = configBuilder();
            ClientConfig owned = config.build();
            ClientConfig built = owned;
            if (!explicitTimeout && built.readTimeout().compareTo(ADVISED_TIMEOUT) < 0) {
                built = built.toBuilder().readTimeout(ADVISED_TIMEOUT).build();
            }
            String key = apiKey;
            List<Interceptor> interceptors = new ArrayList<>();
            interceptors.add(chain -> chain.proceed(chain.request().newBuilder().header("x-api-key", key).build()));
            if (limit > 0) {
                interceptors.add(ClientRateLimiter.system(limit, window));
            }
            return new AnswersClient(Http.retrofit(built, interceptors, dev.contractkit.sdk.answers.internal.ContractErrors.FORMAT), built, owned);
        }
    }
}
