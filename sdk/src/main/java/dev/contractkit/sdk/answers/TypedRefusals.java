package dev.contractkit.sdk.answers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.RateLimitedException;
import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.answers.model.ErrorDetail;
import dev.contractkit.sdk.answers.model.ErrorReason;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * The typed refusals of {@link AnswersClientAddOns}: a refused question (422 with one of the contract's four reasons)
 * becomes an {@link AnswerRefusedException}, a used-up quota (429 {@code QuotaExceeded}) a
 * {@link QuotaExceededException}; any other failure stays as the SDK's family made it.
 *
 * @param <S> the generated operation's result (the envelope)
 * @param <T> the add-on's result (the item inside it)
 */
final class TypedRefusals<S, T> implements Call<T> {
    private final Call<S> call;
    private final Function<? super S, ? extends T> result;

    TypedRefusals(Call<S> call, Function<? super S, ? extends T> result) {
        this.call = call;
        this.result = result;
    }

    @Override
    public Call<T> header(String name, String value) {
        return new TypedRefusals<>(call.header(name, value), result);
    }

    @Override
    public Call<T> timeout(Duration timeout) {
        return new TypedRefusals<>(call.timeout(timeout), result);
    }

    @Override
    public T execute() {
        S s;
        try {
            s = call.execute();
        } catch (ApiException e) {
            throw translate(e);
        }
        return result.apply(s);
    }

    @Override
    public CompletableFuture<T> executeAsync() {
        CompletableFuture<S> inner = call.executeAsync();
        CompletableFuture<T> outer = inner.handle((s, t) -> {
            if (t == null) {
                return result.apply(s);
            }
            Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
            if (cause instanceof ApiException e) {
                throw translate(e);
            }
            throw t instanceof CompletionException c ? c : new CompletionException(t);
        });
        outer.whenComplete((v, t) -> {
            if (outer.isCancelled()) {
                inner.cancel(true);
            }
        });
        return outer;
    }

    @Override
    public RawResponse executeRaw() {
        return call.executeRaw();
    }

    static Optional<ErrorReason> reason(ApiException e) {
        return field(e, "error").flatMap(code -> {
            try {
                return Optional.of(ErrorReason.fromValue(code));
            } catch (IllegalArgumentException unknown) {
                return Optional.empty();
            }
        });
    }

    static Optional<ErrorDetail> detail(ApiException e) {
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

    static ApiException translate(ApiException e) {
        Optional<ErrorReason> reason = reason(e);
        if (e instanceof BadRequestException && e.status() == 422 && reason.isPresent()) {
            return new AnswerRefusedException(e, reason.get(), detail(e).orElse(null));
        }
        if (e instanceof RateLimitedException limited && detail(e).orElse(null) == ErrorDetail.QUOTA_EXCEEDED) {
            return new QuotaExceededException(e, limited.retryAfter().orElse(null));
        }
        return e;
    }
}
