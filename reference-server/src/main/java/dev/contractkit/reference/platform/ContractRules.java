package dev.contractkit.reference.platform;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.check.ParameterValues;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.SchemaValidator;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates request bodies and query parameters against an API contract's own schemas (the kit's
 * shared {@link SchemaValidator}), and turns each finding into a per-field message for {@code details}
 * written from the field's schema ("must be between 1 and 100", "is required" ...). The contract stays the
 * only source of the constraints.
 */
public final class ContractRules {
    private static final Pattern PROPERTY = Pattern.compile("property '([^']+)'");

    private final ContractDocument doc;
    private final SchemaValidator validator;
    private final Set<String> serverManaged;
    /** Each operation's query parameters with their resolved schemas (finding them walked the contract per request). */
    private final ConcurrentHashMap<String, List<QueryParameter>> queryParameters =
            new ConcurrentHashMap<>();

    /**
     * A query parameter, with the verdicts on values already seen: the schema check is deterministic, and it costs
     * a twentieth of a coupons list (docs/performance.md). Past {@link #MEMO_LIMIT} values nothing more is kept.
     */
    private record QueryParameter(String name, String pointer, JsonNode schema,
                                  ConcurrentHashMap<String, Boolean> valid) {
        QueryParameter(String name, String pointer, JsonNode schema) {
            this(name, pointer, schema, new ConcurrentHashMap<>());
        }
    }

    private static final int MEMO_LIMIT = 1024;

    /**
     * @param doc the API's contract
     */
    public ContractRules(ContractDocument doc) {
        this(doc, Set.of());
    }

    /**
     * @param doc           the API's contract
     * @param serverManaged fields the server sets (a body that sends one is told so, not "unknown field")
     */
    public ContractRules(ContractDocument doc, Set<String> serverManaged) {
        this.doc = doc;
        this.validator = doc.validator();
        this.serverManaged = Set.copyOf(serverManaged);
    }

