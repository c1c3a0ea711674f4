package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.TransportException;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A {@link Call} of one request the generated interfaces cannot make (an event stream, a multipart upload, raw
 * bytes): OkHttp directly, read by a {@link Reader}. Not part of the public API.
 *
 * @param <T> the result type
 */
public final class OkCall<T> implements Call<T> {
    /**
     * Reads a response into the result.
     *
     * @param <T> the result type
     */
    public interface Reader<T> {
        /**
         * @param call     the call (for a stream that keeps it)
         * @param response the response; the reader closes it unless the result keeps it open
         * @return the result
         * @throws IOException when reading fails
         */
        T read(okhttp3.Call call, Response response) throws IOException;
    }

    private final OkHttpClient client;
    private final Supplier<Request> request;
    private final Reader<T> reader;
    private final String what;
    private final RequestOptions options;

    /**
     * @param client  the client (with the SDK's interceptors)
     * @param request makes the request
     * @param reader  reads the response
     * @param what    what the call does, for the message of a transport failure ("upload sales.csv")
     */
    public OkCall(OkHttpClient client, Supplier<Request> request, Reader<T> reader, String what) {
        this(client, request, reader, what, RequestOptions.NONE);
    }

    private OkCall(OkHttpClient client, Supplier<Request> request, Reader<T> reader, String what, RequestOptions options) {
        this.client = client;
        this.request = request;
        this.reader = reader;
        this.what = what;
        this.options = options;
    }

    @Override
    public Call<T> header(String name, String value) {
        return new OkCall<>(client, request, reader, what, options.header(name, value));
    }

    @Override
    public Call<T> timeout(Duration timeout) {
        return new OkCall<>(client, request, reader, what, options.timeout(timeout));
    }

    private okhttp3.Call newCall() {
        okhttp3.Call call = client.newCall(request.get().newBuilder().tag(RequestOptions.class, options).build());
        options.timeout().ifPresent(t -> call.timeout().timeout(t.toNanos(), TimeUnit.NANOSECONDS));
        return call;
    }

    private TransportException transport(IOException e) {
        return new TransportException("cannot " + what + ": " + e.getMessage(), e);
    }

    @Override
    public T execute() {
        okhttp3.Call call = newCall();
        try {
            return reader.read(call, call.execute());
        } catch (CredentialsFailure e) {
            throw e.getCause();
        } catch (IOException e) {
            throw transport(e);
        }
    }

    @Override
    public CompletableFuture<T> executeAsync() {
        okhttp3.Call call = newCall();
        CompletableFuture<T> future = new CompletableFuture<>();
        call.enqueue(new Callback() {
            @Override
            public void onFailure(okhttp3.Call c, IOException e) {
                future.completeExceptionally(e instanceof CredentialsFailure f ? f.getCause() : transport(e));
            }

            @Override
            public void onResponse(okhttp3.Call c, Response response) {
                try {
                    future.complete(reader.read(c, response));
                } catch (IOException e) {
                    future.completeExceptionally(transport(e));
                } catch (RuntimeException e) {
                    future.completeExceptionally(e);
                }
            }
        });
        future.whenComplete((v, t) -> {
            if (future.isCancelled()) {
                call.cancel();
            }
        });
        return future;
    }

    @Override
    public RawResponse executeRaw() {
        okhttp3.Call call = newCall();
        try (Response response = call.execute()) {
            byte[] bytes = response.body() == null ? new byte[0] : response.body().bytes();
            return new RawResponse(response.code(), response.headers().toMultimap(), bytes);
        } catch (CredentialsFailure e) {
            throw e.getCause();
        } catch (IOException e) {
            throw transport(e);
        }
    }

    /**
     * @param response a response that is not the expected status
     * @param text     its body
     * @return the family's exception for it
     */
    public static ApiException failure(Response response, String text) {
        return ApiException.of(response.code(), text, response.header("X-Request-Id"), response.header("Retry-After"),
                Http.errorFormat(response));
    }
}
