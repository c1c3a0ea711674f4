package dev.contractkit.sdkgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Component schemas whose names differ only in case or punctuation (telnyx's {@code Error} and {@code error},
 * {@code Name} and {@code name}) become one Java class name: openapi-generator writes both models into one file
 * name, or a class into a file of another name, and the client does not compile. Before it reads the document, every
 * such schema after the first is renamed with a number ({@code error} becomes {@code error2}), and the references to
 * it (and discriminator mappings naming it) follow.
 */
final class SchemaNames {
    private static final String PREFIX = "#/components/schemas/";

    private SchemaNames() {
    }

    /**
     * @param root the document's tree, changed in place
     * @return whether a schema was renamed
     */
    static boolean distinct(JsonNode root) {
        JsonNode schemas = root.path("components").path("schemas");
        if (!(schemas instanceof ObjectNode named)) {
            return false;
        }
        Set<String> taken = new HashSet<>();
        Map<String, String> renames = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        named.fieldNames().forEachRemaining(names::add);
        names.forEach(n -> taken.add(key(n)));
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (seen.add(key(name))) {
                continue;
            }
            String renamed = name;
            for (int i = 2; taken.contains(key(renamed)); i++) {
                renamed = name + i;
            }
            taken.add(key(renamed));
            renames.put(name, renamed);
        }
        if (renames.isEmpty()) {
            return false;
        }
        ObjectNode rebuilt = named.objectNode();
        named.properties().forEach(f -> rebuilt.set(renames.getOrDefault(f.getKey(), f.getKey()), f.getValue()));
        named.removeAll();
        named.setAll(rebuilt);
        Map<String, String> pointers = new LinkedHashMap<>();
        renames.forEach((from, to) -> pointers.put(PREFIX + escape(from), PREFIX + escape(to)));
        references(root, pointers, 0);
        return true;
    }

    /** The Java class name's identity: letters and digits, case ignored. */
    private static String key(String name) {
        return name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
    }

    static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    /** Every text that is a reference to a renamed schema: {@code $ref}s and discriminator mappings alike. */
    static void references(JsonNode node, Map<String, String> pointers, int depth) {
        if (depth > 200) {
            return;
        }
        if (node instanceof ObjectNode object) {
            object.properties().forEach(f -> {
                String moved = f.getValue().isTextual() ? moved(f.getValue().asText(), pointers) : null;
                if (moved != null) {
                    f.setValue(TextNode.valueOf(moved));
                } else {
                    references(f.getValue(), pointers, depth + 1);
                }
            });
        } else if (node.isArray()) {
            node.forEach(item -> references(item, pointers, depth + 1));
        }
    }

    private static String moved(String ref, Map<String, String> pointers) {
        for (Map.Entry<String, String> p : pointers.entrySet()) {
            if (ref.equals(p.getKey()) || ref.startsWith(p.getKey() + "/")) {
                return p.getValue() + ref.substring(p.getKey().length());
            }
        }
        return null;
    }
}
