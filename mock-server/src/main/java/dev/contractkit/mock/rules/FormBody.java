package dev.contractkit.mock.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ParameterValues;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import dev.contractkit.mock.http.Json;

/**
 * A form-encoded body ({@code application/x-www-form-urlencoded}) as a JSON object, so its schema can be checked
 * like a JSON body: each value becomes a boolean, integer or number where the field's schema says so and stays
 * text otherwise (text where a boolean belongs then fails the schema, as it should). Repeated {@code name[]} fields
 * (the Rails convention for arrays, which GitLab clients send) become one comma-separated value where the schema's
 * {@code name} is text.
 */
public final class FormBody {
    private FormBody() {
    }

    public static ObjectNode decode(String text, ContractDocument document, String schemaPointer) {
        JsonNode schema = document.resolve(document.at(schemaPointer));
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            String base = name.endsWith("[]") ? name.substring(0, name.length() - 2) : "";
            if (!base.isEmpty() && document.resolve(schema.path("properties").path(base)).path("type").asText().equals("string")) {
                out.put(base, out.has(base) ? out.get(base).asText() + "," + value : value);
                continue;
            }
            out.set(name, ParameterValues.scalar(document.resolve(schema.path("properties").path(name)), value));
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
