package dev.contractkit.reference.platform;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fixed-window request counters per (rule, client), in memory: one map look-up and one compare-and-set
 * per request. Windows are aligned to the epoch, so {@code X-RateLimit-Reset} is the same for every
 * client of a rule.
 *
 * <pre>{@code
 * RateLimiter limiter = new RateLimiter(Clock.systemUTC());
 * RateLimiter.Decision d = limiter.acquire(new RateLimiter.Rule("write", 100, Duration.ofHours(1)), "user-42");
 * if (!d.allowed()) ... // 429 with d.retryAfterSeconds()
 * }</pre>
 */
public final class RateLimiter {
    private static final int SWEEP_THRESHOLD = 50_000;

    private final Clock clock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    /**
     * @param clock the time source (tests pass a fixed or moving clock)
     */
    public RateLimiter(Clock clock) {
        this.clock = clock;
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

    private record Window(long start, int count) {
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
        if (windows.size() > SWEEP_THRESHOLD) {
            windows.values().removeIf(w -> w.start + windowMs <= nowMs);
        }
        Window w = windows.compute(key, (k, old) -> old == null || old.start != start
                ? new Window(start, 1) : new Window(start, old.count + 1));
        boolean allowed = w.count <= rule.limit();
        int remaining = Math.max(0, rule.limit() - w.count);
        return new Decision(allowed, rule.limit(), remaining, (start + windowMs) / 1000, nowMs / 1000);
    }
}
