package dev.contractkit.sdk.internal;

import java.time.Clock;
import java.util.HashMap;
import okhttp3.Request;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.ErrorFormat;
import dev.contractkit.sdk.TransportException;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.ResponseBody;
import retrofit2.Call;
import retrofit2.Callback;
import retrofit2.Response;
import retrofit2.Retrofit;
import retrofit2.converter.jackson.JacksonConverterFactory;
import retrofit2.converter.scalars.ScalarsConverterFactory;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Internal plumbing shared by every client: builds Retrofit on OkHttp with the kit's Jackson mapper,
 * runs calls and maps failures onto the {@link ApiException} family. Not part of the public API.
 */
public final class Http {
    /** The mapper for every contract's generated models (they carry their own property names). */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            // a model with additionalProperties: true is generated as a HashMap subclass serialized as a bean:
            // without this its isEmpty() would travel as "empty": true
            .addMixIn(HashMap.class, MapModels.class);

    @JsonIgnoreProperties({"empty"})
    private interface MapModels {
    }

    private Http() {
    }

    /**
     * @param config       shared configuration
     * @param interceptors the API's interceptors (credentials ...), applied in order
     * @return Retrofit bound to the base URL
     */
    public static Retrofit retrofit(ClientConfig config, List<Interceptor> interceptors) {
        return retrofit(config, interceptors, ErrorFormat.UNKNOWN);
    }

    /**
     * @param config       shared configuration
     * @param interceptors the API's interceptors (credentials ...), applied in order
     * @param errors       where the contract's error bodies hold code, message and request id (every request is
     *                     tagged with it, so any failure of this client reads its errors so)
     * @return Retrofit bound to the base URL
     */
    public static Retrofit retrofit(ClientConfig config, List<Interceptor> interceptors, ErrorFormat errors) {
        OkHttpClient.Builder http = config.httpClient().newBuilder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .callTimeout(config.callTimeout());
        String userAgent = config.userAgent();
        http.addInterceptor(chain -> chain.proceed(chain.request().newBuilder().header("User-Agent", userAgent)
                .tag(ErrorFormat.class, errors).build()));
        http.addInterceptor(new RetryInterceptor(config.retries(), config.sleeper(), Clock.systemUTC(), config.random(), config.logger()));
        interceptors.forEach(http::addInterceptor);
        config.interceptors().forEach(http::addInterceptor);
        // the per-request options of a Call come last: their headers win over the SDK's
        http.addInterceptor(chain -> {
            RequestOptions options = chain.request().tag(RequestOptions.class);
            return chain.proceed(options == null ? chain.request() : options.apply(chain.request()));
        });
        http.addInterceptor(new HttpLog(config.logger()));
        return new Retrofit.Builder()
                .baseUrl(config.baseUrl())
                .callFactory(new Calls(http.build()))
                .addConverterFactory(ScalarsConverterFactory.create())
                .addConverterFactory(JacksonConverterFactory.create(MAPPER))
                .build();
    }

    /**
     * @param retrofit a Retrofit built by {@link #retrofit}
     * @return its OkHttp client, for requests the generated interfaces cannot make
     */
    public static OkHttpClient client(Retrofit retrofit) {
        return ((Calls) retrofit.callFactory()).client;
    }

    /** Makes Retrofit's OkHttp calls, with the options of the {@link HttpCall} being prepared on this thread. */
    private static final class Calls implements okhttp3.Call.Factory {
        final OkHttpClient client;

        Calls(OkHttpClient client) {
            this.client = client;
        }

        @Override
        public okhttp3.Call newCall(Request request) {
            Pending pending = PENDING.get();
            if (pending == null) {
                return client.newCall(request);
            }
            okhttp3.Call call = client.newCall(request.newBuilder().tag(RequestOptions.class, pending.options).build());
            pending.options.timeout().ifPresent(t -> call.timeout().timeout(t.toNanos(), TimeUnit.NANOSECONDS));
            pending.created = call;
            return call;
        }
    }

    /** The options of the call being prepared on this thread (Retrofit makes the OkHttp call inside {@code request()}). */
    private static final ThreadLocal<Pending> PENDING = new ThreadLocal<>();

