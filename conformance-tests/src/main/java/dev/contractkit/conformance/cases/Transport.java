package dev.contractkit.conformance.cases;

import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Sends the cases over HTTP (OkHttp; redirects are not followed, so a 3xx is seen as it is). */
public final class Transport implements AutoCloseable {
    private static final Set<String> NEEDS_BODY = Set.of("POST", "PUT", "PATCH");
    private static final Set<String> NO_BODY = Set.of("GET", "HEAD");

    private final OkHttpClient client;
    private final HttpUrl base;

    public Transport(String baseUrl, Duration timeout) {
        this(baseUrl, timeout, List.of());
    }

    /** @param observers see every exchange (the kit's tests: an independent validator); tagged with the case */
    public Transport(String baseUrl, Duration timeout, List<Interceptor> observers) {
        this.base = HttpUrl.get(baseUrl);
        OkHttpClient.Builder builder = new OkHttpClient.Builder();
        observers.forEach(builder::addInterceptor);
        this.client = builder
                .followRedirects(false)
                .retryOnConnectionFailure(false)
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .callTimeout(timeout.multipliedBy(2))
                .build();
    }

    public HttpUrl base() {
        return base;
    }

    public OkHttpClient client() {
        return client;
    }

    public Exchange send(Contract contract, TestCase c) throws IOException {
        return send(contract, c, c.call().url(base));
    }

    /** Sends the case to another URL (a link the server gave); method, headers and body stay the case's. */
    public Exchange send(Contract contract, TestCase c, HttpUrl url) throws IOException {
        RelativeRequest call = c.call();
        Request.Builder b = new Request.Builder().url(url).tag(TestCase.class, c);
        call.headers().forEach(h -> b.addHeader(h.getKey(), h.getValue()));
        RequestBody body = NO_BODY.contains(call.method()) ? null : call.body()
                .map(x -> RequestBody.create(x.text(), MediaType.get(x.mediaType())))
                .orElse(NEEDS_BODY.contains(call.method()) ? RequestBody.create(new byte[0]) : null);
        b.method(call.method(), body);
        long started = System.nanoTime();
        try (Response r = client.newCall(b.build()).execute()) {
            ResponseBody rb = r.body();
            String text = rb == null ? "" : rb.string();
            Map<String, List<String>> headers = new LinkedHashMap<>();
            r.headers().forEach(h -> headers.computeIfAbsent(h.getFirst().toLowerCase(Locale.ROOT),
                    k -> new ArrayList<>()).add(h.getSecond()));
            String display = call.method() + " " + url.encodedPath()
                    + (url.encodedQuery() == null ? "" : "?" + url.encodedQuery());
            return new Exchange(contract, c, display, r.code(), headers, text,
                    Duration.ofNanos(System.nanoTime() - started));
        }
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
