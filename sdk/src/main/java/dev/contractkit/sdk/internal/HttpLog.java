package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.ClientConfig;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Logs each HTTP exchange (one attempt: method, URL, status, time, request id) to a {@link System.Logger} at level
 * DEBUG, so any logging framework bound to {@code System.Logger} (java.util.logging, SLF4J, Log4j) shows it.
 * Headers and bodies are never logged; query parameters whose names suggest a secret are masked.
 * Not part of the public API: configure it with {@code ClientConfig.Builder#logger}.
 */
public final class HttpLog implements Interceptor {
    /** The logger every client uses unless the caller names another. */
    public static final System.Logger DEFAULT_LOGGER = ClientConfig.DEFAULT_LOGGER;

    private final System.Logger log;

    /** @param log where to write */
    public HttpLog(System.Logger log) {
        this.log = log;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        if (!log.isLoggable(System.Logger.Level.DEBUG)) {
            return chain.proceed(request);
        }
        String call = request.method() + " " + redact(request.url());
        log.log(System.Logger.Level.DEBUG, "--> {0}", call);
        long start = System.nanoTime();
        Response response;
        try {
            response = chain.proceed(request);
        } catch (IOException e) {
            log.log(System.Logger.Level.DEBUG, "<-- {0} failed after {1} ms: {2}", call, millis(start), e.toString());
            throw e;
        }
        String id = response.header("X-Request-Id");
        log.log(System.Logger.Level.DEBUG, "<-- {0} {1} ({2} ms{3})", response.code(), call, millis(start),
                id == null ? "" : ", request id " + id);
        return response;
    }

    private static long millis(long start) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    /**
     * @param url a request URL
     * @return the URL with the values of secret-looking query parameters (token, key, secret, password) masked
     */
    public static String redact(HttpUrl url) {
        if (url.querySize() == 0) {
            return url.toString();
        }
        HttpUrl.Builder b = url.newBuilder().query(null);
        for (int i = 0; i < url.querySize(); i++) {
            String name = url.queryParameterName(i);
            String lower = name.toLowerCase(Locale.ROOT);
            boolean secret = lower.contains("token") || lower.contains("key") || lower.contains("secret") || lower.contains("password");
            b.addQueryParameter(name, secret && url.queryParameterValue(i) != null ? "***" : url.queryParameterValue(i));
        }
        return b.build().toString();
    }
}
