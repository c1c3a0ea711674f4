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
    public static final RequestOptions NONE = new RequestOptions(Map.of(), null);

    private final Map<String, String> headers;
    private final Duration timeout;

    private RequestOptions(Map<String, String> headers, Duration timeout) {
        this.headers = headers;
        this.timeout = timeout;
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
        return new RequestOptions(Map.copyOf(copy), timeout);
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
        return new RequestOptions(headers, timeout);
    }

    /** @return the whole-call time-out, if set */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
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
