package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/**
 * An operation's {@code x-kit-websocket}: the AsyncAPI document and channel its handshake opens
 * ({@code {asyncapi: asyncapi/coupon-updates.yaml, channel: couponUpdates}}; none unless declared).
 *
 * @param asyncapi the AsyncAPI file, relative to the specs
 * @param channel  the channel's key in it
 */
public record WebSocketBinding(String asyncapi, String channel) {
    /** {@code x-kit-websocket} */
    public static final String KEY = "x-kit-websocket";

    /**
     * @param operation an operation's node
     * @return the binding, when it names an AsyncAPI document
     */
    public static Optional<WebSocketBinding> of(JsonNode operation) {
        JsonNode ws = operation.path(KEY);
        return ws.path("asyncapi").isTextual()
                ? Optional.of(new WebSocketBinding(ws.path("asyncapi").asText(), ws.path("channel").asText()))
                : Optional.empty();
    }
}
