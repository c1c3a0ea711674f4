package dev.contractkit.reference.platform;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** Every request gets an id: the caller's {@code X-Request-Id} when sane, else a new UUID; echoed back. */
public final class RequestIds {
    /** The header carrying the id both ways. */
    public static final HeaderName HEADER = HeaderNames.create("X-Request-Id");
    private static final Exchange.Slot<String> ID = Exchange.slot(String.class);

    private RequestIds() {
    }

    static String assign(ServerRequest request) {
        String id = request.headers().first(HEADER)
                .filter(v -> v.length() <= 128 && v.chars().allMatch(c -> c > 32 && c < 127))
                .orElseGet(RequestIds::newId);
        Exchange.of(request).set(ID, id);
        return id;
    }

    /**
     * A random version 4 UUID from {@link ThreadLocalRandom}: a request id needs to be unique, not unguessable,
     * and {@link UUID#randomUUID()} reads the system's secure random source under a lock (a measurable
     * part of a read, docs/performance.md).
     */
    static String newId() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long hi = (r.nextLong() & ~0xF000L) | 0x4000L;
        long lo = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(hi, lo).toString();
    }

    /**
     * @param request the request
     * @return its id
     */
    public static String of(ServerRequest request) {
        String id = Exchange.get(request, ID);
        return id == null ? "unknown" : id;
    }
}
