package dev.contractkit.sdk;

import java.time.Duration;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;
import java.util.Optional;

/**
 * The one exception family of the SDK: a non-2xx answer, with its HTTP status, the contract's error
 * body (raw and parsed on demand into the contract's generated error type) and the request id.
 * Subclasses name the status ({@link NotFoundException}, {@link UnauthorizedException} ...);
 * a transport failure is a {@link TransportException} (status 0). The request id comes from the
 * {@code X-Request-Id} header, else from the error body, where the client's contract puts it ({@link ErrorFormat}).
 *
 * <pre>{@code
 * try {
 *     forms.get(42).execute();
 * } catch (NotFoundException e) {
 *     System.out.println(e.status() + " " + e.errorCode().orElse("?") + " " + e.requestId().orElse("-"));
 *     dev.contractkit.sdk.forms.model.ApiError body = e.errorBody(dev.contractkit.sdk.forms.model.ApiError.class).orElseThrow();
 * }
 * }</pre>
 */
public class ApiException extends RuntimeException {
    /** Reads error bodies; its own, so the exception family needs nothing of the SDK's internals. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);

    private final int status;
    private final String body;
    private final String requestId;
    private ErrorFormat format = ErrorFormat.UNKNOWN;

    /**
     * @param status    the HTTP status (0 for a transport failure)
     * @param message   a message
     * @param body      the response body as text ("" when none)
     * @param requestId the request id the server reported, or null
     * @param cause     the cause, or null
     */
    protected ApiException(int status, String message, String body, String requestId, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.body = body == null ? "" : body;
        this.requestId = requestId;
    }

    /**
     * Maps a status to the family's type.
     *
     * @param status    the HTTP status
     * @param body      the response body
     * @param requestId the request id header, or null
     * @return the exception to throw
     */
    public static ApiException of(int status, String body, String requestId) {
        return of(status, body, requestId, null);
    }

    /**
     * Maps a status to the family's type.
     *
     * @param status     the HTTP status
     * @param body       the response body
     * @param requestId  the request id header, or null
     * @param retryAfter the {@code Retry-After} header (seconds), or null
     * @return the exception to throw
     */
    public static ApiException of(int status, String body, String requestId, String retryAfter) {
        return of(status, body, requestId, retryAfter, ErrorFormat.UNKNOWN);
    }

    /**
     * Maps a status to the family's type, reading the body as the contract's error format says.
     *
     * @param status     the HTTP status
     * @param body       the response body
     * @param requestId  the request id header, or null
     * @param retryAfter the {@code Retry-After} header (seconds), or null
     * @param format     where the contract's error body holds code, message and request id
     * @return the exception to throw
     */
    public static ApiException of(int status, String body, String requestId, String retryAfter, ErrorFormat format) {
        JsonNode json = parse(body);
        String rid = requestId != null ? requestId : format.requestId(json).orElse(null);
        String code = format.code(json).orElse(null);
        String text = format.message(json).orElse(null);
        String message = "HTTP " + status + (code == null ? "" : " " + code) + (text == null ? "" : ": " + text);
        ApiException e = switch (status) {
            case 400, 422 -> new BadRequestException(status, message, body, rid);
            case 401 -> new UnauthorizedException(status, message, body, rid);
            case 403 -> new ForbiddenException(status, message, body, rid);
            case 404 -> new NotFoundException(status, message, body, rid);
            case 409 -> new ConflictException(status, message, body, rid);
            case 429 -> new RateLimitedException(status, message, body, rid, seconds(retryAfter));
            default -> status >= 500 ? new ServerErrorException(status, message, body, rid)
                    : new ApiException(status, message, body, rid, null);
        };
        e.format = format;
        return e;
    }

    /**
     * Reads this exception's body in the same format as another's (an add-on that turns a failure into a more
     * specific exception keeps the contract's format).
     *
     * @param other the exception this one refines
     */
    protected final void sameFormatAs(ApiException other) {
        this.format = other.format;
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    private static Duration seconds(String header) {
        if (header == null || !header.trim().matches("\\d{1,10}")) {
            return null;
        }
        return Duration.ofSeconds(Long.parseLong(header.trim()));
    }

    /** @return the HTTP status; 0 when no answer arrived */
    public int status() {
        return status;
    }

    /** @return the response body as text; empty when there was none */
    public String body() {
        return body;
    }

    /** @return the request id the server reported, if any */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    /**
     * @return the contract's error code, where the contract's error format ({@link #errorFormat()}) puts it, if present
     */
    public Optional<String> errorCode() {
        return format.code(parse(body));
    }

    /** @return where this error's body holds its code, message and request id (from the client's contract) */
    public ErrorFormat errorFormat() {
        return format;
    }

    /**
     * Parses the body into the contract's error type.
     *
     * @param type the generated error model, e.g. {@code dev.contractkit.sdk.forms.model.ApiError}
     * @param <T>  the type
     * @return the parsed body, or empty when the body is not that JSON
     */
    public <T> Optional<T> errorBody(Class<T> type) {
        try {
            return body.isEmpty() ? Optional.empty() : Optional.of(JSON.readValue(body, type));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