    /**
     * Reads a request's JSON body.
     *
     * @param req    the request
     * @param mapper the API's mapper
     * @return the parsed body
     * @throws ApiError 400 {@code INVALID_REQUEST} for a missing body or malformed JSON, naming line and column
     */
    public static JsonNode jsonBody(ServerRequest req, ObjectMapper mapper) {
        if (!req.content().hasEntity()) {
            throw ApiError.invalid("request validation failed").withDetails("a JSON body is required");
        }
        byte[] bytes = req.content().as(byte[].class);
        try {
            JsonNode node = mapper.readTree(bytes);
            if (node == null || node.isMissingNode()) {
                throw ApiError.invalid("request validation failed").withDetails("a JSON body is required");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw ApiError.invalid("malformed JSON body").withDetails(e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw ApiError.invalid("malformed JSON body").withDetails(e.getMessage());
        }
    }

    /** @return the contract */
    public ContractDocument document() {
        return doc;
    }

    /**
     * @param schema  a component schema name, e.g. {@code CouponCreate}
     * @param body    the parsed body
     * @return field name to message; empty when the body is valid
     */
    public Map<String, String> body(String schema, JsonNode body) {
        String pointer = "/components/schemas/" + schema;
        Map<String, String> out = new LinkedHashMap<>();
        if (!body.isObject()) {
            out.put("body", "must be a JSON object");
            return out;
        }
        for (Finding f : validator.validate(pointer, body, schema)) {
            String field = field(f);
            if (field.isEmpty()) {
                if (f.message().contains("properties")) {
                    out.putIfAbsent("body", "must hold at least one field");
                }
                continue;
            }
            JsonNode fieldSchema = doc.resolve(doc.at(pointer + "/properties/" + field));
            String message;
            if (f.message().contains("required")) {
                message = "is required";
            } else if (fieldSchema.isMissingNode()) {
                message = serverManaged.contains(field) ? "is set by the server and may not be sent" : "is not a known field";
            } else {
                message = describe(fieldSchema, body.get(field));
            }
            out.putIfAbsent(field, message);
        }
        return out;
    }

    /**
     * Checks an operation's query parameters (raw text) against their schemas.
     *
     * @throws ApiError 400 with a message per bad parameter
     */
    public void query(String operationId, ServerRequest req) {
        Map<String, String> out = new LinkedHashMap<>();
        for (QueryParameter p : queryParameters.computeIfAbsent(operationId, this::queryParameters)) {
            Optional<String> raw = req.query().first(p.name()).asOptional();
            if (raw.isEmpty()) {
                continue;
            }
            Boolean valid = p.valid().get(raw.get());
            if (valid == null) {
                JsonNode value = coerce(p.schema(), raw.get());
                valid = value != null && validator.validate(p.pointer(), value, operationId).isEmpty();
                if (p.valid().size() < MEMO_LIMIT) {
                    p.valid().put(raw.get(), valid);
                }
            }
            if (!valid) {
                out.put(p.name(), describe(p.schema(), coerce(p.schema(), raw.get())));
            }
        }
        if (!out.isEmpty()) {
            throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST", "invalid query parameters", out);
        }
    }

    private List<QueryParameter> queryParameters(String operationId) {
        return doc.operation(operationId).orElseThrow().parameters().stream()
                .filter(p -> p.in().equals("query"))
                .map(p -> new QueryParameter(p.name(), p.schemaPointer(), doc.resolve(doc.at(p.schemaPointer()))))
                .toList();
    }

    /**
     * @return the query text as the value its schema reads ({@link ParameterValues}), or null for an integer beyond a
     *         long: the handlers read integers as numbers of Java, so such a value is refused here as not one
     */
    private static JsonNode coerce(JsonNode schema, String raw) {
        JsonNode value = ParameterValues.scalar(schema, raw);
        return value.isBigInteger() && !value.canConvertToLong() ? null : value;
    }

    private static String field(Finding f) {
        String pointer = f.pointer();
        if (pointer.startsWith("/") && pointer.length() > 1) {
            int slash = pointer.indexOf('/', 1);
            return pointer.substring(1, slash < 0 ? pointer.length() : slash);
        }
        Matcher m = PROPERTY.matcher(f.message());
        return m.find() ? m.group(1) : "";
    }

    /** The rule a value breaks, in words, from its schema (the contract's wording: "must be between 1 and 100"). */
    static String describe(JsonNode s, JsonNode value) {
        String type = s.path("type").asText();
        if (s.has("enum")) {
            List<String> values = new ArrayList<>();
            s.get("enum").forEach(v -> values.add(v.asText()));
            return "must be one of " + String.join(", ", values);
        }
        switch (type) {
            case "integer", "number" -> {
                if (s.has("minimum") && s.has("maximum")) {
                    return "must be between " + s.get("minimum").asText() + " and " + s.get("maximum").asText();
                }
                if (s.has("minimum")) {
                    return "must be at least " + s.get("minimum").asText();
                }
                return type.equals("integer") ? "must be an integer" : "must be a number";
            }
            case "boolean" -> {
                return "must be true or false";
            }
            case "string" -> {
                if ("date-time".equals(s.path("format").asText())) {
                    return "must be an ISO 8601 date-time";
                }
                if (value == null || !value.isTextual()) {
                    return "must be a string";
                }
                if (s.has("pattern") && value.asText().isBlank()) {
                    return "must not be blank";
                }
                if (value.asText().length() < s.path("minLength").asInt(0)) {
                    return value.asText().isEmpty() ? "must not be empty"
                            : "must be at least " + s.get("minLength").asText() + " characters";
                }
                if (s.has("maxLength") && value.asText().length() > s.get("maxLength").asInt()) {
                    return "must be at most " + s.get("maxLength").asText() + " characters";
                }
                return "is not valid";
            }
            default -> {
                return "is not valid";
            }
        }
    }
}
