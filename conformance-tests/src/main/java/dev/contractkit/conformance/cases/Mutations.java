package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.Pointers;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Builds values a schema refuses, each breaking one rule: below the minimum, above the maximum, far outside
 * (a seeded distance), wrong type, null where the schema does not allow it (JSON only), not in the enum, too short
 * or long, not matching the pattern or format, a required property left out. The caller checks each against the validator before sending it, so a
 * mutation the schema still accepts is never sent as "negative".
 */
final class Mutations {
    private static final int MAX_DEPTH = 6;
    private static final BigDecimal ONE = BigDecimal.ONE;
    private static final Map<String, String> FORMATS = Map.of("date-time", "date-time", "date", "date",
            "time", "time", "email", "email", "uuid", "uuid", "ipv4", "ipv4", "ipv6", "ipv6");

    private final Schemas schemas;

    Mutations(Schemas schemas) {
        this.schemas = schemas;
    }

    /**
     * One way to break a value.
     *
     * @param pointer where, relative to the value's root ("" for the value itself)
     * @param value   what to put there; a missing node means "leave it out"
     * @param reason  e.g. {@code above maximum 100}
     */
    record Mutation(String pointer, JsonNode value, String reason) {
        /** @return a copy of {@code root} with this mutation applied */
        JsonNode applyTo(JsonNode root) {
            if (pointer.isEmpty()) {
                return value;
            }
            JsonNode copy = root.deepCopy();
            int cut = pointer.lastIndexOf('/');
            JsonNode parent = copy.at(pointer.substring(0, cut));
            String token = pointer.substring(cut + 1).replace("~1", "/").replace("~0", "~");
            if (parent instanceof ObjectNode o) {
                if (value.isMissingNode()) {
                    o.remove(token);
                } else {
                    o.set(token, value);
                }
            } else if (parent instanceof ArrayNode a) {
                a.set(Integer.parseInt(token), value);
            }
            return copy;
        }
    }

    /**
     * @param schema the schema
     * @param valid  a value it accepts (objects and arrays are broken inside this value)
     * @param random the seeded source for the "far outside" values
     * @param onWire true for parameters and form bodies, which travel as text: type changes the text cannot
     *               show are left out
     * @return the mutations, in a stable order
     */
    List<Mutation> of(JsonNode schema, JsonNode valid, SplittableRandom random, boolean onWire) {
        List<Mutation> out = new ArrayList<>();
        collect(schema, valid, "", random, onWire, 0, out);
        return out;
    }

    private void collect(JsonNode schemaNode, JsonNode valid, String at, SplittableRandom rnd, boolean onWire,
                         int depth, List<Mutation> out) {
        JsonNode s = schemas.resolve(schemaNode);
        if (!onWire && !at.isEmpty() && !Schemas.type(s).isEmpty() && !s.path("nullable").asBoolean(false)) {
            // JSON only: a form or a parameter cannot carry null
            out.add(new Mutation(at, NullNode.getInstance(), "null where the schema does not allow it"));
        }
        if (s.has("enum")) {
            out.add(new Mutation(at, notInEnum(s), "not one of " + s.get("enum")));
        }
        switch (Schemas.type(s)) {
            case "integer", "number" -> numbers(s, Schemas.type(s).equals("integer"), at, rnd, out);
            case "string" -> strings(s, at, onWire, out);
            case "boolean" -> out.add(new Mutation(at, TextNode.valueOf("kit-not-a-boolean"), "not a boolean"));
            case "array" -> arrays(s, valid, at, rnd, onWire, depth, out);
            case "object" -> objects(s, valid, at, rnd, onWire, depth, out);
            default -> {
            }
        }
    }

    private static JsonNode notInEnum(JsonNode s) {
        if (!Schemas.type(s).equals("integer") && !Schemas.type(s).equals("number")) {
            return TextNode.valueOf("kit-not-in-enum");
        }
        long max = Long.MIN_VALUE;
        for (JsonNode e : s.get("enum")) {
            max = Math.max(max, e.asLong());
        }
        return LongNode.valueOf(max + 1);
    }

    private static void numbers(JsonNode s, boolean integer, String at, SplittableRandom rnd, List<Mutation> out) {
        Schemas.lower(s, ONE).ifPresent(lo -> {
            out.add(new Mutation(at, number(lo.subtract(ONE), integer), "below minimum " + bound(s, "minimum")));
            BigDecimal far = lo.subtract(ONE).subtract(BigDecimal.valueOf(1 + rnd.nextInt(1000)));
            out.add(new Mutation(at, number(far, integer), "far below minimum " + bound(s, "minimum")));
        });
        Schemas.upper(s, ONE).ifPresent(hi -> {
            out.add(new Mutation(at, number(hi.add(ONE), integer), "above maximum " + bound(s, "maximum")));
            BigDecimal far = hi.add(ONE).add(BigDecimal.valueOf(1 + rnd.nextInt(1000)));
            out.add(new Mutation(at, number(far, integer), "far above maximum " + bound(s, "maximum")));
        });
        if (integer) {
            BigDecimal base = Schemas.lower(s, ONE).orElse(Schemas.upper(s, ONE).orElse(ONE).min(ONE));
            out.add(new Mutation(at, DecimalNode.valueOf(base.add(new BigDecimal("0.5"))), "not an integer"));
        }
        out.add(new Mutation(at, TextNode.valueOf("kit-not-a-number"), "not a number"));
    }

