package dev.contractkit.mock.http;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Fresh request ids (version 4 UUIDs) from the thread's own random source rather than {@link UUID#randomUUID()},
 * which locks the shared secure random on every call: an id needs to be unique, not unguessable.
 */
public final class RequestIds {
    private RequestIds() {
    }

    public static String next() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long hi = (r.nextLong() & 0xffffffffffff0fffL) | 0x0000000000004000L;
        long lo = (r.nextLong() & 0x3fffffffffffffffL) | 0x8000000000000000L;
        return new UUID(hi, lo).toString();
    }
}
