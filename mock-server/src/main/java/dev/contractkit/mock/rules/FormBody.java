package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ParameterValues;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.SchemaMerge;

/**
 * A form-encoded body ({@code application/x-www-form-urlencoded}) as a JSON object, so its schema can be checked
 * like a JSON body: each value becomes a boolean, integer or number where the field's schema says so and stays
 * text otherwise (text where a boolean belongs then fails the schema, as it should). The schema's {@code allOf}
 * parts count as one. A field whose schema is an array takes every value sent for it (repeated fields, the form
 * style's default), each typed by {@code items}; {@code name[key]=value} fields make an object property. Repeated
 * {@code name[]} fields (the Rails convention for arrays, which GitLab clients send) become one comma-separated
 * value where the schema's {@code name} is text.
 */
public final class FormBody {
    private FormBody() {
    }

    public static ObjectNode decode(String text, ContractDocument document, String schemaPointer) {
        JsonNode resolved = document.resolve(document.at(schemaPointer));
        JsonNode schema = resolved.has("allOf") ? SchemaMerge.merge(document, resolved, null) : resolved;
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            String base = name.endsWith("[]") ? name.substring(0, name.length() - 2) : name;
            JsonNode field = document.resolve(schema.path("properties").path(base));
            if (!base.equals(name) && field.path("type").asText().equals("string")) {
                out.put(base, out.has(base) ? out.get(base).asText() + "," + value : value);
            } else if (field.path("type").asText().equals("array")) {
                JsonNode items = document.resolve(field.path("items"));
                (out.get(base) instanceof ArrayNode a ? a : out.putArray(base)).add(ParameterValues.scalar(items, value));
            } else if (name.indexOf('[') > 0 && name.endsWith("]") && base.equals(name)) {
                String object = name.substring(0, name.indexOf('['));
                String key = name.substring(name.indexOf('[') + 1, name.length() - 1);
                JsonNode keySchema = document.resolve(document.resolve(schema.path("properties").path(object))
                        .path("properties").path(key));
                (out.get(object) instanceof ObjectNode o ? o : out.putObject(object)).set(key, ParameterValues.scalar(keySchema, value));
            } else {
                out.set(name, ParameterValues.scalar(field, value));
            }
        }
        return out;
    }

    /** URL-decoding that keeps text with a broken escape ({@code %zz}) as it is, so its schema judges it. */
    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
