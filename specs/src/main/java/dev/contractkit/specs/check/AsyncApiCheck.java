package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks AsyncAPI 3 contracts on the Java side (the npm AsyncAPI CLI validates the document structure in
 * the build when node is available; it does not check message examples against their payloads):
 * <ul>
 *   <li>the document is AsyncAPI 3.x and every local {@code $ref} resolves;</li>
 *   <li>every message has a {@code name}, a named payload schema (a {@code $ref} to
 *       {@code components/schemas} or a {@code title}; nested objects and enums too), so model generators
 *       do not produce {@code AnonymousSchema_N} classes, and at least one example;</li>
 *   <li>every message example's {@code payload} (and {@code headers}) validates against the message's
 *       schema (JSON Schema draft-07, networknt);</li>
 *   <li>a payload property {@code type} fixed by {@code const} equals the message's {@code name}.</li>
 * </ul>
 * Each finding names the file and the JSON pointer, e.g.
 * {@code asyncapi/coupon-updates.yaml /components/messages/couponCreated/examples/0/payload/data/discount_percent}.
 *
 * <pre>{@code
 * List<Finding> findings = AsyncApiCheck.check(ContractDocument.load("asyncapi/coupon-updates.yaml"));
 * }</pre>
 */
public final class AsyncApiCheck {
    private static final Set<String> JSON_SCHEMA_FORMATS = Set.of(
            "application/schema+json;version=draft-07", "application/schema+yaml;version=draft-07");

    private AsyncApiCheck() {
    }

    /**
     * Checks one AsyncAPI document.
     *
     * @param doc the document (parsed with {@link ContractDocument#parse(String, String)})
     * @return every problem found; empty when the document is sound
     */
    public static List<Finding> check(ContractDocument doc) {
        List<Finding> out = new ArrayList<>();
        JsonNode version = doc.root().path("asyncapi");
        if (!version.asText("").startsWith("3.")) {
            out.add(new Finding(doc.file(), "/asyncapi", "the kit's event contracts are AsyncAPI 3.x",
                    version.toString()));
            return out;
        }
        out.addAll(DanglingRefs.of(doc));
        if (!out.isEmpty()) {
            return out;
        }
        SchemaValidator validator = doc.asyncApiValidator();
        for (String message : messages(doc)) {
            out.addAll(checkMessage(doc, validator, message));
        }
        return new ArrayList<>(new LinkedHashSet<>(out));
    }

    /** @return pointers of every distinct message (components and channels), {@code $ref}s followed */
    static Set<String> messages(ContractDocument doc) {
        Set<String> out = new LinkedHashSet<>();
        collect(doc, "/components/messages", out);
        Iterator<String> channels = doc.at("/channels").fieldNames();
        while (channels.hasNext()) {
            collect(doc, Pointers.append("/channels", channels.next()) + "/messages", out);
        }
        return out;
    }

    private static void collect(ContractDocument doc, String mapPointer, Set<String> into) {
        Iterator<String> names = doc.at(mapPointer).fieldNames();
        while (names.hasNext()) {
            into.add(doc.resolvePointer(Pointers.append(mapPointer, names.next())));
        }
    }

    private static List<Finding> checkMessage(ContractDocument doc, SchemaValidator validator, String message) {
        List<Finding> out = new ArrayList<>();
        JsonNode node = doc.at(message);
        if (!node.path("name").isTextual() || node.path("name").asText().isBlank()) {
            out.add(new Finding(doc.file(), message, "message has no name", ""));
        }
        String payload = schemaPointer(doc, message + "/payload");
        String headers = schemaPointer(doc, message + "/headers");
        if (payload != null) {
            out.addAll(anonymous(doc, payload, true, new LinkedHashSet<>()));
            out.addAll(typeMatchesName(doc, message, payload));
            if (node.path("examples").isEmpty()) {
                out.add(new Finding(doc.file(), message, "message has no example", ""));
            }
        }
        JsonNode examples = node.path("examples");
        for (int i = 0; i < examples.size(); i++) {
            String example = message + "/examples/" + i;
            if (payload != null && examples.get(i).has("payload")) {
                out.addAll(validate(doc, validator, payload, examples.get(i).get("payload"), example + "/payload"));
            }
            if (headers != null && examples.get(i).has("headers")) {
                out.addAll(validate(doc, validator, headers, examples.get(i).get("headers"), example + "/headers"));
            }
        }
        return out;
    }

