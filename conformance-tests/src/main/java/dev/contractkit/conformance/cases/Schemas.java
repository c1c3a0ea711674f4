package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;

import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/** Reading OpenAPI 3.0 schemas for generation: {@code $ref}s followed, {@code allOf} merged, bounds normalised. */
public final class Schemas {
    private final ContractDocument document;

    Schemas(ContractDocument document) {
        this.document = document;
    }

    /** @return the schema with its {@code $ref}s followed and its {@code allOf} parts merged into one object */
    JsonNode resolve(JsonNode schema) {
        JsonNode s = document.resolve(schema);
        if (!s.has("allOf")) {
            return s;
        }
        ObjectNode merged = s.deepCopy();
        merged.remove("allOf");
        ObjectNode properties = merged.has("properties") ? (ObjectNode) merged.get("properties") : merged.objectNode();
        Set<String> required = new LinkedHashSet<>();
        merged.path("required").forEach(r -> required.add(r.asText()));
        for (JsonNode part : s.get("allOf")) {
            JsonNode p = resolve(part);
            p.path("properties").properties().forEach(f -> properties.set(f.getKey(), f.getValue()));
            p.path("required").forEach(r -> required.add(r.asText()));
            p.properties().forEach(f -> {
                if (!merged.has(f.getKey()) && !f.getKey().equals("properties") && !f.getKey().equals("required")) {
                    merged.set(f.getKey(), f.getValue());
                }
            });
        }
        if (!properties.isEmpty()) {
            merged.set("properties", properties);
        }
        if (!required.isEmpty()) {
            ArrayNode r = merged.arrayNode();
            required.forEach(r::add);
            merged.set("required", r);
        }
        return merged;
    }

    /** @return the schema's type; inferred from its keywords when it names none */
    public static String type(JsonNode s) {
        JsonNode t = s.path("type");
        if (t.isTextual()) {
            return t.asText();
        }
        if (t.isArray()) {
            for (JsonNode item : t) {
                if (!item.asText().equals("null")) {
                    return item.asText();
                }
            }
        }
        if (s.has("properties") || s.has("additionalProperties")) {
            return "object";
        }
        if (s.has("items")) {
            return "array";
        }
        if (s.has("enum") && s.get("enum").size() > 0) {
            JsonNode first = s.get("enum").get(0);
            return first.isIntegralNumber() ? "integer" : first.isNumber() ? "number" : first.isBoolean() ? "boolean" : "string";
        }
        return "string";
    }

    /** @return the smallest allowed value, exclusive bounds (3.0 booleans or 3.1 numbers) stepped by {@code step} */
    static Optional<BigDecimal> lower(JsonNode s, BigDecimal step) {
        return bound(s, "minimum", "exclusiveMinimum", step);
    }

    /** @return the largest allowed value, exclusive bounds stepped back by {@code step} */
    static Optional<BigDecimal> upper(JsonNode s, BigDecimal step) {
        return bound(s, "maximum", "exclusiveMaximum", step.negate());
    }

    private static Optional<BigDecimal> bound(JsonNode s, String inclusive, String exclusive, BigDecimal step) {
        JsonNode ex = s.path(exclusive);
        if (ex.isNumber()) {
            return Optional.of(ex.decimalValue().add(step));
        }
        if (!s.path(inclusive).isNumber()) {
            return Optional.empty();
        }
        BigDecimal b = s.get(inclusive).decimalValue();
        return Optional.of(ex.asBoolean(false) ? b.add(step) : b);
    }
}
