package dev.contractkit.mock.http;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Fresh request ids (version 4 UUIDs) from the thread's own random source: {@link UUID#randomUUID()} takes a
 * lock on the shared secure random, which showed in the reference server's profile. An id needs to be unique, not
 * unguessable.
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
