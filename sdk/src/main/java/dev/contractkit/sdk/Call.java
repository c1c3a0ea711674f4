package dev.contractkit.sdk;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One operation of an API, ready to run: the SDK's only call type (as in Retrofit). Every operation of every client
 * returns one; nothing is sent until it is run. It can be run synchronously ({@link #execute()}), without blocking
 * ({@link #executeAsync()}) or for the raw response ({@link #executeRaw()}), and takes per-request options
 * ({@link #header(String, String)}, {@link #timeout(Duration)}). A call is immutable: each option returns a new call,
 * and the same call can be run again (each run sends a new request).
 *
 * <pre>{@code
 * Form form = forms.get(1).execute();                                   // sync: the typed result or an ApiException
 * forms.get(1).executeAsync().thenAccept(f -> System.out.println(f.getTitle()));
 * Form traced = forms.get(1).header("X-Request-Id", "req-42").timeout(Duration.ofSeconds(2)).execute();
 * RawResponse raw = forms.get(999).executeRaw();                        // status, headers and body, whatever the status
 * System.out.println(raw.status() + " " + raw.header("Content-Type").orElse("") + " " + raw.bodyAsString());
 * }</pre>
 *
 * @param <T> the typed result
 */
public interface Call<T> {
    /**
     * Adds a header to this call's requests (it replaces a header of the same name the SDK would send, credentials
     * included).
     *
     * @param name  the header name
     * @param value the value
     * @return a new call with the header
     */
    Call<T> header(String name, String value);

    /**
     * Bounds the whole call (connect, retries, reading the body) by a time-out; the client's time-outs still apply
     * to each attempt.
     *
     * @param timeout the time-out; {@link Duration#ZERO} for none
     * @return a new call with the time-out
     */
    Call<T> timeout(Duration timeout);

    /**
     * Runs the call and waits for its result.
     *
     * @return the typed result ({@code null} for an operation without a body)
     * @throws ApiException       a subclass for each non-2xx status ({@link NotFoundException} ...)
     * @throws TransportException when no answer arrived (connection refused, time-out)
     */
    T execute();

    /**
     * Runs the call without blocking the caller. Cancelling the future cancels the request.
     *
     * @return completes with the typed result, or exceptionally with the exception {@link #execute()} would throw
     */
    CompletableFuture<T> executeAsync();

    /**
     * Runs the call and returns the response as it came, whatever its status: no exception for a non-2xx answer and
     * no conversion of the body.
     *
     * @return the status, headers and body
     * @throws TransportException when no answer arrived
     * @throws UnsupportedOperationException for an operation made of several requests (e.g. polling until done)
     */
    RawResponse executeRaw();

    /**
     * Maps this call's result (an add-on's view of an operation, e.g. the item inside an envelope); failures,
     * options and raw responses are this call's.
     *
     * @param f   maps the result
     * @param <U> the new result type
     * @return a call whose result is {@code f} of this call's
     */
    default <U> Call<U> map(Function<? super T, ? extends U> f) {
        Call<T> call = this;
        return new Call<>() { // nested here: the interface and its view stay one class (ArchitectureTest)
            @Override
            public Call<U> header(String name, String value) {
                return call.header(name, value).map(f);
            }

            @Override
            public Call<U> timeout(Duration timeout) {
                return call.timeout(timeout).map(f);
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
        };
    }
}
