package dev.contractkit.mock.respond;

import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.RateLimits;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Reply;

/**
 * {@code X-RateLimit-Limit/-Remaining/-Reset} for an operation with {@code x-kit-rate-limit-category}, from the
 * category's numbers in {@code x-kit-rate-limits}: requests are really counted, per caller (its
 * {@code Authorization} or API-key header, else "anonymous") in fixed windows aligned to the epoch, as the kit's
 * reference server does. By default the mock reports the count but does not refuse past the limit, so a CI suite
 * is never slowed down by it ({@code Prefer: code=429} produces the refusal on demand); with
 * {@code --enforce-rate-limits} a request past the limit gets the contract's 429 ({@link #exhausted}).
 */
final class RateLimitHeaders {
    private final String category;
    private final int limit;
    private final long windowMs;
    private final Clock clock;
    private final Map<String, long[]> windows = new ConcurrentHashMap<>();

    private RateLimitHeaders(String category, int limit, long windowMs, Clock clock) {
        this.category = category;
        this.limit = limit;
        this.windowMs = windowMs;
        this.clock = clock;
    }

    /**
     * @return the headers of the operation, or empty when it names no category (or the category has no numbers)
     */
    static Optional<RateLimitHeaders> of(ContractDocument.Operation operation, Clock clock) {
        return RateLimits.of(operation.document().root()).forOperation(operation.node())
                .map(c -> new RateLimitHeaders(c.name(), c.limit(), c.windowSeconds() * 1000, clock));
    }

    /** @return true when the caller has used up the current window (the request would be one too many) */
    boolean exhausted(Incoming request) {
        long now = clock.millis();
        long start = now - Math.floorMod(now, windowMs);
        long[] w = windows.get(caller(request));
        return w != null && w[0] == start && w[1] >= limit;
    }

    /** Counts the request and adds the three headers to the reply. */
    Reply apply(Incoming request, Reply reply) {
        long now = clock.millis();
        long start = now - Math.floorMod(now, windowMs);
        long[] w = windows.compute(caller(request), (k, old) -> old == null || old[0] != start
                ? new long[]{start, 1} : new long[]{start, old[1] + 1});
        boolean refused = reply.status() == 429;
        Reply out = reply.withHeader("X-RateLimit-Limit", Integer.toString(limit))
                .withHeader("X-RateLimit-Remaining", refused ? "0" : Long.toString(Math.max(0, limit - w[1])))
                .withHeader("X-RateLimit-Reset", Long.toString((start + windowMs) / 1000));
        return refused && !reply.headers().containsKey("Retry-After")
                ? out.withHeader("Retry-After", Long.toString(Math.max(1, (start + windowMs - now + 999) / 1000))) : out;
    }

    private String caller(Incoming request) {
        String auth = request.header("Authorization");
        String key = request.header("x-api-key");
        return category + '|' + (!auth.isEmpty() ? auth : !key.isEmpty() ? key : "anonymous");
    }
}