    private static JsonNode number(BigDecimal v, boolean integer) {
        return integer ? LongNode.valueOf(v.longValue()) : DecimalNode.valueOf(v);
    }

    private static String bound(JsonNode s, String keyword) {
        String exclusive = "exclusive" + Character.toUpperCase(keyword.charAt(0)) + keyword.substring(1);
        if (s.path(exclusive).isNumber()) {
            return s.get(exclusive).asText() + " (exclusive)";
        }
        return s.path(keyword).asText() + (s.path(exclusive).asBoolean(false) ? " (exclusive)" : "");
    }

    private static void strings(JsonNode s, String at, boolean onWire, List<Mutation> out) {
        int min = s.path("minLength").asInt(0);
        if (min > 0) {
            out.add(new Mutation(at, TextNode.valueOf("a".repeat(min - 1)), "shorter than minLength " + min));
        }
        if (s.has("maxLength")) {
            int max = s.get("maxLength").asInt();
            out.add(new Mutation(at, TextNode.valueOf("a".repeat(max + 1)), "longer than maxLength " + max));
        }
        if (s.has("pattern")) {
            String pattern = s.get("pattern").asText();
            for (String candidate : List.of("kit invalid value ~!", "0", "")) {
                if (!Values.matches(pattern, candidate)) {
                    out.add(new Mutation(at, TextNode.valueOf(candidate), "does not match pattern " + pattern));
                    break;
                }
            }
        }
        String format = FORMATS.get(s.path("format").asText(""));
        if (format != null) {
            out.add(new Mutation(at, TextNode.valueOf("kit-not-a-" + format), "not a valid " + format));
        }
        if (!onWire) {
            out.add(new Mutation(at, IntNode.valueOf(12345), "a number where a string is required"));
        }
    }

    private void arrays(JsonNode s, JsonNode valid, String at, SplittableRandom rnd, boolean onWire, int depth,
                        List<Mutation> out) {
        if (!valid.isArray()) {
            return; // the document's own value is no array (its example breaks its schema): nothing to shorten
        }
        int min = s.path("minItems").asInt(0);
        if (min > 0) {
            ArrayNode fewer = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < min - 1 && i < valid.size(); i++) {
                fewer.add(valid.get(i));
            }
            out.add(new Mutation(at, fewer, "fewer than minItems " + min));
        }
        if (s.has("maxItems") && valid.size() > 0) {
            ArrayNode more = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i <= s.get("maxItems").asInt(); i++) {
                more.add(valid.get(0));
            }
            out.add(new Mutation(at, more, "more than maxItems " + s.get("maxItems").asInt()));
        }
        if (!onWire) {
            out.add(new Mutation(at, TextNode.valueOf("kit-not-an-array"), "a string where an array is required"));
            if (valid.size() > 0 && depth < MAX_DEPTH) {
                collect(s.path("items"), valid.get(0), at + "/0", rnd, false, depth + 1, out);
            }
        }
    }

    private void objects(JsonNode s, JsonNode valid, String at, SplittableRandom rnd, boolean onWire, int depth,
                         List<Mutation> out) {
        if (!valid.isObject() || onWire && depth > 0) {
            return; // as text (a form body), only the top level has names
        }
        Set<String> required = new HashSet<>();
        s.path("required").forEach(r -> required.add(r.asText()));
        if (depth == 0 && !onWire) {
            out.add(new Mutation(at, TextNode.valueOf("kit-not-an-object"), "a string where an object is required"));
        }
        valid.fieldNames().forEachRemaining(name -> {
            String pointer = Pointers.append(at, name);
            JsonNode property = s.path("properties").path(name);
            // a required readOnly property is required in responses only (OpenAPI 3.0.3): leaving it out of a request is no fault
            if (required.contains(name) && !schemas.resolve(property).path("readOnly").asBoolean(false)) {
                out.add(new Mutation(pointer, MissingNode.getInstance(), "required property '" + name + "' missing"));
            }
            if (!property.isMissingNode() && depth < MAX_DEPTH) {
                collect(property, valid.get(name), pointer, rnd, onWire, depth + 1, out);
            }
        });
    }
}
