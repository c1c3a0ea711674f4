package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Map;

/**
 * {@code GET /ws/coupons} when it was not upgraded: either not a WebSocket handshake (400, per header) or a
 * handshake whose token {@link CouponSocket} refused (401; Helidon routes a refused upgrade as plain HTTP), or
 * one refused because every connection slot is taken (503 with {@code Retry-After}).
 */
final class RealtimeEndpoint extends RealtimeService {
    private final TokenVerifier verifier;
    private final SocketSlots slots;

    RealtimeEndpoint(TokenVerifier verifier, SocketSlots slots) {
        this.verifier = verifier;
        this.slots = slots;
    }

    @Override
    protected void openCouponUpdates(ServerRequest request, ServerResponse response) {
        Map<String, String> bad = WebSocketHandshake.problems(request.headers());
        String upgrade = request.headers().first(HeaderNames.UPGRADE).orElse("");
        if (!bad.isEmpty()) {
            ApiError refused = new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", "not a WebSocket handshake", bad);
            // RFC 6455 4.4: a refused version names the one the server speaks
            throw bad.containsKey("Sec-WebSocket-Version") ? refused.withHeader("Sec-WebSocket-Version", "13") : refused;
        }
        handleOpenCouponUpdates(request, response, upgrade, "", "", "");
    }

    @Override
    protected void handleOpenCouponUpdates(ServerRequest request, ServerResponse response, String upgrade,
                                           String connection, String secWebSocketKey, String secWebSocketVersion) {
        String token = WebSocketHandshake.token(request.headers(), request.query()).orElseThrow(() ->
                unauthorized("authentication required: send 'Authorization: Bearer <token>' or ?token=<token>", false));
        try {
            verifier.verify(token);
        } catch (ApiError e) {
            throw unauthorized(e.getMessage(), true);
        }
        if (slots.full()) {
            throw new ApiError(Status.SERVICE_UNAVAILABLE_503, "SERVICE_UNAVAILABLE", "too many open WebSocket "
                    + "connections (" + slots.max() + ")").withDetails("try again later")
                    .withHeader("Retry-After", "5");
        }
        // a valid token whose upgrade Helidon still refused (e.g. a handshake detail it rejects)
        throw ApiError.invalid("not a WebSocket handshake").withDetails("the upgrade was refused");
    }

    private static ApiError unauthorized(String message, boolean invalid) {
        return ApiError.unauthorized(message).withHeader("WWW-Authenticate",
                invalid ? "Bearer realm=\"coupons\", error=\"invalid_token\"" : "Bearer realm=\"coupons\"");
    }
}
