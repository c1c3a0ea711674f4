package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ParameterValues;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;

/**
 * An object-valued parameter read from a request as OpenAPI serializes it, each property typed by its schema:
 * query and cookie {@code form} exploded (the default: each property its own query parameter,
 * {@code ?status=open&limit=5}), {@code form} not exploded ({@code filter=status,open,limit,5}), {@code deepObject}
 * ({@code page[size]=10&page[number]=2}, nested brackets nest); headers and path segments {@code simple}
 * ({@code status,open} or, exploded, {@code status=open}).
 */
final class ObjectParameter {
    private ObjectParameter() {
    }

    /** @return true when the parameter's schema is an object (its {@code type}, or properties without one) */
    static boolean isObject(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (t.asText().equals("object")) {
                    return true;
                }
            }
            return false;
        }
        return type.asText().equals("object") || (type.isMissingNode() && schema.has("properties"));
    }

    /**
     * @param doc        the document
     * @param p          the parameter
     * @param schema     its schema, {@code $ref}s resolved and {@code allOf} merged
     * @param request    the request
     * @param pathValues the path parameters' raw values
     * @return the object, or empty when the request carries nothing of it
     */
    static Optional<ObjectNode> read(ContractDocument doc, ContractDocument.Parameter p, JsonNode schema,
                                     Incoming request, Map<String, String> pathValues) {
        boolean explode = ParameterValues.explode(p.node(), p.in());
        String style = p.node().path("style").asText("");
        return switch (p.in()) {
            case "query" -> style.equals("deepObject") ? deep(doc, p.name(), schema, request.queryParameters())
                    : explode ? exploded(doc, schema, request) : pairs(doc, schema, request.query(p.name()), false);
            case "cookie" -> pairs(doc, schema, request.cookie(p.name()), false);
            case "header" -> pairs(doc, schema, request.headers(p.name()), explode);
            case "path" -> pairs(doc, schema, Optional.ofNullable(pathValues.get(p.name())).stream().toList(), explode);
            default -> Optional.empty();
        };
    }

    /** Each property its own query parameter. */
    private static Optional<ObjectNode> exploded(ContractDocument doc, JsonNode schema, Incoming request) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        schema.path("properties").fieldNames().forEachRemaining(name -> {
            List<String> values = request.query(name);
            JsonNode property = property(doc, schema, name);
            if (values.isEmpty()) {
                return;
            }
            if (!nested(doc, property)) {
                out.set(name, typed(doc, property, values));
                return;
            }
            // an object or a list of objects has no form serialization (telnyx's filter[status] details): read as
            // the JSON text clients send, else left unread
            try {
                JsonNode json = Json.MAPPER.readTree(values.get(0));
                if (json != null && json.isContainerNode()) {
                    out.set(name, json);
                }
            } catch (IOException e) {
                // not JSON: not read
            }
        });
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    /** {@code k1,v1,k2,v2}, or exploded {@code k1=v1,k2=v2}. */
    private static Optional<ObjectNode> pairs(ContractDocument doc, JsonNode schema, List<String> raw, boolean explode) {
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        String[] parts = raw.get(0).split(",", -1);
        if (explode) {
            for (String part : parts) {
                int eq = part.indexOf('=');
                String name = eq < 0 ? part : part.substring(0, eq);
                out.set(name, typed(doc, property(doc, schema, name), List.of(eq < 0 ? "" : part.substring(eq + 1))));
            }
        } else {
            for (int i = 0; i + 1 < parts.length; i += 2) {
                out.set(parts[i], typed(doc, property(doc, schema, parts[i]), List.of(parts[i + 1])));
            }
        }
        return Optional.of(out);
    }

    /** {@code name[a]=1&name[b][c]=2}: an object, nested by the brackets. */
    private static Optional<ObjectNode> deep(ContractDocument doc, String name, JsonNode schema,
                                             Map<String, List<String>> query) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        String prefix = name + "[";
        query.forEach((key, values) -> {
            if (!key.startsWith(prefix) || !key.endsWith("]")) {
                return;
            }
            String[] path = key.substring(prefix.length(), key.length() - 1).split("]\\[", -1);
            ObjectNode holder = out;
            JsonNode holderSchema = schema;
            for (int i = 0; i < path.length - 1; i++) {
                holderSchema = property(doc, holderSchema, path[i]);
                JsonNode next = holder.get(path[i]);
                holder = next instanceof ObjectNode o ? o : holder.putObject(path[i]);
            }
            String last = path[path.length - 1];
            if (last.isEmpty()) { // name[list][]=a&name[list][]=b: the values of an array property
                return;
            }
            holder.set(last, typed(doc, property(doc, holderSchema, last), values));
        });
        return out.isEmpty() ? Optional.empty() : Optional.of(out);
    }

    /** @return true for an object, or a list of objects or lists: values form style gives no serialization */
    static boolean nested(ContractDocument doc, JsonNode schema) {
        String type = schema.path("type").asText();
        if (type.equals("array")) {
            JsonNode items = doc.resolve(schema.path("items"));
            return isObject(items) || items.path("type").asText().equals("array");
        }
        return isObject(schema);
    }

    private static JsonNode property(ContractDocument doc, JsonNode schema, String name) {
        return doc.resolve(schema.path("properties").path(name));
    }

    /** The values as the property's schema reads them: every value an item of an array, else the first. */
    private static JsonNode typed(ContractDocument doc, JsonNode schema, List<String> values) {
        if (schema.path("type").asText().equals("array")) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            JsonNode items = doc.resolve(schema.path("items"));
            values.forEach(v -> array.add(ParameterValues.scalar(items, v)));
            return array;
        }
        return ParameterValues.scalar(schema, values.get(0));
    }
}
