package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A JSON answer the mock makes itself (its control endpoints, overrides, callbacks, proxy errors): a status and
 * a body.
 */
public record JsonAnswer(int status, JsonNode body) {
    /** @return the kit's error body: {@code {"code": ..., "message": ...}} */
    public static ObjectNode errorBody(String code, String message) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("code", code).put("message", message);
        return n;
    }
}
