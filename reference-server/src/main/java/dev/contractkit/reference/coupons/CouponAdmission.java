package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiServer;
import dev.contractkit.reference.platform.PublicUrl;
import dev.contractkit.reference.platform.RateLimiter;
import dev.contractkit.reference.platform.RequestIds;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs before each coupon-service operation: reads the bearer token, counts the request in the
 * operation's rate-limit category (per user when the token is valid, else per client address; public reads
 * always per address), then refuses with 429, 401 or 403 in that order. The {@code X-RateLimit-*} headers go
 * on every response of the operation, errors included.
 */
final class CouponAdmission {
    /** Who may call an operation. */
    enum Access { PUBLIC, USER, ADMIN }

    /** What admission learnt about an admitted request, for the handler. */
    record Admitted(String requestId, Principal principal, RateLimiter.Decision decision) {
        Integer limit() {
            return decision.limit();
        }

        Integer remaining() {
            return decision.remaining();
        }

        Long reset() {
            return decision.resetEpochSec();
        }
    }

    private static final String KEY = "kit.coupons.call";

    private final TokenVerifier verifier;
    private final RateLimiter limiter;
    private final Map<String, RateLimiter.Rule> rules;

    CouponAdmission(TokenVerifier verifier, RateLimiter limiter, Map<String, RateLimiter.Rule> rules) {
        this.verifier = verifier;
        this.limiter = limiter;
        this.rules = rules;
    }

    /**
     * @param category the operation's {@code x-kit-rate-limit-category}
     * @param access   who may call it
     * @return a handler that checks and then passes the request on
     */
    Handler handler(String category, Access access) {
        RateLimiter.Rule rule = rules.get(category);
        if (rule == null) {
            throw new IllegalArgumentException("no rate limit for category " + category);
        }
        return (req, res) -> {
            Principal principal = null;
            ApiError authError = null;
            if (access != Access.PUBLIC) {
                try {
                    principal = verifier.verify(bearer(req).orElseThrow(() -> ApiError.unauthorized(
                            "authentication required: send 'Authorization: Bearer <token>'")));
                } catch (ApiError e) {
                    authError = e;
                }
            }
            String client = principal != null ? "user:" + principal.subject() : "address:" + address(req);
            RateLimiter.Decision d = limiter.acquire(rule, client);
            ApiServer.stickyHeaders(req, res, d.headers());
            if (!d.allowed()) {
                throw new ApiError(Status.TOO_MANY_REQUESTS_429, "RATE_LIMITED", "rate limit exceeded: " + rule.limit()
                        + " " + category + " requests per " + window(rule))
                        .withDetails("retry after " + d.retryAfterSeconds() + " seconds")
                        .withHeader("Retry-After", Long.toString(d.retryAfterSeconds()));
            }
            if (authError != null) {
                boolean missing = bearer(req).isEmpty();
                throw authError.withHeader(HeaderNames.WWW_AUTHENTICATE.defaultCase(),
                        missing ? "Bearer realm=\"coupons\"" : "Bearer realm=\"coupons\", error=\"invalid_token\"");
            }
            if (access == Access.ADMIN && !principal.isAdmin()) {
                throw ApiError.forbidden("insufficient permissions: the admin role is required")
                        .withDetails("roles in token: " + String.join(", ", principal.roles().stream().sorted().toList()));
            }
            req.context().register(KEY, new Admitted(RequestIds.of(req), principal, d));
            res.next();
        };
    }

    static Admitted admitted(ServerRequest req) {
        return req.context().get(KEY, Admitted.class).orElseThrow(() -> new IllegalStateException("no CouponAdmission on this route"));
    }

    /** @return the token of an {@code Authorization: Bearer} header */
    static Optional<String> bearer(ServerRequest req) {
        return req.headers().first(HeaderNames.AUTHORIZATION)
                .filter(h -> h.length() > 7 && h.substring(0, 7).toLowerCase(Locale.ROOT).equals("bearer "))
                .map(h -> h.substring(7).trim())
                .filter(t -> !t.isEmpty());
    }

    private static String address(ServerRequest req) {
        return PublicUrl.clientAddress(req); // behind a trusted proxy: the client's, from X-Forwarded-For
    }

    private static String window(RateLimiter.Rule rule) {
        long s = rule.window().toSeconds();
        return s == 3600 ? "hour" : s == 60 ? "minute" : s + " seconds";
    }

}
