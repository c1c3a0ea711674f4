package dev.contractkit.reference.platform;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The serialized answers of hot reads, kept for a short time ({@code KIT_READ_CACHE_MS}, default 1000 ms;
 * 0 turns it off) and dropped at once by the server's own writes ({@link #invalidate}). The time bound covers
 * writes the server cannot see (another process on the same database). A read that is not cached runs its
 * query and serialization as before; a failure (e.g. not found) is never cached.
 *
 * <p>Why: the database query and Jackson are each about a fifth of a {@code GET /forms/1} (docs/performance.md).
 *
 * @param <K> the key (an id, or a query)
 * @param <V> the answer (its bytes, or the rows it is made of)
 */
public final class ReadCache<K, V> {
    private static final int MAX_ENTRIES = 4096;

    private record Entry<V>(V value, long expires) {
    }

    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    private final long ttlNanos;
    private final AtomicLong generation = new AtomicLong();

    /** @param ttlMillis how long an answer stays; 0 = no caching */
    public ReadCache(long ttlMillis) {
        this.ttlNanos = Math.max(0, ttlMillis) * 1_000_000L;
    }

    /** @param settings the server settings ({@code read-cache-ms}) */
    public static <K, V> ReadCache<K, V> of(Settings settings) {
        return new ReadCache<>(settings.duration("read-cache-ms").toMillis());
    }

    /**
     * @param key  the read
     * @param load runs the read and serializes its answer (may throw, e.g. {@link ApiError})
     * @return the answer, from the cache when fresh
     */
    public V get(K key, Supplier<V> load) {
        if (ttlNanos == 0) {
            return load.get();
        }
        long now = System.nanoTime();
        Entry<V> e = entries.get(key);
        if (e != null && now - e.expires < 0) {
            return e.value;
        }
        long before = generation.get();
        V value = load.get();
        if (entries.size() >= MAX_ENTRIES) {
            entries.clear();
        }
        entries.put(key, new Entry<>(value, now + ttlNanos));
        if (generation.get() != before) {
            entries.remove(key); // a write ran while this read was loading: its answer may be stale
        }
        return value;
    }

    /** Forgets every cached answer (after a write). */
    public void invalidate() {
        generation.incrementAndGet();
        entries.clear();
    }
}
