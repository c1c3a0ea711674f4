package dev.contractkit.reference.platform;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Time-ordered UUIDs (version 7, RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Rows keyed by them are
 * inserted at the end of their primary-key index instead of at a random place, so a commit of many new rows changes
 * one index page rather than one per row (on the embedded file every changed page is rewritten at each commit).
 */
public final class TimeOrderedIds {
    private static final SecureRandom RANDOM = new SecureRandom();

    private TimeOrderedIds() {
    }

    /** @return a new version 7 UUID for now */
    public static UUID next() {
        return of(System.currentTimeMillis(), RANDOM);
    }

    static UUID of(long epochMillis, SecureRandom random) {
        long high = (epochMillis << 16) | 0x7000L | (random.nextInt() & 0x0FFFL);
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low);
    }
}