    private static final class Pending {
        final RequestOptions options;
        okhttp3.Call created;

        Pending(RequestOptions options) {
            this.options = options;
        }
    }

    /**
     * Makes the OkHttp call behind a fresh Retrofit call now, with the options (headers, time-out).
     *
     * @param call    a Retrofit call of a client built by {@link #retrofit}, not yet run
     * @param options the per-request options
     * @return the OkHttp call Retrofit will run (null for a Retrofit built elsewhere)
     */
    static okhttp3.Call prepare(Call<?> call, RequestOptions options) {
        Pending pending = new Pending(options);
        PENDING.set(pending);
        try {
            call.request();
        } finally {
            PENDING.remove();
        }
        return pending.created;
    }

    /**
     * Runs a call.
     *
     * @param call the call
     * @param <T>  the body type
     * @return the body of a 2xx answer
     * @throws ApiException for a non-2xx answer, {@link TransportException} when no answer arrived
     */
    public static <T> T execute(Call<T> call) {
        return unwrap(run(call));
    }

    /**
     * Runs a call and keeps the response (for its headers, e.g. {@code Link}).
     *
     * @param call the call
     * @param <T>  the body type
     * @return the 2xx response
     * @throws ApiException for a non-2xx answer, {@link TransportException} when no answer arrived
     */
    public static <T> Response<T> executeForResponse(Call<T> call) {
        Response<T> response = run(call);
        unwrap(response);
        return response;
    }

    private static <T> Response<T> run(Call<T> call) {
        Response<T> response;
        try {
            response = call.execute();
        } catch (CredentialsFailure e) {
            throw e.getCause();
        } catch (IOException e) {
            throw transport(call, e);
        } catch (RuntimeException e) {
            if (e.getCause() instanceof IOException io) {
                throw transport(call, io);
            }
            throw e;
        }
        return response;
    }

    /**
     * Runs a call without blocking.
     *
     * @param call the call
     * @param <T>  the body type
     * @return completes with the body, or exceptionally with an {@link ApiException}
     */
    public static <T> CompletableFuture<T> executeAsync(Call<T> call) {
        CompletableFuture<T> future = new CompletableFuture<>();
        call.enqueue(new Callback<>() {
            @Override
            public void onResponse(Call<T> c, Response<T> response) {
                try {
                    future.complete(unwrap(response));
                } catch (ApiException e) {
                    future.completeExceptionally(e);
                }
            }

            @Override
            public void onFailure(Call<T> c, Throwable t) {
                future.completeExceptionally(t instanceof CredentialsFailure f ? f.getCause()
                        : t instanceof IOException io ? transport(c, io) : t);
            }
        });
        future.whenComplete((v, t) -> {
            if (future.isCancelled()) {
                call.cancel();
            }
        });
        return future;
    }

    private static <T> T unwrap(Response<T> response) {
        if (response.isSuccessful()) {
            return response.body();
        }
        String body = "";
        try (ResponseBody error = response.errorBody()) {
            if (error != null) {
                body = error.string();
            }
        } catch (IOException ignored) {
            // the status still says what happened
        }
        throw ApiException.of(response.code(), body, response.headers().get("X-Request-Id"),
                response.headers().get("Retry-After"), errorFormat(response.raw()));
    }

    /**
     * @param response an answer to a request of a client built by {@link #retrofit}
     * @return the error format of that client's contract ({@link ErrorFormat#UNKNOWN} for another request)
     */
    static ErrorFormat errorFormat(okhttp3.Response response) {
        ErrorFormat f = response.request().tag(ErrorFormat.class);
        return f == null ? ErrorFormat.UNKNOWN : f;
    }

    private static TransportException transport(Call<?> call, IOException e) {
        return transport(call.request(), e);
    }

    static TransportException transport(Request request, IOException e) {
        return new TransportException(request.method() + " " + request.url() + " failed: "
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
    }

    /**
     * @param body text that may be JSON
     * @return the tree, or null when it is not JSON
     */
    public static JsonNode parseQuietly(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            return MAPPER.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
