package dev.contractkit.sdkgen;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * References into another operation ({@code $ref: "#/paths/~1v2~1volumes~1%7Bvolume_id%7D/get/parameters/0"}, as
 * digitalocean.com and codat.io write them): openapi-generator follows only references to components, so such a
 * parameter became {@code UNKNOWN_PARAMETER_NAME} (no type, no name: not Java), such a response or header was lost
 * and a body of {@code allOf} such schemas became {@code UNKNOWN_BASE_TYPE}. Before openapi-generator reads the
 * document:
 * <ul>
 *   <li>a schema referred to this way moves to {@code components/schemas} (named after its property, e.g.
 *       {@code Regions}, made unique), and both its place and the references refer to it there: one model, however
 *       many references (copies made digitalocean.com's document six times larger);</li>
 *   <li>a parameter, request body, response, header or example referred to this way is copied in place of the
 *       reference (past a few nested copies the reference is left).</li>
 * </ul>
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
        p.hoistSchemas();
        p.visit(root, 0);
        return p.changed;
    }

    /** Schemas referred to by pointers into paths: moved to components, their places and references pointing there. */
    private void hoistSchemas() {
        Map<String, List<ObjectNode>> refs = new LinkedHashMap<>();
        collect(root, refs);
        if (refs.isEmpty() || !(root instanceof ObjectNode document)) {
            return;
        }
        JsonNode componentsNode = document.get("components");
        if (componentsNode != null && !componentsNode.isObject()) {
            return;
        }
        ObjectNode components = componentsNode == null ? document.putObject("components") : (ObjectNode) componentsNode;
        JsonNode schemasNode = components.get("schemas");
        if (schemasNode != null && !schemasNode.isObject()) {
            return;
        }
        ObjectNode schemas = schemasNode == null ? components.putObject("schemas") : (ObjectNode) schemasNode;
        // every target and its place, found before anything moves (a target may lie inside another)
        record Place(String pointer, JsonNode target, JsonNode parent, String key) {
        }
        List<Place> places = new ArrayList<>();
        Map<JsonNode, String> named = new IdentityHashMap<>();
        for (String pointer : refs.keySet()) {
            JsonPointer p = JsonPointer.compile(pointer);
            JsonNode target = root.at(p);
            JsonNode parent = root.at(p.head());
            if (target.isObject() && (parent.isObject() || parent.isArray())) {
                places.add(new Place(pointer, target, parent, p.last().getMatchingProperty()));
            }
        }
        for (Place place : places) {
            String name = named.get(place.target());
            if (name == null) {
                name = unique(schemas, nameOf(place.pointer()));
                named.put(place.target(), name);
                schemas.set(name, place.target());
            }
            ObjectNode ref = JsonNodeFactory.instance.objectNode().put("$ref", "#/components/schemas/" + name);
            if (place.parent() instanceof ObjectNode o) {
                o.set(place.key(), ref);
            } else {
                ((ArrayNode) place.parent()).set(Integer.parseInt(place.key()), ref);
            }
            for (ObjectNode r : refs.get(place.pointer())) {
                r.put("$ref", "#/components/schemas/" + name);
            }
            changed = true;
        }
    }

    /** The references into paths that point into a schema, by their decoded JSON pointer. */
    private static void collect(JsonNode node, Map<String, List<ObjectNode>> refs) {
        if (node instanceof ObjectNode object) {
            String pointer = pointer(object);
            if (pointer != null && List.of(pointer.split("/")).contains("schema")) {
                refs.computeIfAbsent(pointer, k -> new ArrayList<>()).add(object);
            }
            object.elements().forEachRemaining(n -> collect(n, refs));
        } else if (node instanceof ArrayNode array) {
            array.elements().forEachRemaining(n -> collect(n, refs));
        }
    }

    /** @return the decoded JSON pointer of a reference into paths, or null */
    private static String pointer(JsonNode node) {
        if (!(node instanceof ObjectNode) || !node.path("$ref").isTextual() || !node.get("$ref").asText().startsWith(PREFIX)) {
            return null;
        }
        return URLDecoder.decode(node.get("$ref").asText().substring(1).replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /**
     * @return the last property name in the pointer as a Java-like name ({@code regions}: {@code Regions}); without
     *         one, the operation's id and the place ({@code vpcs_create}'s body: {@code VpcsCreateRequestSchema})
     */
    private String nameOf(String pointer) {
        String[] segments = pointer.split("/");
        String name = "";
        for (int i = 0; i + 1 < segments.length; i++) {
            if (segments[i].equals("properties")) {
                name = segments[i + 1];
            }
        }
        if (name.isEmpty() && segments.length > 4) {
            String place = segments[4].equals("requestBody") ? "Request" : segments[4].equals("responses") ? "Response"
                    : segments[4].equals("parameters") ? "Parameter" : "";
            name = root.at("/" + segments[1] + "/" + segments[2] + "/" + segments[3] + "/operationId").asText("") + "_" + place + "_schema";
        }
        StringBuilder b = new StringBuilder();
        boolean upper = true;
        for (char c : name.toCharArray()) {
            if (Character.isLetterOrDigit(c) && c < 128) {
                b.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return b.isEmpty() || Character.isDigit(b.charAt(0)) ? "PathSchema" + b : b.toString();
    }

    private static String unique(ObjectNode schemas, String name) {
        String n = name;
        for (int i = 2; schemas.has(n); i++) {
            n = name + i;
        }
        return n;
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
        String pointer = depth >= DEPTH ? null : pointer(node);
        if (pointer == null) {
            return null;
        }
        JsonNode target = root.at(pointer);
        if (target.isMissingNode() || !target.isObject() || pointer.equals(pointer(target))) {
            return null;
        }
        changed = true;
        return target.deepCopy();
    }
}
