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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reading path ids and bodies, checked against the version's contract. A write's body may be JSON,
 * {@code application/x-www-form-urlencoded} or {@code multipart/form-data}, as the original takes for every write.
 */
final class Requests {
    private static final String RAW_BODY = "codehost.raw-body";

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
     * The body as JSON fields: the values of a form-encoded or multipart body become booleans and integers where
     * the schema says so, so one contract check covers the three encodings. Repeated {@code name[]} fields (the
     * Rails convention for arrays) become one comma-separated value where the schema's {@code name} is text. The
     * body is checked against {@code schema}.
     */
    static ObjectNode body(ServerRequest req, ObjectMapper mapper, ContractRules rules, String schema) {
        if (bytes(req).length == 0) {
            throw ApiError.invalid("a request body is required");
        }
        JsonNode node = switch (encoding(req)) {
            case JSON -> json(raw(req), mapper);
            case FORM -> typed(FormFields.urlEncoded(raw(req)), rules, schema, mapper);
            case MULTIPART -> typed(FormFields.multipart(bytes(req), contentType(req)), rules, schema, mapper);
        };
        if (!node.isObject()) {
            throw ApiError.invalid("the body must be a JSON object");
        }
        Map<String, String> problems = rules.body(schema, node);
        if (!problems.isEmpty()) {
            throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", "invalid body", problems);
        }
        return (ObjectNode) node;
    }

    /**
     * The body's fields as sent, before any check: a JSON object as it is, form and multipart fields as text.
     * Empty when the body is no object (the contract check then says why).
     */
    static Optional<JsonNode> fieldsAsSent(ServerRequest req, ObjectMapper mapper) {
        try {
            JsonNode node = switch (encoding(req)) {
                case JSON -> mapper.readTree(raw(req));
                case FORM -> text(FormFields.urlEncoded(raw(req)), mapper);
                case MULTIPART -> text(FormFields.multipart(bytes(req), contentType(req)), mapper);
            };
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (JsonProcessingException | ApiError e) {
            return Optional.empty();
        }
    }

    /** @return whether the request has a body with at least one byte */
    static boolean hasBody(ServerRequest req) {
        return bytes(req).length > 0;
    }

    /** @return the body's text, read once per request (a handler may look at it before the contract check) */
    static String raw(ServerRequest req) {
        return new String(bytes(req), StandardCharsets.UTF_8);
    }

    private static byte[] bytes(ServerRequest req) {
        Optional<byte[]> cached = req.context().get(RAW_BODY, byte[].class);
        if (cached.isPresent()) {
            return cached.get();
        }
        byte[] body = req.content().hasEntity() ? req.content().as(byte[].class) : new byte[0];
        req.context().register(RAW_BODY, body);
        return body;
    }

    private enum Encoding { JSON, FORM, MULTIPART }

    private static String contentType(ServerRequest req) {
        return req.headers().first(HeaderNames.CONTENT_TYPE).orElse("");
    }

    private static Encoding encoding(ServerRequest req) {
        String type = contentType(req).toLowerCase(Locale.ROOT);
        if (type.startsWith("application/x-www-form-urlencoded")) {
            return Encoding.FORM;
        }
        if (type.startsWith("multipart/form-data")) {
            return Encoding.MULTIPART;
        }
        if (type.startsWith("application/json")) {
            return Encoding.JSON;
        }
        throw new ApiError(Status.UNSUPPORTED_MEDIA_TYPE_415, "UNSUPPORTED_MEDIA_TYPE",
                "send the body as application/json, application/x-www-form-urlencoded or multipart/form-data");
    }

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

    private static ObjectNode text(List<Map.Entry<String, String>> fields, ObjectMapper mapper) {
        ObjectNode out = mapper.createObjectNode();
        fields.forEach(f -> out.put(f.getKey(), f.getValue()));
        return out;
    }

    private static ObjectNode typed(List<Map.Entry<String, String>> fields, ContractRules rules, String schema,
                                    ObjectMapper mapper) {
        ObjectNode out = mapper.createObjectNode();
        Map<String, List<String>> arrays = new LinkedHashMap<>();
        for (Map.Entry<String, String> f : fields) {
            String name = f.getKey();
            if (name.endsWith("[]") && type(rules, schema, name.substring(0, name.length() - 2)).equals("string")) {
                arrays.computeIfAbsent(name.substring(0, name.length() - 2), k -> new ArrayList<>()).add(f.getValue());
                continue;
            }
            String value = f.getValue();
            out.set(name, switch (type(rules, schema, name)) {
                case "boolean" -> value.equals("true") ? BooleanNode.TRUE
                        : value.equals("false") ? BooleanNode.FALSE : TextNode.valueOf(value);
                case "integer" -> value.matches("-?\\d{1,18}") ? LongNode.valueOf(Long.parseLong(value)) : TextNode.valueOf(value);
                default -> TextNode.valueOf(value);
            });
        }
        arrays.forEach((name, values) -> out.put(name, String.join(",", values)));
        return out;
    }

    private static String type(ContractRules rules, String schema, String property) {
        return rules.document().resolve(rules.document()
                .at("/components/schemas/" + schema + "/properties/" + property.replace("~", "~0").replace("/", "~1")))
                .path("type").asText();
    }
}
