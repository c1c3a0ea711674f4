package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.RawResponse;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A {@link Call} made of several requests (e.g. submit, then poll until done): the options apply to each request;
 * there is no single raw response. Not part of the public API.
 *
 * @param <T> the result type
 */
public final class CompositeCall<T> implements Call<T> {
    private final Function<RequestOptions, T> sync;
    private final Function<RequestOptions, CompletableFuture<T>> async;
    private final RequestOptions options;

    /**
     * @param sync  runs the requests, blocking, with the given options
     * @param async runs them without blocking
     */
    public CompositeCall(Function<RequestOptions, T> sync, Function<RequestOptions, CompletableFuture<T>> async) {
        this(sync, async, RequestOptions.NONE);
    }

    private CompositeCall(Function<RequestOptions, T> sync, Function<RequestOptions, CompletableFuture<T>> async,
                          RequestOptions options) {
        this.sync = sync;
        this.async = async;
        this.options = options;
    }

    @Override
    public Call<T> header(String name, String value) {
        return new CompositeCall<>(sync, async, options.header(name, value));
    }

    @Override
    public Call<T> timeout(Duration timeout) {
        return new CompositeCall<>(sync, async, options.timeout(timeout));
    }

    @Override
    public T execute() {
        return sync.apply(options);
    }

    @Override
    public CompletableFuture<T> executeAsync() {
        return async.apply(options);
    }

    @Override
    public RawResponse executeRaw() {
        throw new UnsupportedOperationException("this operation sends several requests: it has no single raw response");
    }
}
