package dev.contractkit.reference.platform;

/**
 * Counters that every replica increments together (rate-limit windows): Redis ({@code INCR} + {@code PEXPIRE}
 * in one script) or PostgreSQL ({@code INSERT ... ON CONFLICT DO UPDATE ... RETURNING}). Each increment is one
 * atomic operation, so concurrent requests on any replicas get distinct counts.
 */
public interface SharedCounters {
    /**
     * @param key      the counter (rule, client and window start)
     * @param ttlMillis how long the counter must live at least (its window's end plus a margin)
     * @return the count after this increment
     * @throws IllegalStateException when the store cannot be reached
     */
    long increment(String key, long ttlMillis);

    /** @return what stores the counters, for the banner */
    String description();
}
