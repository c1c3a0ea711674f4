package dev.contractkit.reference.platform;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import java.util.UUID;

/** Every request gets an id: the caller's {@code X-Request-Id} when sane, else a new UUID; echoed back. */
public final class RequestIds {
    /** The header carrying the id both ways. */
    public static final HeaderName HEADER = HeaderNames.create("X-Request-Id");
    private static final String KEY = "kit.request-id";

    private RequestIds() {
    }

    static String assign(ServerRequest request) {
        String id = request.headers().first(HEADER)
                .filter(v -> v.length() <= 128 && v.chars().allMatch(c -> c > 32 && c < 127))
                .orElseGet(() -> UUID.randomUUID().toString());
        request.context().register(KEY, id);
        return id;
    }

    /**
     * @param request the request
     * @return its id
     */
    public static String of(ServerRequest request) {
        return request.context().get(KEY, String.class).orElse("unknown");
    }
}
