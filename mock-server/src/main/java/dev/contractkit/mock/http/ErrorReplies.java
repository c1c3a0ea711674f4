package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Error answers in the contract's own shape. The body is the contract's example for that status (the
 * operation's own, else the first one the API declares anywhere); when the API declares none for that status,
 * its 400 (or another 4xx) example is borrowed and its {@code code} set to the status' constant (e.g.
 * {@code METHOD_NOT_ALLOWED}) if the schema allows it. A {@code message} field carries the concrete reason,
 * unless that would break the schema. A document that declares no error response at all gets RFC 9457 problem
 * details ({@code application/problem+json}: {@code type}, {@code title}, {@code status}, {@code detail}).
 * An operation that declares the status (exactly, by range or as {@code default}) with a body other than a JSON
 * object (a {@code text/html} message) gets that example as written, in its media type; one that declares it
 * without content gets no body.
 */
public final class ErrorReplies {
    private static final Map<Integer, String> REASONS = Map.ofEntries(Map.entry(400, "Bad Request"),
            Map.entry(401, "Unauthorized"), Map.entry(403, "Forbidden"), Map.entry(404, "Not Found"),
            Map.entry(405, "Method Not Allowed"), Map.entry(406, "Not Acceptable"), Map.entry(409, "Conflict"), Map.entry(413, "Content Too Large"), Map.entry(421, "Misdirected Request"),
            Map.entry(415, "Unsupported Media Type"), Map.entry(422, "Unprocessable Content"),
            Map.entry(429, "Too Many Requests"), Map.entry(500, "Internal Server Error"),
            Map.entry(503, "Service Unavailable"));

    private final List<DeclaredResponses> all;

    /** @param all the declared responses of every operation of the API, in document order */
    public ErrorReplies(List<DeclaredResponses> all) {
        this.all = List.copyOf(all);
    }

    /**
     * @param status  the status to answer
     * @param own     the operation the request reached, if any
     * @param message the reason to put into the body's {@code message}
     * @return the answer
     */
    public Reply reply(int status, Optional<DeclaredResponses> own, String message) {
        return build(status, own, Optional.of(message)).withHeader(REFUSAL_HEADER, headerText(message));
    }

    /**
     * Why the mock refused a request, on every refusal: a document's own error shape often has no field for it
     * (xero's {@code Elements}), and a team debugging its client must still see it.
     */
    public static final String REFUSAL_HEADER = "X-Kit-Refusal";

    private static String headerText(String message) {
        StringBuilder out = new StringBuilder();
        message.codePoints().limit(300).forEach(c -> out.append(c >= 0x20 && c < 0x7f ? (char) c : '?'));
        return out.toString();
    }

    /** @return the contract's example for this status as written (a borrowed one gets the reason phrase) */
    public Reply example(int status, Optional<DeclaredResponses> own) {
        return build(status, own, Optional.empty());
    }

    private Reply build(int status, Optional<DeclaredResponses> own, Optional<String> message) {
        Optional<DeclaredResponses.Example> covering = own.flatMap(o -> o.forCode(status));
        if (covering.isPresent() && covering.get().mediaType().isEmpty()) {
            // the operation declares this status (exactly, by range or as default) without content: no body either
            return Reply.of(status, "", new byte[0]);
        }
        Optional<DeclaredResponses.Example> declaredAsIs = covering
                .filter(e -> !Json.isJson(e.mediaType()) || !e.value().isObject());
        if (declaredAsIs.isPresent()) {
            // the operation declares this status with a body that is not a JSON object (tictactoe's text/html 400):
            // its example as written, in its own media type, since no field of it can carry the reason
            DeclaredResponses.Example e = declaredAsIs.get();
            return Reply.of(status, e.mediaType(), Json.bytes(e.value(), e.mediaType()));
        }
        Optional<Template> direct = find(status, own);
        boolean borrowed = direct.isEmpty();
        Optional<Template> template = direct.or(() -> find(400, own)).or(this::anyClientError);
        String reason = message.orElse(borrowed ? REASONS.getOrDefault(status, "Error") : "");
        if (template.isEmpty()) {
            // the document declares no error response at all: RFC 9457 problem details
            ObjectNode body = Json.MAPPER.createObjectNode().put("type", "about:blank")
                    .put("title", REASONS.getOrDefault(status, "Error")).put("status", status);
            if (!reason.isEmpty()) {
                body.put("detail", reason);
            }
            return Reply.of(status, "application/problem+json", Json.bytes(body, "application/json"));
        }
        Template t = template.get();
        JsonNode body = t.example().value();
        if (!reason.isEmpty()) {
            body = t.fitting(body, "message", reason);
        }
        if (borrowed) {
            body = withCode(t, body, status);
        }
        return Reply.of(status, t.example().mediaType(), Json.bytes(body, t.example().mediaType()));
    }

    /** The operation's own response for the status (exact, range or default), else the API's first exact one. */
    private Optional<Template> find(int status, Optional<DeclaredResponses> own) {
        return own.flatMap(o -> template(o, status, false))
                .or(() -> all.stream().flatMap(o -> template(o, status, true).stream()).findFirst());
    }

    private Optional<Template> anyClientError() {
        return all.stream().flatMap(o -> o.statuses().stream().filter(s -> s.matches("4\\d\\d"))
                .flatMap(s -> template(o, Integer.parseInt(s), true).stream())).findFirst();
    }

    private static Optional<Template> template(DeclaredResponses responses, int status, boolean exactOnly) {
        if (exactOnly && !responses.statuses().contains(String.valueOf(status))) {
            return Optional.empty();
        }
        return responses.forCode(status)
                .filter(e -> Json.isJson(e.mediaType()) && e.value().isObject())
                .map(e -> new Template(responses, e));
    }

    /**
     * Names the status in the borrowed body's error code, in every field and spelling the schema takes:
     * {@code code: METHOD_NOT_ALLOWED} (coupons), {@code error} and {@code errorDetail: MethodNotAllowed} (answers).
     */
    private static JsonNode withCode(Template t, JsonNode body, int status) {
        String upper = constant(status);
        String pascal = Arrays.stream(upper.split("_"))
                .map(w -> w.charAt(0) + w.substring(1).toLowerCase(Locale.ROOT)).collect(Collectors.joining());
        JsonNode out = body;
        for (String field : List.of("code", "error", "errorDetail")) {
            for (String value : List.of(upper, pascal)) {
                JsonNode fitted = t.fitting(out, field, value);
                if (fitted != out) {
                    out = fitted;
                    break;
                }
            }
        }
        return out;
    }

    /** {@code 405} to {@code METHOD_NOT_ALLOWED}. */
    private static String constant(int status) {
        return REASONS.getOrDefault(status, "Error").toUpperCase(Locale.ROOT).replace(' ', '_');
    }

    private record Template(DeclaredResponses responses, DeclaredResponses.Example example) {
        /** @return the body with the string field set to the value, or unchanged when the schema forbids that */
        JsonNode fitting(JsonNode body, String field, String value) {
            JsonNode copy = body.deepCopy();
            Optional<ObjectNode> holder = Json.holderOf(copy, field);
            if (holder.isEmpty()) {
                return body;
            }
            holder.get().put(field, value);
            String schema = example.mediaPointer() + "/schema";
            boolean fits = responses.document().at(schema).isMissingNode()
                    || responses.document().validator().validate(schema, copy, "error reply").isEmpty();
            return fits ? copy : body;
        }
    }
}
