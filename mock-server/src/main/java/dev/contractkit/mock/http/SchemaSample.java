package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Iterator;
import java.util.Map;

/**
 * A value built from a schema, for a response the contract gives no example of: the schema's own
 * {@code example}, {@code default}, {@code const} or first {@code enum} value where there is one; else, by type,
 * an object with its required properties (all properties when none is required), an array with one item
 * ({@code minItems} when larger), a string fitting {@code format} and length (not {@code pattern}), a number
 * within its bounds. Composition: the first {@code oneOf}/{@code anyOf} branch, every {@code allOf} part merged. The
 * result is validated at start-up like every example, so a schema this cannot satisfy is reported, not served.
 */
public final class SchemaSample {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_DEPTH = 12;

    private final ContractDocument doc;

    private SchemaSample(ContractDocument doc) {
        this.doc = doc;
    }

    /** @return a value for the schema at this node of the document */
    public static JsonNode of(ContractDocument doc, JsonNode schema) {
        return new SchemaSample(doc).sample(schema, 0);
    }

    private JsonNode sample(JsonNode schemaNode, int depth) {
        JsonNode s = doc.resolve(schemaNode);
        for (String given : new String[]{"example", "default", "const"}) {
            if (s.has(given)) {
                return s.get(given);
            }
        }
        if (s.path("examples").isArray() && !s.path("examples").isEmpty()) {
            return s.path("examples").get(0);
        }
        if (s.path("enum").isArray() && !s.path("enum").isEmpty()) {
            return s.path("enum").get(0);
        }
        for (String choice : new String[]{"oneOf", "anyOf"}) {
            if (s.path(choice).isArray() && !s.path(choice).isEmpty()) {
                return sample(s.path(choice).get(0), depth + 1);
            }
        }
        if (s.path("allOf").isArray()) {
            ObjectNode merged = NODES.objectNode();
            for (JsonNode part : s.path("allOf")) {
                JsonNode v = sample(part, depth + 1);
                if (v instanceof ObjectNode o) {
                    merged.setAll(o);
                }
            }
            if (s.has("properties")) {
                JsonNode own = object(s, depth);
                merged.setAll((ObjectNode) own);
            }
            return merged;
        }
        String type = type(s);
        return switch (type) {
            case "object" -> depth > MAX_DEPTH ? NODES.objectNode() : object(s, depth);
            case "array" -> array(s, depth);
            case "integer" -> NODES.numberNode(integer(s));
            case "number" -> NODES.numberNode(number(s));
            case "boolean" -> NODES.booleanNode(true);
            case "null" -> NODES.nullNode();
            default -> NODES.textNode(string(s));
        };
    }

    private String type(JsonNode s) {
        JsonNode t = s.path("type");
        if (t.isArray()) {
            for (JsonNode each : t) {
                if (!each.asText().equals("null")) {
                    return each.asText();
                }
            }
            return "null";
        }
        if (t.isTextual()) {
            return t.asText();
        }
        return s.has("properties") ? "object" : s.has("items") ? "array" : "string";
    }

    private JsonNode object(JsonNode s, int depth) {
        ObjectNode out = NODES.objectNode();
        JsonNode required = s.path("required");
        for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            boolean wanted = required.isEmpty() || contains(required, p.getKey());
            if (wanted) {
                out.set(p.getKey(), sample(p.getValue(), depth + 1));
            }
        }
        return out;
    }

    private ArrayNode array(JsonNode s, int depth) {
        ArrayNode out = NODES.arrayNode();
        int count = Math.max(1, s.path("minItems").asInt(0));
        if (s.has("maxItems") && s.path("maxItems").asInt() == 0) {
            return out;
        }
        for (int i = 0; i < count && depth <= MAX_DEPTH; i++) {
            out.add(sample(s.path("items"), depth + 1));
        }
        return out;
    }

    private static long integer(JsonNode s) {
        BigDecimal n = number(s);
        long v = n.setScale(0, RoundingMode.CEILING).longValue();
        if (s.has("maximum") && v > s.path("maximum").asLong()) {
            v = s.path("maximum").asLong();
        }
        return v;
    }

    private static BigDecimal number(JsonNode s) {
        BigDecimal value = BigDecimal.ONE;
        if (s.has("minimum")) {
            value = s.path("minimum").decimalValue();
        }
        if (s.has("exclusiveMinimum") && s.path("exclusiveMinimum").isNumber()) {
            value = s.path("exclusiveMinimum").decimalValue().add(BigDecimal.ONE);
        }
        if (s.has("maximum") && value.compareTo(s.path("maximum").decimalValue()) > 0) {
            value = s.path("maximum").decimalValue();
        }
        if (s.has("multipleOf")) {
            BigDecimal step = s.path("multipleOf").decimalValue();
            value = value.divide(step, 0, RoundingMode.CEILING).multiply(step);
        }
        return value;
    }

    private static String string(JsonNode s) {
        String value = switch (s.path("format").asText("")) {
            case "date-time" -> "2026-01-01T00:00:00Z";
            case "date" -> "2026-01-01";
            case "time" -> "00:00:00Z";
            case "uuid" -> "00000000-0000-4000-8000-000000000000";
            case "email" -> "user@example.com";
            case "uri", "url" -> "https://example.com/";
            case "hostname" -> "example.com";
            case "ipv4" -> "192.0.2.1";
            case "ipv6" -> "2001:db8::1";
            case "byte" -> "AA==";
            case "duration" -> "PT1S";
            default -> "string";
        };
        int min = s.path("minLength").asInt(0);
        int max = s.path("maxLength").asInt(Integer.MAX_VALUE);
        StringBuilder b = new StringBuilder(value);
        while (b.length() < min) {
            b.append('x');
        }
        return b.length() > max ? b.substring(0, max) : b.toString();
    }

    private static boolean contains(JsonNode array, String name) {
        for (JsonNode n : array) {
            if (n.asText().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
