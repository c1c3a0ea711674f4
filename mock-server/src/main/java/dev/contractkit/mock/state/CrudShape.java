package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.State;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.contractkit.mock.http.Json;

/**
 * Recognises a plain create/read/update/delete collection in a document that does not say how its operations keep
 * state (no {@code x-kit-state} anywhere): a collection path ending in a fixed segment ({@code /pets}) and an item
 * path one parameter below it ({@code /pets/{id}}), both in the document. {@code POST} on the collection creates,
 * {@code GET} lists; {@code GET}, {@code PUT}/{@code PATCH} and {@code DELETE} on the item read, update and delete.
 * A {@code GET} on a fixed segment under the collection whose answer is an array of the same items (GitLab's
 * {@code /runners/all} next to {@code /runners}) lists the collection too, so it shows every write.
 * The item's id field is the path parameter's name when the item schema has that property, else {@code id}.
 * What it recognises is given to {@link StatefulOperation} as the {@code x-kit-state} the operation would have had.
 */
final class CrudShape {
    private static final Pattern ITEM = Pattern.compile("(.*/[^/{}]+)/\\{([^}/]+)}");
    private static final Set<String> COLLECTION_METHODS = Set.of("GET", "POST");
    private static final Set<String> ITEM_METHODS = Set.of("GET", "PUT", "PATCH", "DELETE");

    private CrudShape() {
    }

    /**
     * @param operation an operation of a document
     * @return the {@code x-kit-state} its shape implies, or empty when it is not part of a recognised collection
     *         (or the document declares state itself)
     */
    static Optional<JsonNode> inferred(ContractDocument.Operation operation) {
        ContractDocument doc = operation.document();
        if (doc.mentions(State.KEY)) {
            return Optional.empty();
        }
        JsonNode paths = doc.root().path("paths");
        String path = operation.path();
        Matcher item = ITEM.matcher(path);
        if (item.matches() && ITEM_METHODS.contains(operation.method()) && paths.has(item.group(1))
                && paths.path(item.group(1)).has("post")) {
            return idField(doc, path, item.group(2)).map(id -> config(item.group(1), action(operation.method()), id, ""));
        }
        if (!path.endsWith("}") && COLLECTION_METHODS.contains(operation.method())) {
            Optional<String> itemPath = itemPathUnder(paths, path);
            if (itemPath.isPresent() && paths.has(path) && paths.path(path).has("post")) {
                Matcher m = ITEM.matcher(itemPath.get());
                if (m.matches()) {
                    return idField(doc, itemPath.get(), m.group(2)).map(id ->
                            config(path, operation.method().equals("POST") ? "create" : "list", id, ""));
                }
            }
        }
        if (!path.endsWith("}") && operation.method().equals("GET") && path.lastIndexOf('/') > 0) {
            // a fixed segment under a collection that lists the same items (GitLab's GET /runners/all)
            String parent = path.substring(0, path.lastIndexOf('/'));
            Optional<String> itemPath = itemPathUnder(paths, parent);
            if (itemPath.isPresent() && paths.path(parent).has("post")) {
                Matcher m = ITEM.matcher(itemPath.get());
                Optional<String> id = m.matches() ? idField(doc, itemPath.get(), m.group(2)) : Optional.empty();
                if (id.isPresent() && listsItemsWith(doc, operation, id.get())) {
                    return Optional.of(config(parent, "list", id.get(), ""));
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the operation's success answer is an array of objects that have the id field. */
    private static boolean listsItemsWith(ContractDocument doc, ContractDocument.Operation operation, String id) {
        JsonNode responses = operation.node().path("responses");
        for (var codes = responses.fieldNames(); codes.hasNext(); ) {
            String code = codes.next();
            if (code.startsWith("2")) {
                for (JsonNode media : doc.resolve(responses.path(code)).path("content")) {
                    JsonNode schema = doc.resolve(media.path("schema"));
                    if (schema.path("type").asText().equals("array") && hasProperty(doc, doc.resolve(schema.path("items")), id)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static String action(String method) {
        return switch (method) {
            case "GET" -> "read";
            case "DELETE" -> "delete";
            default -> "update";
        };
    }

    private static Optional<String> itemPathUnder(JsonNode paths, String collection) {
        for (var names = paths.fieldNames(); names.hasNext(); ) {
            String p = names.next();
            Matcher m = ITEM.matcher(p);
            if (m.matches() && m.group(1).equals(collection) && paths.path(p).has("get")) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The id field of the items: the parameter's name when the item schema has it, else {@code id}; none: no collection. */
    private static Optional<String> idField(ContractDocument doc, String itemPath, String parameter) {
        JsonNode get = doc.root().path("paths").path(itemPath).path("get");
        for (var codes = get.path("responses").fieldNames(); codes.hasNext(); ) {
            String code = codes.next();
            if (!code.startsWith("2")) {
                continue;
            }
            JsonNode content = doc.resolve(get.path("responses").path(code)).path("content");
            for (JsonNode media : content) {
                JsonNode schema = doc.resolve(media.path("schema"));
                if (hasProperty(doc, schema, parameter)) {
                    return Optional.of(parameter);
                }
                if (hasProperty(doc, schema, "id")) {
                    return Optional.of("id");
                }
            }
        }
        return Optional.empty();
    }

    private static boolean hasProperty(ContractDocument doc, JsonNode schema, String name) {
        if (schema.path("properties").has(name)) {
            return true;
        }
        for (JsonNode part : schema.path("allOf")) {
            if (hasProperty(doc, doc.resolve(part), name)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode config(String resource, String action, String id, String items) {
        ObjectNode c = Json.MAPPER.createObjectNode().put("resource", resource).put("action", action).put("id", id);
        return c.put("items", items);
    }
}
