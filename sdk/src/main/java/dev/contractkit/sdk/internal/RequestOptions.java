package dev.contractkit.sdk.internal;

import okhttp3.Request;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The per-request options of a {@link dev.contractkit.sdk.Call}: extra headers and a whole-call time-out. Travels
 * as the request's tag to the last interceptor, so its headers win over the SDK's. Not part of the public API.
 */
public final class RequestOptions {
    /** No options. */
    public static final RequestOptions NONE = new RequestOptions(Map.of(), null, false);

    private final Map<String, String> headers;
    private final Duration timeout;
    private final boolean once;

    private RequestOptions(Map<String, String> headers, Duration timeout, boolean once) {
        this.headers = headers;
        this.timeout = timeout;
        this.once = once;
    }

    /**
     * @param name  header name
     * @param value header value
     * @return these options plus the header
     */
    public RequestOptions header(String name, String value) {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(value, "value == null");
        Map<String, String> copy = new LinkedHashMap<>(headers);
        copy.put(name, value);
        return new RequestOptions(Map.copyOf(copy), timeout, once);
    }

    /**
     * @param timeout whole-call time-out; zero for none
     * @return these options with the time-out
     */
    public RequestOptions timeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout == null");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout < 0: " + timeout);
        }
        return new RequestOptions(headers, timeout, once);
    }

    /**
     * @return these options, sent once: no retry whatever the client's {@code RetryPolicy} (a probe whose 503 is the
     * answer, not a fault)
     */
    public RequestOptions once() {
        return new RequestOptions(headers, timeout, true);
    }

    /** @return whether the request is sent once, without retries */
    public boolean isOnce() {
        return once;
    }

    /** @return the whole-call time-out, if set */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    /**
     * @param call a call of one request inside a call made of several (an add-on's wait polling a generated operation)
     * @param <T>  its result type
     * @return the call with these headers and this time-out
     */
    public <T> dev.contractkit.sdk.Call<T> on(dev.contractkit.sdk.Call<T> call) {
        dev.contractkit.sdk.Call<T> c = call;
        for (Map.Entry<String, String> h : headers.entrySet()) {
            c = c.header(h.getKey(), h.getValue());
        }
        return timeout == null ? c : c.timeout(timeout);
    }

    /**
     * @param request a request
     * @return the request with these headers set
     */
    public Request apply(Request request) {
        if (headers.isEmpty()) {
            return request;
        }
        Request.Builder b = request.newBuilder();
        headers.forEach(b::header);
        return b.build();
    }
}
