package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.ContractDocument.Parameter;
import dev.contractkit.specs.check.Pointers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Builds requests an operation's contract allows: the baseline (parameter and body examples, else values built
 * from the schemas) and bodies with seeded random values.
 */
final class ValidDrafts {
    private final Contract contract;
    private final Schemas schemas;
    private final Values values;

    ValidDrafts(Contract contract, Schemas schemas, Values values) {
        this.contract = contract;
        this.schemas = schemas;
        this.values = values;
    }

    /** @return the examples and defaults: each parameter's example, a built value for a required one without */
    RequestDraft baseline(Operation op) {
        Map<String, RequestDraft.Value> map = new LinkedHashMap<>();
        for (Parameter p : Parameters.of(op)) {
            exampleOf(p).or(() -> p.required() ? Optional.of(values.canonical(contract.document().at(p.schemaPointer())))
                    : Optional.empty()).ifPresent(v -> map.put(RequestDraft.key(p), new RequestDraft.Value(p, v)));
        }
        return new RequestDraft(map, body(op, Optional.empty()));
    }

    private static Optional<JsonNode> exampleOf(Parameter p) {
        JsonNode example = p.example();
        if (example.isMissingNode() && p.node().path("examples").isObject()) {
            example = p.node().path("examples").elements().hasNext()
                    ? p.node().path("examples").elements().next().path("value") : example;
        }
        return example.isMissingNode() ? Optional.empty() : Optional.of(example);
    }

    /** @return the body with random values, or empty for the example body (else one built from the schema) */
    Optional<RequestDraft.Body> body(Operation op, Optional<SplittableRandom> random) {
        Optional<String> pointer = op.requestBody();
        if (pointer.isEmpty()) {
            return Optional.empty();
        }
        JsonNode content = contract.document().at(pointer.get()).path("content");
        List<String> declared = fieldNames(content);
        Optional<String> media = declared.stream().filter(k -> Contract.isJson(concrete(content, k))).findFirst()
                .or(() -> declared.stream().filter(m -> Contract.covers(RequestDraft.Body.FORM, m)).findFirst());
        if (media.isEmpty() && !declared.isEmpty()) {
            return Optional.of(rawBody(pointer.get(), declared.get(0)));
        }
        if (media.isEmpty()) {
            return Optional.empty();
        }
        JsonNode m = content.get(media.get());
        String schema = Pointers.append(pointer.get(), "content", media.get(), "schema");
        Optional<JsonNode> example = Optional.ofNullable(m.get("example"))
                .or(() -> m.path("examples").isObject() && m.path("examples").elements().hasNext()
                        ? Optional.of(contract.document().resolve(m.path("examples").elements().next()).path("value"))
                        : Optional.empty());
        JsonNode value = random.map(r -> withExampleWhereInvalid(op, schema, values.random(m.path("schema"), r), example))
                .or(() -> example)
                .orElseGet(() -> values.canonical(m.path("schema")));
        String mediaType = concrete(content, media.get());
        if (Contract.covers(RequestDraft.Body.FORM, mediaType) && value instanceof ObjectNode form) {
            notEmptyWhereRequired(form, schemas.resolve(m.path("schema")), example);
        }
        return Optional.of(new RequestDraft.Body(mediaType, schema, value));
    }

    /**
     * In a form, an empty list travels as nothing: a required property given one would be missing (twilio's
     * {@code Scopes}), so it takes the example's value.
     */
    private void notEmptyWhereRequired(ObjectNode form, JsonNode schema, Optional<JsonNode> example) {
        schema.path("required").forEach(r -> {
            String name = r.asText();
            JsonNode v = form.get(name);
            if (v == null || !v.isArray() || !v.isEmpty()) {
                return;
            }
            JsonNode fromExample = example.map(e -> e.get(name)).orElse(null);
            if (fromExample != null && fromExample.isArray() && !fromExample.isEmpty()) {
                form.set(name, fromExample.deepCopy());
            } else {
                form.set(name, JsonNodeFactory.instance.arrayNode().add(
                        values.canonical(schemas.resolve(schema.path("properties").path(name)).path("items"))));
            }
        });
    }

    /** @return the media type a body declared under that key of a {@code content} object travels in */
    String concrete(JsonNode content, String key) {
        return RequestDraft.Body.concrete(key, schemas.resolve(content.path(key).path("schema")));
    }

    /**
     * A random body whose top-level properties the generator could not make valid (a strict pattern, say) takes
     * those properties from the example, so the other random values are still sent.
     */
    private JsonNode withExampleWhereInvalid(Operation op, String schema, JsonNode value, Optional<JsonNode> example) {
        if (!(value instanceof ObjectNode random) || example.isEmpty()
                || !example.get().isObject()) {
            return value;
        }
        for (var f : contract.validator().validate(schema, random, op.toString())) {
            String[] path = f.pointer().split("/");
            if (path.length > 1 && !path[1].isEmpty()) {
                String name = path[1].replace("~1", "/").replace("~0", "~");
                JsonNode fromExample = example.get().get(name);
                if (fromExample != null) {
                    random.set(name, fromExample.deepCopy());
                } else {
                    random.remove(name);
                }
            }
        }
        return random;
    }

    /**
     * A body that is not JSON or a form: a few bytes of text for a binary or text media type; for multipart, one
     * part per schema property (a {@code format: binary} property is a small text file). Such bodies are sent as
     * they are and not broken: the schema of raw bytes says nothing a server could refuse.
     */
    private RequestDraft.Body rawBody(String bodyPointer, String key) {
        String schema = Pointers.append(bodyPointer, "content", key, "schema");
        JsonNode s = schemas.resolve(contract.document().at(schema));
        String mediaType = RequestDraft.Body.concrete(key, s);
        if (!mediaType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")) {
            return new RequestDraft.Body(mediaType, schema, TextNode.valueOf("region,revenue\nnorth,1\n"));
        }
        ObjectNode parts = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            JsonNode ps = schemas.resolve(p.getValue());
            if (ps.path("format").asText("").equals("binary")) {
                parts.putObject(p.getKey()).put("filename", "kit-conformance.csv").put("content", "region,revenue\nnorth,1\n");
            } else {
                parts.set(p.getKey(), values.canonical(ps));
            }
        }
        return new RequestDraft.Body(mediaType, schema, parts);
    }

    /** @return the keys of a {@code content} object, without an empty one (spoonacular's: no media type to send) */
    static List<String> fieldNames(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(k -> {
            if (!k.isBlank()) {
                out.add(k);
            }
        });
        return out;
    }
}
