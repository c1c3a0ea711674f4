package dev.contractkit.reference.coupons;

import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the live-updates handshake must carry, read the same way by the upgrade ({@link CouponSocket}) and by the HTTP
 * route that answers a refused one ({@link RealtimeEndpoint}); its token is the admission's ({@code Admission}).
 */
final class WebSocketHandshake {
    private WebSocketHandshake() {
    }

    /**
     * The rules of a WebSocket handshake (RFC 6455 4.1): the upgrade checks them so that Helidon never upgrades a
     * request the HTTP route would refuse, and the route names what is wrong.
     *
     * @param headers the request headers
     * @return header name to what is wrong; empty for a sound handshake
     */
    static Map<String, String> problems(Headers headers) {
        Map<String, String> bad = new LinkedHashMap<>();
        if (!headers.first(HeaderNames.UPGRADE).orElse("").equalsIgnoreCase("websocket")) {
            bad.put("Upgrade", "must be websocket");
        }
        if (!headers.first(HeaderNames.CONNECTION).orElse("").toLowerCase(Locale.ROOT).contains("upgrade")) {
            bad.put("Connection", "must contain Upgrade");
        }
        if (!headers.first(HeaderNames.create("Sec-WebSocket-Key")).orElse("").matches("^[A-Za-z0-9+/]{22}==$")) {
            bad.put("Sec-WebSocket-Key", "must be the base64 of 16 bytes");
        }
        if (!headers.first(HeaderNames.create("Sec-WebSocket-Version")).orElse("").equals("13")) {
            bad.put("Sec-WebSocket-Version", "must be 13");
        }
        return bad;
    }
}
