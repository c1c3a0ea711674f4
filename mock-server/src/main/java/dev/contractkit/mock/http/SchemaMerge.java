package dev.contractkit.mock.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Pointers;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * An {@code allOf} schema as one schema, for building a value (validation still reads the document's own): the
 * parts' properties side by side, each a {@code $ref} to where the document declares it (so its own pointer stays
 * known), a property two parts declare as the {@code allOf} of both; {@code required} joined; the tighter of each
 * bound; any other keyword from the first part that has it. Parts are followed through {@code $ref}s and their own
 * {@code allOf}s.
 */
public final class SchemaMerge {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> LOWER_BOUNDS = Set.of("minimum", "minLength", "minItems", "minProperties");
    private static final Set<String> UPPER_BOUNDS = Set.of("maximum", "maxLength", "maxItems", "maxProperties");

    private SchemaMerge() {
    }

    /**
     * @param doc     the document
     * @param schema  a schema with {@code allOf} ({@code $ref}s resolved)
     * @param pointer its pointer, or null when it has none
     * @return one schema with no {@code allOf}
     */
    public static ObjectNode merge(ContractDocument doc, JsonNode schema, String pointer) {
        ObjectNode out = NODES.objectNode();
        into(doc, schema, pointer, out, 0);
        return out;
    }

    private static void into(ContractDocument doc, JsonNode schema, String pointer, ObjectNode out, int depth) {
        if (depth > 20) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case "allOf", "$ref", "example", "examples", "default" -> {
                    // parts below; a part's example is not the whole's (the whole's own was taken before merging)
                }
                case "properties" -> properties(value, pointer, out);
                case "required" -> {
                    Set<String> names = new LinkedHashSet<>();
                    out.path("required").forEach(n -> names.add(n.asText()));
                    value.forEach(n -> names.add(n.asText()));
                    ArrayNode joined = out.putArray("required");
                    names.forEach(joined::add);
                }
                default -> {
                    JsonNode had = out.get(key);
                    if (had == null) {
                        out.set(key, value);
                    } else if (had.isNumber() && value.isNumber() && LOWER_BOUNDS.contains(key)) {
                        out.set(key, had.decimalValue().compareTo(value.decimalValue()) >= 0 ? had : value);
                    } else if (had.isNumber() && value.isNumber() && UPPER_BOUNDS.contains(key)) {
                        out.set(key, had.decimalValue().compareTo(value.decimalValue()) <= 0 ? had : value);
                    }
                }
            }
        }
        JsonNode parts = schema.path("allOf");
        for (int i = 0; i < parts.size(); i++) {
            String partPointer = pointer == null ? null : pointer + "/allOf/" + i;
            JsonNode part = parts.get(i);
            for (int hops = 0; hops < 20 && part.has("$ref") && part.get("$ref").asText().startsWith("#"); hops++) {
                partPointer = Pointers.ofRef(part.get("$ref").asText());
                part = doc.at(partPointer);
            }
            into(doc, part, partPointer, out, depth + 1);
        }
    }

    private static void properties(JsonNode properties, String pointer, ObjectNode out) {
        ObjectNode merged = out.has("properties") ? (ObjectNode) out.get("properties") : out.putObject("properties");
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            JsonNode declared = pointer == null ? p.getValue()
                    : NODES.objectNode().put("$ref", "#" + Pointers.append(pointer, "properties", p.getKey()));
            JsonNode had = merged.get(p.getKey());
            if (had == null) {
                merged.set(p.getKey(), declared);
            } else {
                ObjectNode both = NODES.objectNode();
                both.putArray("allOf").add(had).add(declared);
                merged.set(p.getKey(), both);
            }
        }
    }
}
