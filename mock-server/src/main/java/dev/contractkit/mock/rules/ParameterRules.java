package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.ParameterValues;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.SchemaMerge;

/**
 * Checks the path, query, header and cookie parameters of a request against the operation's parameter
 * schemas with the contract's {@link dev.contractkit.specs.check.SchemaValidator}. Text values are read as the
 * schema's type first ({@code count=abc} stays a string, so the schema's {@code type} rejects it); arrays by their
 * style (comma, {@code spaceDelimited}, {@code pipeDelimited}, or exploded), objects by theirs ({@link ObjectParameter}:
 * a {@code form}-exploded object sent without any of its properties is read as an empty object). Header parameters
 * named {@code Accept}, {@code Content-Type} or {@code Authorization} are ignored, as OpenAPI says (the media types
 * and security schemes describe them).
 */
public final class ParameterRules {

    private final ContractDocument document;
    private final List<ContractDocument.Parameter> parameters;
    /**
     * Per parameter, the verdict on values already seen: the schema check is deterministic, and a look-up is
     * cheaper per request than running it again. Bounded: past {@link #MEMO_LIMIT} values per parameter nothing
     * more is kept.
     */
    private final List<ConcurrentHashMap<List<String>, Optional<RequestViolation>>> memo;
    private static final int MEMO_LIMIT = 1024;
    /** Per parameter, what does not change between requests: its schema ({@code $ref}s followed, {@code allOf} merged), label. */
    private final List<JsonNode> schemas;
    private final List<String> labels;
    private final boolean[] objects;
    private final boolean[] withSchema;
    private final boolean[] content;

    private static final Set<String> IGNORED_HEADERS = Set.of("accept", "content-type", "authorization");

    public ParameterRules(ContractDocument document, ContractDocument.Operation operation) {
        this.document = document;
        this.parameters = operation.parameters().stream()
                .filter(p -> !(p.in().equals("header") && IGNORED_HEADERS.contains(p.name().toLowerCase(Locale.ROOT))))
                .toList();
        this.memo = parameters.stream().map(p -> new ConcurrentHashMap<List<String>, Optional<RequestViolation>>())
                .toList();
        this.schemas = parameters.stream().map(this::schemaOrNull).toList();
        this.labels = parameters.stream().map(ParameterRules::label).toList();
        this.objects = new boolean[parameters.size()];
        this.withSchema = new boolean[parameters.size()];
        this.content = new boolean[parameters.size()];
        for (int i = 0; i < parameters.size(); i++) {
            objects[i] = schemas.get(i) != null && ObjectParameter.isObject(schemas.get(i));
            withSchema[i] = parameters.get(i).node().has("schema");
            content[i] = parameters.get(i).isContent();
        }
    }

    /**
     * @param request    the request
     * @param pathValues the path parameters taken from the request path
     * @return the first rule the request breaks, as a sentence naming the parameter, or empty
     */
    public Optional<RequestViolation> problem(Incoming request, Map<String, String> pathValues) {
        for (int i = 0; i < parameters.size(); i++) {
            ContractDocument.Parameter p = parameters.get(i);
            JsonNode schema = schemas.get(i) != null ? schemas.get(i) : schema(p); // a schema that failed to merge: as before, per request
            if (content[i]) {
                Optional<RequestViolation> broken = content(p, request, pathValues);
                if (broken.isPresent()) {
                    return broken;
                }
                continue;
            }
            if (objects[i] || (schemas.get(i) == null && ObjectParameter.isObject(schema))) {
                Optional<RequestViolation> broken = object(p, schema, request, pathValues);
                if (broken.isPresent()) {
                    return broken;
                }
                continue;
            }
            List<String> raw = raw(p, request, pathValues);
            if (raw.isEmpty()) {
                if (p.required()) {
                    return Optional.of(new RequestViolation(400, labels.get(i) + " is required"));
                }
                continue;
            }
            if (withSchema[i]) {
                var seen = memo.get(i);
                Optional<RequestViolation> verdict = seen.get(raw);
                if (verdict == null) {
                    verdict = check(p, raw, labels.get(i));
                    if (seen.size() < MEMO_LIMIT) {
                        seen.put(List.copyOf(raw), verdict);
                    }
                }
                if (verdict.isPresent()) {
                    return verdict;
                }
            }
        }
        return Optional.empty();
    }

