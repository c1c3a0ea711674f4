package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;

/**
 * The {@code {"error": {"code", "message", "request_id"}}} error shape of the exec and runtime contracts: the code in
 * lower case, the details (when any) after the message.
 */
public final class ErrorObject {
    private ErrorObject() {
    }

    /**
     * @param error     the failure
     * @param requestId the request's id
     * @return the body to send
     */
    public static ObjectNode of(ApiError error, String requestId) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        ObjectNode e = body.putObject("error");
        e.put("code", error.code().toLowerCase(Locale.ROOT));
        String message = error.getMessage();
        if (error.details() != null) {
            message = message + ": " + error.details();
        }
        e.put("message", message);
        e.put("request_id", requestId);
        return body;
    }
}
