package dev.contractkit.sdkgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * References into another operation ({@code $ref: "#/paths/~1v2~1volumes~1%7Bvolume_id%7D/get/parameters/0"}, as
 * digitalocean.com and codat.io write them): openapi-generator follows only references to components, so such a
 * parameter became {@code UNKNOWN_PARAMETER_NAME} (no type, no name: not Java), such a response or header was lost
 * and a body of {@code allOf} such schemas became {@code UNKNOWN_BASE_TYPE}. Each is replaced by a copy of what it
 * points at, before openapi-generator reads the document; past a few nested copies (a schema containing itself) the
 * reference is left, and {@link Polymorphism} makes it a value of any type.
 */
final class PathReferences {
    private static final String PREFIX = "#/paths/";
    /** How deep copies may nest references of their own before the rest is left as it is (cycles). */
    private static final int DEPTH = 8;

    private final JsonNode root;
    private boolean changed;

    private PathReferences(JsonNode root) {
        this.root = root;
    }

    /** @return whether the text may hold such a reference (cheap, before parsing) */
    static boolean mayHold(String text) {
        return text.contains(PREFIX);
    }

    /**
     * @param root the document's tree, changed in place
     * @return whether any reference was replaced
     */
    static boolean inline(JsonNode root) {
        PathReferences p = new PathReferences(root);
        p.visit(root, 0);
        return p.changed;
    }

    private void visit(JsonNode node, int depth) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode replaced = replacement(object.get(name), depth);
                if (replaced != null) {
                    object.set(name, replaced);
                }
                visit(object.get(name), replaced != null ? depth + 1 : depth);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode replaced = replacement(array.get(i), depth);
                if (replaced != null) {
                    array.set(i, replaced);
                }
                visit(array.get(i), replaced != null ? depth + 1 : depth);
            }
        }
    }

    /** @return a copy of the target of a reference into another operation, or null */
    private JsonNode replacement(JsonNode node, int depth) {
        if (depth >= DEPTH || !(node instanceof ObjectNode) || !node.path("$ref").isTextual()) {
            return null;
        }
        String ref = node.get("$ref").asText();
        if (!ref.startsWith(PREFIX)) {
            return null;
        }
        String pointer = URLDecoder.decode(ref.substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
        JsonNode target = root.at(pointer);
        if (target.isMissingNode() || !target.isObject() || target.path("$ref").asText().equals(ref)) {
            return null;
        }
        changed = true;
        return target.deepCopy();
    }
}