    /** {@link #schema}, or null when merging it fails (then it is tried per request, where the failure is answered). */
    private JsonNode schemaOrNull(ContractDocument.Parameter p) {
        try {
            return schema(p);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The parameter's schema, {@code $ref}s followed and {@code allOf} parts merged. */
    private JsonNode schema(ContractDocument.Parameter p) {
        JsonNode schema = document.resolve(p.node().path("schema"));
        return schema.has("allOf") ? SchemaMerge.merge(document, schema, null) : schema;
    }

    private Optional<RequestViolation> object(ContractDocument.Parameter p, JsonNode schema, Incoming request,
                                              Map<String, String> pathValues) {
        Optional<ObjectNode> value = ObjectParameter.read(document, p, schema, request, pathValues);
        boolean formExploded = p.in().equals("query") && !p.node().path("style").asText("").equals("deepObject")
                && ParameterValues.explode(p.node(), p.in());
        if (value.isEmpty() && !formExploded) {
            return p.required() ? Optional.of(new RequestViolation(400, label(p) + " is required")) : Optional.empty();
        }
        JsonNode object = value.map(JsonNode.class::cast).orElseGet(Json.MAPPER::createObjectNode);
        List<Finding> findings = document.validator().validate(p.schemaPointer(), object, label(p));
        return findings.isEmpty() || (value.isEmpty() && !p.required()) ? Optional.empty()
                : Optional.of(new RequestViolation(400, RequestViolation.describe(label(p), findings.get(0))
                + " (value: " + object + ")"));
    }

    /**
     * A parameter described by {@code content}: one text in its media type; a JSON one is parsed and checked, another
     * checked as the text it is where its schema is a string.
     */
    private Optional<RequestViolation> content(ContractDocument.Parameter p, Incoming request, Map<String, String> pathValues) {
        List<String> raw = raw(p, request, pathValues);
        if (raw.isEmpty()) {
            return p.required() ? Optional.of(new RequestViolation(400, label(p) + " is required")) : Optional.empty();
        }
        JsonNode value;
        if (!Json.isJson(p.node().path("content").fieldNames().next())) {
            // another media type (telnyx's '*/*' uuid): a string schema takes the text as written, others are not read
            if (!document.at(document.resolvePointer(p.schemaPointer())).path("type").asText().equals("string")) {
                return Optional.empty();
            }
            value = Json.MAPPER.getNodeFactory().textNode(raw.get(0));
        } else {
            try {
                value = Json.MAPPER.readTree(raw.get(0));
            } catch (IOException e) {
                return Optional.of(new RequestViolation(400, label(p) + " is not valid JSON (value: " + raw.get(0) + ")"));
            }
        }
        List<Finding> findings = document.validator().validate(p.schemaPointer(), value, label(p));
        return findings.isEmpty() ? Optional.empty()
                : Optional.of(new RequestViolation(400, RequestViolation.describe(label(p), findings.get(0))));
    }

    /** The parameter's values as the request carries them (path, query, header or cookie). */
    private static List<String> raw(ContractDocument.Parameter p, Incoming request, Map<String, String> pathValues) {
        return switch (p.in()) {
            case "path" -> pathValue(p, request, pathValues);
            case "query" -> request.query(p.name());
            case "header" -> request.headers(p.name());
            case "cookie" -> request.cookie(p.name());
            default -> List.of();
        };
    }

    /**
     * A path parameter's value: from the path, or, for one a template writes after its {@code ?}
     * ({@code /rides?page={page}}, as icons8's and other documents do), from the query.
     */
    private static List<String> pathValue(ContractDocument.Parameter p, Incoming request, Map<String, String> pathValues) {
        String value = pathValues.get(p.name());
        return value != null ? List.of(value) : request.query(p.name());
    }

    private static String label(ContractDocument.Parameter p) {
        return p.in() + " parameter '" + p.name() + "'";
    }

    private Optional<RequestViolation> check(ContractDocument.Parameter p, List<String> raw, String label) {
        List<String> items = delimited(p, raw);
        JsonNode value = value(document.resolve(p.node().get("schema")), items, items != raw || explode(p));
        List<Finding> findings = document.validator().validate(p.schemaPointer(), value, label);
        return findings.isEmpty() ? Optional.empty() : Optional.of(new RequestViolation(400,
                RequestViolation.describe(label, findings.get(0)) + " (value: " + String.join(",", raw) + ")"));
    }

    private static boolean explode(ContractDocument.Parameter p) {
        return ParameterValues.explode(p.node(), p.in());
    }

    private JsonNode value(JsonNode schema, List<String> raw, boolean explode) {
        return ParameterValues.value(schema, document.resolve(schema.path("items")), raw, explode);
    }

    /** Space- and pipe-delimited arrays as exploded ones: one value per item. */
    private static List<String> delimited(ContractDocument.Parameter p, List<String> raw) {
        String style = p.node().path("style").asText("");
        String separator = style.equals("spaceDelimited") ? " " : style.equals("pipeDelimited") ? "\\|" : null;
        if (separator == null || ParameterValues.explode(p.node(), p.in())) {
            return raw;
        }
        return raw.stream().flatMap(v -> Arrays.stream(v.split(separator, -1))).toList();
    }
}
