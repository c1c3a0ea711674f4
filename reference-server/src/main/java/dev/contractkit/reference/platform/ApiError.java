package dev.contractkit.reference.platform;

import io.helidon.http.Status;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure with its place in the contract: the HTTP status, the contract's error code and a message.
 * Thrown anywhere in a handler; the API's server maps it once to the contract's error shape.
 */
public final class ApiError extends RuntimeException {
    private final Status status;
    private final String code;
    private final Map<String, String> fieldErrors;
    private final Map<String, String> headers;
    private final String details;

    /**
     * @param status  the HTTP status
     * @param code    the contract's error code, e.g. {@code NOT_FOUND}
     * @param message a message for the caller
     */
    public ApiError(Status status, String code, String message) {
        this(status, code, message, Map.of());
    }

    /**
     * @param status      the HTTP status
     * @param code        the contract's error code
     * @param message     a message for the caller
     * @param fieldErrors field name to message, for validation failures
     */
    public ApiError(Status status, String code, String message, Map<String, String> fieldErrors) {
        this(status, code, message, fieldErrors, Map.of(), null);
    }

    private ApiError(Status status, String code, String message, Map<String, String> fieldErrors,
                     Map<String, String> headers, String details) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.fieldErrors = Map.copyOf(fieldErrors);
        this.headers = Map.copyOf(headers);
        this.details = details;
    }

    /**
     * @param details a sentence (or a machine-readable reason such as {@code already_redeemed}) for
     *                contracts whose error carries a {@code details} string
     * @return a copy with these details
     */
    public ApiError withDetails(String details) {
        return new ApiError(status, code, getMessage(), fieldErrors, headers, details);
    }

    /** @return the details string, or null */
    public String details() {
        return details;
    }

    /**
     * @param name  a response header (Allow, Retry-After, X-RateLimit-* ...)
     * @param value its value
     * @return a copy that also sends this header
     */
    public ApiError withHeader(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(headers);
        copy.put(name, value);
        return new ApiError(status, code, getMessage(), fieldErrors, copy, details);
    }

    /** @return headers to send with the error response */
    public Map<String, String> headers() {
        return headers;
    }

    /** @return the HTTP status */
    public Status status() {
        return status;
    }

    /** @return the contract's error code */
    public String code() {
        return code;
    }

    /** @return per-field messages; empty unless this is a validation failure */
    public Map<String, String> fieldErrors() {
        return fieldErrors;
    }

    /**
     * @param message what is wrong
     * @return a 400 INVALID_REQUEST
     */
    public static ApiError invalid(String message) {
        return new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", message);
    }

    /**
     * @param message what was not found
     * @return a 404 NOT_FOUND
     */
    public static ApiError notFound(String message) {
        return new ApiError(Status.NOT_FOUND_404, "NOT_FOUND", message);
    }

    /**
     * @param message why
     * @return a 401 UNAUTHORIZED
     */
    public static ApiError unauthorized(String message) {
        return new ApiError(Status.UNAUTHORIZED_401, "UNAUTHORIZED", message);
    }

    /**
     * @param message what is wrong
     * @return a 403 FORBIDDEN
     */
    public static ApiError forbidden(String message) {
        return new ApiError(Status.FORBIDDEN_403, "FORBIDDEN", message);
    }

    /**
     * @param message why
     * @return a 409 CONFLICT
     */
    public static ApiError conflict(String message) {
        return new ApiError(Status.CONFLICT_409, "CONFLICT", message);
    }

    /**
     * @param message why
     * @return a 503 SERVICE_UNAVAILABLE
     */
    public static ApiError unavailable(String message) {
        return new ApiError(Status.SERVICE_UNAVAILABLE_503, "SERVICE_UNAVAILABLE", message);
    }
}
