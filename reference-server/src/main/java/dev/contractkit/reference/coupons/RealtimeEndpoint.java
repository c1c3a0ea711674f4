package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Map;

/**
 * {@code GET /ws/coupons} when it was not upgraded: either not a WebSocket handshake (400, per header) or a
 * handshake whose token the operation's admission refused (401, before this handler; Helidon routes a refused upgrade
 * as plain HTTP), or
 * one refused because every connection slot is taken (503 with {@code Retry-After}).
 */
final class RealtimeEndpoint extends RealtimeService {
    private final SocketSlots slots;

    RealtimeEndpoint(SocketSlots slots) {
        this.slots = slots;
    }

    /** A request that is no WebSocket handshake gets 400 naming the header, before the operation's admission. */
    @Override
    public void routing(HttpRules rules) {
        rules.any((req, res) -> {
            Map<String, String> bad = WebSocketHandshake.problems(req.headers());
            if (req.prologue().method() == Method.GET && !bad.isEmpty()) {
                ApiError refused = new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", "not a WebSocket handshake", bad);
                // RFC 6455 4.4: a refused version names the one the server speaks
                throw bad.containsKey("Sec-WebSocket-Version") ? refused.withHeader("Sec-WebSocket-Version", "13") : refused;
            }
            res.next();
        });
        super.routing(rules);
    }

    @Override
    protected void openCouponUpdates(ServerRequest request, ServerResponse response) {
        handleOpenCouponUpdates(request, response, request.headers().first(HeaderNames.UPGRADE).orElse(""), "", "", "");
    }

    @Override
    protected void handleOpenCouponUpdates(ServerRequest request, ServerResponse response, String upgrade,
                                           String connection, String secWebSocketKey, String secWebSocketVersion) {
        // admitted (a valid token): the upgrade was refused for another reason
        if (slots.full()) {
            throw new ApiError(Status.SERVICE_UNAVAILABLE_503, "SERVICE_UNAVAILABLE", "too many open WebSocket "
                    + "connections (" + slots.max() + ")").withDetails("try again later")
                    .withHeader("Retry-After", "5");
        }
        // a valid token whose upgrade Helidon still refused (e.g. a handshake detail it rejects)
        throw ApiError.invalid("not a WebSocket handshake").withDetails("the upgrade was refused");
    }
}
