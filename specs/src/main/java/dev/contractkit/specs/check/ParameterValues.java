package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The one reading of a parameter's text as the JSON value its schema describes, for everything that validates
 * parameters against a contract: the mock (query, path, header, cookie and form fields), the conformance suite
 * (response headers) and the reference server (query parameters). Following OpenAPI's parameter serialization:
 * <ul>
 *   <li>{@code integer}: digits become an integer of any size (the schema's {@code maximum} judges it, not an
 *       overflow); a decimal ({@code 1.5}) becomes a number, so it fails {@code type: integer} as it would in a JSON
 *       body; anything else stays text, which fails the type;</li>
 *   <li>{@code number}: a decimal, else text;</li>
 *   <li>{@code boolean}: exactly {@code true} or {@code false}, else text;</li>
 *   <li>{@code array}: exploded values one item each, otherwise split at commas (empty parts kept: {@code a,,b} has
 *       three items), each item read by the {@code items} schema;</li>
 *   <li>any other type: the text as it is.</li>
 * </ul>
 * Headers ({@link #header}) are trimmed first and their list items trimmed too, as HTTP allows spaces around commas.
 * The items of an array are read from its {@code items} schema as given: resolve a {@code $ref} there first.
 * A 3.1 type list ({@code [integer, "null"]}) is read by its first type other than {@code null}.
 */
public final class ParameterValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    private ParameterValues() {
    }

    /**
     * @param schema the value's schema, {@code $ref}s resolved
     * @param text   the parameter's text
     * @return the JSON value the schema reads the text as
     */
    public static JsonNode scalar(JsonNode schema, String text) {
        try {
            return switch (type(schema)) {
                case "integer" -> INTEGER.matcher(text).matches() ? NODES.numberNode(new BigInteger(text))
                        : NODES.numberNode(new BigDecimal(text));
                case "number" -> NODES.numberNode(new BigDecimal(text));
                case "boolean" -> text.equals("true") || text.equals("false")
                        ? NODES.booleanNode(text.equals("true")) : NODES.textNode(text);
                default -> NODES.textNode(text);
            };
        } catch (NumberFormatException e) {
            return NODES.textNode(text);
        }
    }

    /**
     * @param schema  the parameter's schema, {@code $ref}s resolved
     * @param items   its {@code items} schema, resolved (read only for arrays)
     * @param raw     every value the request carries for the parameter (at least one)
     * @param explode true when each value is one item ({@link #explode})
     * @return the parameter's JSON value
     */
    public static JsonNode value(JsonNode schema, JsonNode items, List<String> raw, boolean explode) {
        if (!type(schema).equals("array")) {
            return scalar(schema, raw.get(0));
        }
        ArrayNode array = NODES.arrayNode();
        raw.stream()
                // not exploded, an empty list is an empty value (OpenAPI's style table: color=)
                .flatMap(v -> explode ? List.of(v).stream() : v.isEmpty() ? List.<String>of().stream() : Arrays.stream(v.split(",", -1)))
                .forEach(item -> array.add(scalar(items, item)));
        return array;
    }

    /**
     * @param parameter the parameter object of the contract
     * @param in        where it goes ({@code query}, {@code header}, {@code path}, {@code cookie})
     * @return whether its values are exploded: {@code explode} as declared, else true for the {@code form} style
     *         (the default of query and cookie parameters)
     */
    public static boolean explode(JsonNode parameter, String in) {
        String style = parameter.path("style").asText(in.equals("query") || in.equals("cookie") ? "form" : "simple");
        return parameter.path("explode").asBoolean(style.equals("form"));
    }

    /**
     * @param schema the header's schema, {@code $ref}s resolved ({@code items} read from it for arrays)
     * @param text   the header's value
     * @return its JSON value (the "simple" style: a list is split at commas and its parts trimmed; an empty header is
     *         an empty list)
     */
    public static JsonNode header(JsonNode schema, String text) {
        String t = text.trim();
        if (!type(schema).equals("array")) {
            JsonNode value = scalar(schema, t);
            return value.isTextual() ? NODES.textNode(text) : value;
        }
        ArrayNode array = NODES.arrayNode();
        if (!t.isEmpty()) {
            for (String part : t.split(",")) {
                array.add(header(schema.path("items"), part));
            }
        }
        return array;
    }

    /** @return the schema's type: its {@code type}, or the first of a 3.1 type list that is not {@code null} */
    static String type(JsonNode schema) {
        JsonNode t = schema.path("type");
        if (t.isArray()) {
            for (JsonNode item : t) {
                if (!item.asText().equals("null")) {
                    return item.asText();
                }
            }
            return "";
        }
        return t.asText();
    }
}
