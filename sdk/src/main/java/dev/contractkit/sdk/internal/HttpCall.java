package dev.contractkit.sdk.internal;

import okhttp3.Response;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.RawResponse;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A {@link Call} of one HTTP request: a Retrofit call made fresh for each run, its result mapped to the SDK's type.
 * Not part of the public API.
 *
 * @param <R> the body type of the generated interface
 * @param <T> the result type
 */
public final class HttpCall<R, T> implements Call<T> {
    private final Supplier<retrofit2.Call<R>> request;
    private final Function<? super R, ? extends T> onSuccess;
    private final Function<? super ApiException, ? extends T> onFailure;
    private final RequestOptions options;

    private HttpCall(Supplier<retrofit2.Call<R>> request, Function<? super R, ? extends T> onSuccess,
                     Function<? super ApiException, ? extends T> onFailure, RequestOptions options) {
        this.request = request;
        this.onSuccess = onSuccess;
        this.onFailure = onFailure;
        this.options = options;
    }

    /**
     * @param template a Retrofit call from a generated interface, never run itself: each run sends a clone
     * @param <R>      the body type
     * @return the call, its result the body
     */
    public static <R> HttpCall<R, R> of(retrofit2.Call<R> template) {
        Objects.requireNonNull(template, "template == null");
        return new HttpCall<>(template::clone, r -> r, e -> {
            throw e;
        }, RequestOptions.NONE);
    }

    /**
     * @param f   maps the result
     * @param <U> the new result type
     * @return a call with the mapped result
     */
    public <U> HttpCall<R, U> map(Function<? super T, ? extends U> f) {
        return new HttpCall<>(request, onSuccess.andThen(f), onFailure.andThen(f), options);
    }

    /**
     * @param f turns a non-2xx answer into a result, or throws (e.g. a more specific exception)
     * @return a call that handles failures with {@code f}
     */
    public HttpCall<R, T> recover(Function<? super ApiException, ? extends T> f) {
        Function<? super ApiException, ? extends T> before = onFailure;
        return new HttpCall<>(request, onSuccess, e -> {
            try {
                return before.apply(e);
            } catch (ApiException again) {
                return f.apply(again);
            }
        }, options);
    }

    /**
     * @param options the options of an enclosing call
     * @return this call with those options
     */
    public HttpCall<R, T> withOptions(RequestOptions options) {
        return new HttpCall<>(request, onSuccess, onFailure, options);
    }

    /**
     * @return this call sent once: no retry whatever the client's {@code RetryPolicy}
     */
    public HttpCall<R, T> once() {
        return withOptions(options.once());
    }

    /**
     * For an add-on over a generated operation: that operation's call, sent once.
     *
     * @param call a call a client of the SDK made for one request
     * @param <T>  its result type
     * @return the call as an {@code HttpCall}, sent once (no retry)
     * @throws IllegalArgumentException when the call is not one request of the SDK's
     */
    public static <T> HttpCall<?, T> once(Call<T> call) {
        if (call instanceof HttpCall<?, T> http) {
            return http.once();
        }
        throw new IllegalArgumentException("not a call of one request of the SDK: " + call);
    }

    @Override
    public HttpCall<R, T> header(String name, String value) {
        return withOptions(options.header(name, value));
    }

    @Override
    public HttpCall<R, T> timeout(Duration timeout) {
        return withOptions(options.timeout(timeout));
    }

    @Override
    public T execute() {
        retrofit2.Call<R> call = request.get();
        Http.prepare(call, options);
        R body;
        try {
            body = Http.execute(call);
        } catch (ApiException e) {
            return onFailure.apply(e);
        }
        return onSuccess.apply(body);
    }

    @Override
    public CompletableFuture<T> executeAsync() {
        retrofit2.Call<R> call = request.get();
        Http.prepare(call, options);
        CompletableFuture<R> inner = Http.executeAsync(call);
        CompletableFuture<T> outer = inner.handle((body, failure) -> {
            if (failure == null) {
                return onSuccess.apply(body);
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (cause instanceof ApiException e) {
                return onFailure.apply(e);
            }
            throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
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
        okhttp3.Call raw = Http.prepare(request.get(), options);
        if (raw == null) {
            throw new IllegalStateException("the client was not built by the SDK");
        }
        try (Response response = raw.execute()) {
            byte[] bytes = response.body() == null ? new byte[0] : response.body().bytes();
            return new RawResponse(response.code(), response.headers().toMultimap(), bytes);
        } catch (CredentialsFailure e) {
            throw e.getCause();
        } catch (IOException e) {
            throw Http.transport(raw.request(), e);
        }
    }
}
