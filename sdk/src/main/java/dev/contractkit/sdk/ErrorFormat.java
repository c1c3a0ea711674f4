package dev.contractkit.sdk;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a contract's error body holds its error code, message and request id: JSON pointers, the first that holds a
 * value winning. The SDK generator writes each client's format from its contract (the error schema's
 * {@code x-kit-error}, else its properties), so the {@link ApiException} family reads any API's errors without
 * knowing its shape.
 *
 * <pre>{@code
 * ErrorFormat answers = ErrorFormat.of(List.of("/error", "/errorDetail"), List.of("/message"), List.of());
 * ApiException e = ApiException.of(422, body, null, null, answers);   // e.errorCode(): the reason
 * }</pre>
 *
 * @param code      pointers to the error code
 * @param message   pointers to the message
 * @param requestId pointers to the request id
 */
public record ErrorFormat(List<String> code, List<String> message, List<String> requestId) {
    /**
     * The format of an error whose contract is not known (a client not made by the generator): {@code error.code},
     * {@code code} or a string {@code error}; {@code error.message} or {@code message}; {@code error.request_id},
     * {@code request_id} or {@code requestId}.
     */
    public static final ErrorFormat UNKNOWN = new ErrorFormat(List.of("/error/code", "/code", "/error"),
            List.of("/error/message", "/message"), List.of("/error/request_id", "/request_id", "/requestId"));

    /**
     * @param code      pointers to the error code
     * @param message   pointers to the message
     * @param requestId pointers to the request id
     */
    public ErrorFormat {
        code = List.copyOf(Objects.requireNonNull(code, "code"));
        message = List.copyOf(Objects.requireNonNull(message, "message"));
        requestId = List.copyOf(Objects.requireNonNull(requestId, "requestId"));
    }

    /**
     * @param code      pointers to the error code
     * @param message   pointers to the message
     * @param requestId pointers to the request id
     * @return the format
     */
    public static ErrorFormat of(List<String> code, List<String> message, List<String> requestId) {
        return new ErrorFormat(code, message, requestId);
    }

    Optional<String> code(JsonNode body) {
        return first(body, code);
    }

    Optional<String> message(JsonNode body) {
        return first(body, message);
    }

    Optional<String> requestId(JsonNode body) {
        return first(body, requestId);
    }

    private static Optional<String> first(JsonNode body, List<String> pointers) {
        if (body == null) {
            return Optional.empty();
        }
        for (String p : pointers) {
            JsonNode v = body.at(p);
            if (v.isValueNode() && !v.isNull()) {
                return Optional.of(v.asText());
            }
        }
        return Optional.empty();
    }
}
