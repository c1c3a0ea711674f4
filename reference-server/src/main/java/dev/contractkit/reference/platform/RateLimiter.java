package dev.contractkit.reference.platform;

import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fixed-window request counters per (rule, client), in memory: one map look-up and one compare-and-set
 * per request; or, for replicas, in {@link SharedCounters} (Redis or PostgreSQL) that every replica increments. Windows are aligned to the epoch, so {@code X-RateLimit-Reset} is the same for every
 * client of a rule. The counters are bounded ({@link #DEFAULT_CAPACITY} unless given): past the cap the
 * ended windows go first, then one-request clients, then arbitrary ones, down to nine tenths of the cap. An
 * evicted client starts a fresh count, so a flood of new client keys costs at most that, never memory.
 *
 * <pre>{@code
 * RateLimiter limiter = new RateLimiter(Clock.systemUTC());
 * RateLimiter.Decision d = limiter.acquire(new RateLimiter.Rule("write", 100, Duration.ofHours(1)), "user-42");
 * if (!d.allowed()) ... // 429 with d.retryAfterSeconds()
 * }</pre>
 */
public final class RateLimiter {
    /** Counters kept at most unless the constructor says otherwise. */
    public static final int DEFAULT_CAPACITY = 100_000;

    private final Clock clock;
    private final int capacity;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final SharedCounters shared;

    /**
     * @param clock the time source (tests pass a fixed or moving clock)
     */
    public RateLimiter(Clock clock) {
        this(clock, DEFAULT_CAPACITY);
    }

    /**
     * @param clock    the time source
     * @param capacity the most (rule, client) counters kept, at least 10
     */
    public RateLimiter(Clock clock, int capacity) {
        if (capacity < 10) {
            throw new IllegalArgumentException("a rate limiter keeps at least 10 counters, got " + capacity);
        }
        this.clock = clock;
        this.capacity = capacity;
        this.shared = null;
    }

    /**
     * A limiter whose counts every replica shares ({@link Cluster#limiter}): one atomic increment in the shared
     * store per request, nothing kept in memory.
     *
     * @param clock  the time source (every replica's clock gives the same window on one host or with NTP)
     * @param shared the shared counters
     */
    public RateLimiter(Clock clock, SharedCounters shared) {
        this.clock = clock;
        this.capacity = DEFAULT_CAPACITY;
        this.shared = Objects.requireNonNull(shared, "shared == null");
    }

    /** @return the counters held now (at most the capacity) */
    public int size() {
        return windows.size();
    }

    /**
     * A limit: at most {@code limit} requests per {@code window}.
     *
     * @param category a stable name (also the key prefix)
     * @param limit    requests allowed per window
     * @param window   the window length
     */
    public record Rule(String category, int limit, Duration window) {
    }

    /**
     * The outcome of one request.
     *
     * @param allowed       whether the request may proceed
     * @param limit         the rule's limit
     * @param remaining     requests left in this window (0 when refused)
     * @param resetEpochSec when the window ends, Unix seconds
     * @param nowEpochSec   the time of the decision, Unix seconds
     */
    public record Decision(boolean allowed, int limit, int remaining, long resetEpochSec, long nowEpochSec) {
        /** @return seconds until the window resets, at least 1 */
        public long retryAfterSeconds() {
            return Math.max(1, resetEpochSec - nowEpochSec);
        }

        /** @return the three {@code X-RateLimit-*} headers */
        public Map<String, String> headers() {
            return Map.of("X-RateLimit-Limit", Integer.toString(limit),
                    "X-RateLimit-Remaining", Integer.toString(remaining),
                    "X-RateLimit-Reset", Long.toString(resetEpochSec));
        }
    }

    private record Window(long start, long end, int count) {
    }

    /**
     * Counts one request.
     *
     * @param rule   the limit that applies
     * @param client who is asking (user id, API key, address)
     * @return the decision
     */
    public Decision acquire(Rule rule, String client) {
        long nowMs = clock.millis();
        long windowMs = rule.window().toMillis();
        long start = nowMs - Math.floorMod(nowMs, windowMs);
        String key = rule.category() + '|' + client;
        if (shared != null) {
            long count = shared.increment(key + '|' + start, start + windowMs - nowMs + 60_000);
            int remaining = (int) Math.max(0, rule.limit() - count);
            return new Decision(count <= rule.limit(), rule.limit(), remaining, (start + windowMs) / 1000, nowMs / 1000);
        }
        if (windows.size() >= capacity && !windows.containsKey(key)) {
            shrink(nowMs);
        }
        Window w = windows.compute(key, (k, old) -> old == null || old.start != start
                ? new Window(start, start + windowMs, 1) : new Window(start, old.end, old.count + 1));
        boolean allowed = w.count <= rule.limit();
        int remaining = Math.max(0, rule.limit() - w.count);
        return new Decision(allowed, rule.limit(), remaining, (start + windowMs) / 1000, nowMs / 1000);
    }

    /** Evicts down to 90% of the capacity: ended windows, then one-request clients, then any. */
    private synchronized void shrink(long nowMs) {
        if (windows.size() < capacity) {
            return; // another thread shrank already
        }
        int target = capacity - capacity / 10;
        windows.values().removeIf(w -> w.end <= nowMs);
        for (int pass = 0; pass < 2 && windows.size() > target; pass++) {
            Iterator<Window> it = windows.values().iterator();
            while (it.hasNext() && windows.size() > target) {
                Window w = it.next();
                if (pass == 1 || w.count <= 1) {
                    it.remove();
                }
            }
        }
    }
}
