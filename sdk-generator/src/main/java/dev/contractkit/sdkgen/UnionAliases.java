package dev.contractkit.sdkgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A schema that is only {@code allOf: [{$ref: U}]}, U a {@code oneOf}/{@code anyOf} (influxdata's {@code Check} and
 * {@code PostCheck} over {@code CheckDiscriminator}): openapi-generator writes a class extending U's interface (which
 * does not compile) or an empty class that reads nothing. It is U under another name, so before openapi-generator
 * reads the document every reference to it refers to U instead, and it is removed.
 */
final class UnionAliases {
    private static final String PREFIX = "#/components/schemas/";
    /** Keys an alias may carry besides its allOf: words, not constraints. */
    private static final Set<String> WORDS = Set.of("allOf", "description", "title", "example", "examples",
            "externalDocs", "deprecated");

    private UnionAliases() {
    }

    /**
     * @param root the document's tree, changed in place
     * @return whether an alias was removed
     */
    static boolean resolve(JsonNode root) {
        JsonNode schemas = root.path("components").path("schemas");
        if (!(schemas instanceof ObjectNode named)) {
            return false;
        }
        Map<String, String> pointers = new LinkedHashMap<>();
        List<String> aliases = new ArrayList<>();
        named.properties().forEach(f -> {
            String target = unionOf(named, f.getValue());
            if (target != null && !target.equals(PREFIX + SchemaNames.escape(f.getKey()))) {
                pointers.put(PREFIX + SchemaNames.escape(f.getKey()), target);
                aliases.add(f.getKey());
            }
        });
        if (aliases.isEmpty()) {
            return false;
        }
        aliases.forEach(named::remove);
        SchemaNames.references(root, pointers, 0);
        return true;
    }

    /** @return the union's reference when the schema is only an allOf of it, else null */
    private static String unionOf(ObjectNode schemas, JsonNode schema) {
        JsonNode allOf = schema.path("allOf");
        if (!allOf.isArray() || allOf.size() != 1 || !schema.isObject()) {
            return null;
        }
        for (var it = schema.fieldNames(); it.hasNext(); ) {
            if (!WORDS.contains(it.next())) {
                return null;
            }
        }
        String ref = allOf.get(0).path("$ref").asText("");
        if (!ref.startsWith(PREFIX) || ref.indexOf('/', PREFIX.length()) >= 0) {
            return null;
        }
        JsonNode target = schemas.path(ref.substring(PREFIX.length()).replace("~1", "/").replace("~0", "~"));
        boolean union = target.path("oneOf").size() > 0 || target.path("anyOf").size() > 0;
        return union && !target.has("properties") && !target.has("allOf") ? ref : null;
    }
}