    /**
     * The pointer of the JSON Schema a message field holds: the field itself, or the {@code schema} of a
     * multi-format schema object in a JSON-Schema-compatible format; null when absent or another format.
     */
    private static String schemaPointer(ContractDocument doc, String pointer) {
        JsonNode node = doc.at(pointer);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        String resolved = doc.resolvePointer(pointer);
        JsonNode target = doc.at(resolved);
        if (target.has("schemaFormat") && target.has("schema")) {
            String format = target.get("schemaFormat").asText().replace(" ", "");
            boolean jsonSchema = format.startsWith("application/vnd.aai.asyncapi") || JSON_SCHEMA_FORMATS.contains(format);
            return jsonSchema ? resolved + "/schema" : null;
        }
        return pointer;
    }

    private static List<Finding> validate(ContractDocument doc, SchemaValidator validator, String schema,
                                          JsonNode value, String where) {
        return validator.validate(schema, value, doc.file() + " " + where).stream()
                .map(f -> new Finding(doc.file(), where + f.pointer(), "example breaks its schema: " + f.message(),
                        f.value()))
                .toList();
    }

    /**
     * Inline object and enum schemas without a {@code title} become {@code AnonymousSchema_N} in generated
     * models; a {@code $ref} to a named component or a title avoids that.
     */
    private static List<Finding> anonymous(ContractDocument doc, String pointer, boolean top, Set<String> seen) {
        List<Finding> out = new ArrayList<>();
        if (doc.at(pointer).has("$ref")) {
            String target = doc.resolvePointer(pointer);
            if (seen.add(target)) {
                out.addAll(children(doc, target, seen));
            }
            return out;
        }
        JsonNode schema = doc.at(pointer);
        boolean named = schema.has("title") || pointer.matches("/components/schemas/[^/]+");
        boolean needsName = schema.has("properties") || "object".equals(schema.path("type").asText())
                || (schema.has("enum") && schema.get("enum").size() > 1);
        if (needsName && !named) {
            out.add(new Finding(doc.file(), pointer, (top ? "payload" : "nested") + " schema has no name: $ref a"
                    + " components/schemas entry or give it a title (model generators would call it"
                    + " AnonymousSchema_N)", ""));
        }
        if (seen.add(pointer)) {
            out.addAll(children(doc, pointer, seen));
        }
        return out;
    }

    private static List<Finding> children(ContractDocument doc, String schema, Set<String> seen) {
        List<Finding> out = new ArrayList<>();
        JsonNode node = doc.at(schema);
        Iterator<String> props = node.path("properties").fieldNames();
        while (props.hasNext()) {
            out.addAll(anonymous(doc, Pointers.append(schema + "/properties", props.next()), false, seen));
        }
        for (String single : List.of("items", "additionalProperties", "not")) {
            if (node.path(single).isObject()) {
                out.addAll(anonymous(doc, schema + "/" + single, false, seen));
            }
        }
        for (String list : List.of("allOf", "oneOf", "anyOf")) {
            for (int i = 0; i < node.path(list).size(); i++) {
                out.addAll(anonymous(doc, schema + "/" + list + "/" + i, false, seen));
            }
        }
        return out;
    }

    /** The envelope convention: a payload's {@code type} const names the message. */
    private static List<Finding> typeMatchesName(ContractDocument doc, String message, String payload) {
        JsonNode schema = doc.resolve(doc.at(payload));
        JsonNode type = doc.resolve(schema.path("properties").path("type"));
        JsonNode name = doc.at(message).path("name");
        if (type.has("const") && name.isTextual() && !type.get("const").asText().equals(name.asText())) {
            return List.of(new Finding(doc.file(), message + "/name",
                    "message name differs from its payload's type const " + type.get("const"), name.toString()));
        }
        return List.of();
    }
}
