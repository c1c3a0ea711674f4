package dev.contractkit.sdk;

import java.util.Collections;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A response as it came from the server ({@link Call#executeRaw()}): status, headers and body bytes.
 *
 * <pre>{@code
 * RawResponse raw = forms.list(10, 0).header("Accept", "application/json").executeRaw();
 * if (raw.status() == 200) {
 *     System.out.println(raw.header("X-Request-Id").orElse("-") + ": " + raw.bodyAsString());
 * }
 * }</pre>
 */
public final class RawResponse {
    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;

    /**
     * @param status  the HTTP status
     * @param headers the headers, names in any case
     * @param body    the body ({@code new byte[0]} when none)
     */
    public RawResponse(int status, Map<String, List<String>> headers, byte[] body) {
        this.status = status;
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((k, v) -> copy.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
        this.headers = Collections.unmodifiableMap(copy);
        this.body = body.clone();
    }

    /** @return the HTTP status */
    public int status() {
        return status;
    }

    /** @return true for a 2xx status */
    public boolean isSuccessful() {
        return status >= 200 && status < 300;
    }

    /** @return every header, names in lower case (look-ups ignore case), values in the order received */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /**
     * @param name a header name, any case
     * @return its first value, if the response has it
     */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** @return a copy of the body bytes */
    public byte[] body() {
        return body.clone();
    }

    /** @return the body as UTF-8 text */
    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "RawResponse{status=" + status + ", bytes=" + body.length + "}";
    }
}
