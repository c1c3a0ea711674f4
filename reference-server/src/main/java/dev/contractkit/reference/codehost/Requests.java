package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/** Reading path ids and bodies (form-encoded or JSON), checked against the version's contract. */
final class Requests {
    private Requests() {
    }

    /** @return the path parameter as a positive id, or 400 naming it */
    static long id(ServerRequest req, String name) {
        String raw = req.path().pathParameters().get(name);
        try {
            long v = Long.parseLong(raw);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw ApiError.invalid(name + " must be a positive integer, got '" + raw + "'");
    }

    /**
     * The body as JSON fields: a form-encoded body's values become booleans and integers where the schema
     * says so, so one contract check covers both encodings. The body is checked against {@code schema}.
     */
    static ObjectNode body(ServerRequest req, ObjectMapper mapper, ContractRules rules, String schema) {
        String type = req.headers().first(HeaderNames.CONTENT_TYPE).orElse("").toLowerCase();
        if (raw(req).isEmpty()) {
            throw ApiError.invalid("a request body is required");
        }
        JsonNode node;
        if (type.startsWith("application/x-www-form-urlencoded")) {
            node = form(raw(req), rules, schema, mapper);
        } else if (type.startsWith("application/json")) {
            node = json(raw(req), mapper);
        } else {
            throw new ApiError(Status.UNSUPPORTED_MEDIA_TYPE_415, "UNSUPPORTED_MEDIA_TYPE",
                    "send the body as application/x-www-form-urlencoded or application/json");
        }
        if (!node.isObject()) {
            throw ApiError.invalid("the body must be a JSON object");
        }
        Map<String, String> problems = rules.body(schema, node);
        if (!problems.isEmpty()) {
            throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", "invalid body", problems);
        }
        return (ObjectNode) node;
    }

    /** @return the body's text, read once per request (a handler may look at it before the contract check) */
    static String raw(ServerRequest req) {
        Optional<String> cached = req.context().get(RAW_BODY, String.class);
        if (cached.isPresent()) {
            return cached.get();
        }
        String text = req.content().hasEntity() ? req.content().as(String.class) : "";
        req.context().register(RAW_BODY, text);
        return text;
    }

    private static final String RAW_BODY = "codehost.raw-body";

    private static JsonNode json(String text, ObjectMapper mapper) {
        if (text.isBlank()) {
            throw ApiError.invalid("a JSON body is required");
        }
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw ApiError.invalid("malformed JSON body: " + e.getOriginalMessage());
        }
    }

    private static ObjectNode form(String text, ContractRules rules, String schema, ObjectMapper mapper) {
        ObjectNode out = mapper.createObjectNode();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            String type = rules.document().resolve(rules.document()
                    .at("/components/schemas/" + schema + "/properties/" + name)).path("type").asText();
            out.set(name, switch (type) {
                case "boolean" -> value.equals("true") ? BooleanNode.TRUE
                        : value.equals("false") ? BooleanNode.FALSE : TextNode.valueOf(value);
                case "integer" -> value.matches("-?\\d{1,18}") ? LongNode.valueOf(Long.parseLong(value)) : TextNode.valueOf(value);
                default -> TextNode.valueOf(value);
            });
        }
        return out;
    }
}
