package dev.contractkit.sdk;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** {@link Call#map}: another call's result, mapped. */
final class MappedCall<T, U> implements Call<U> {
    private final Call<T> call;
    private final Function<? super T, ? extends U> f;

    MappedCall(Call<T> call, Function<? super T, ? extends U> f) {
        this.call = call;
        this.f = f;
    }

    @Override
    public Call<U> header(String name, String value) {
        return new MappedCall<>(call.header(name, value), f);
    }

    @Override
    public Call<U> timeout(Duration timeout) {
        return new MappedCall<>(call.timeout(timeout), f);
    }

    @Override
    public U execute() {
        return f.apply(call.execute());
    }

    @Override
    public CompletableFuture<U> executeAsync() {
        CompletableFuture<T> inner = call.executeAsync();
        CompletableFuture<U> outer = inner.thenApply(f);
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
}
