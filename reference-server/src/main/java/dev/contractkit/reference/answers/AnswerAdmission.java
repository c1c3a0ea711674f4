package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiServer;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.RateLimiter;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;

import java.util.Optional;

/**
 * Runs before each answer-service operation: finds the caller's key from {@code x-api-key}; for a rate-limited
 * operation counts the request (per key, or per client address when the key is missing or unknown) and puts
 * {@code X-RateLimit-*} on every response; then refuses with 429 or 401, in that order. So a missing or unknown key
 * gets 401 within its address's limit and 429 beyond it, as the contract states ({@code x-kit-rate-limits.answer
 * .unauthenticated-key: client-address}).
 */
final class AnswerAdmission {
    static final HeaderName API_KEY = HeaderNames.create("x-api-key");
    private static final String KEY = "kit.answers.key";

    private final ApiKeys keys;
    private final RateLimiter limiter;

    AnswerAdmission(ApiKeys keys, RateLimiter limiter) {
        this.keys = keys;
        this.limiter = limiter;
    }

    /**
     * @param rule the rate limit, or null for an operation without one
     * @return the handler to register before the operation
     */
    Handler handler(RateLimiter.Rule rule) {
        return (req, res) -> {
            Optional<ApiKeys.Key> key = lookup(req);
            if (rule != null) {
                String client = key.map(k -> "key:" + k.id()).orElseGet(() -> "address:" + address(req));
                RateLimiter.Decision d = limiter.acquire(rule, client);
                ApiServer.stickyHeaders(req, res, d.headers());
                if (!d.allowed()) {
                    throw new ApiError(Status.TOO_MANY_REQUESTS_429, "RATE_LIMITED", "at most " + rule.limit()
                            + " answer requests per " + per(rule) + (key.isPresent() ? " per key"
                            : " per client address without a valid API key") + "; retry in " + d.retryAfterSeconds() + " s")
                            .withHeader("Retry-After", Long.toString(d.retryAfterSeconds()));
                }
            }
            ApiKeys.Key found = key.orElseThrow(() -> ApiError.unauthorized(
                    "missing or unknown API key: send 'x-api-key: <API key>'"));
            req.context().register(KEY, found);
            res.next();
        };
    }

    static ApiKeys.Key key(ServerRequest req) {
        return req.context().get(KEY, ApiKeys.Key.class).orElseThrow(() -> new IllegalStateException("no AnswerAdmission before this route"));
    }

    private Optional<ApiKeys.Key> lookup(ServerRequest req) {
        Optional<String> secret = req.headers().first(API_KEY).map(String::trim).filter(s -> !s.isEmpty());
        if (secret.isEmpty()) {
            return Optional.empty();
        }
        return keys.find(secret.get()).filter(ApiKeys.Key::active);
    }

    private static String per(RateLimiter.Rule rule) {
        long s = rule.window().toSeconds();
        return s == 60 ? "minute" : s == 3600 ? "hour" : s + " seconds";
    }

    private static String address(ServerRequest req) {
        return PublicUrl.clientAddress(req); // behind a trusted proxy: the client's, from X-Forwarded-For
    }
}
