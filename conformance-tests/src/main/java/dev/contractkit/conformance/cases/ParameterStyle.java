package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.check.ContractDocument.Parameter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

/**
 * A parameter's value as it travels, by its {@code style} and {@code explode} (OpenAPI, "Style Values" and
 * "Style Examples"). Defaults: {@code form} for query and cookie parameters, {@code simple} for path and header
 * ones; {@code explode} true for {@code form}, else false.
 * <ul>
 *   <li>query {@code form}: an array is one pair per item (exploded) or {@code name=a,b}; an object is one pair per
 *       property (exploded: {@code R=100&G=200}) or {@code name=R,100,G,200};</li>
 *   <li>query {@code spaceDelimited}/{@code pipeDelimited}: the items (an object's keys and values) joined by a
 *       space or {@code |}; query {@code deepObject}: {@code name[R]=100};</li>
 *   <li>path and header {@code simple}: {@code a,b}; an object {@code R,100,G,200}, exploded {@code R=100,G=200};
 *       path {@code label} ({@code .a.b}) and {@code matrix} ({@code ;name=a;name=b}).</li>
 * </ul>
 * A value inside an item that is itself an object or array travels as JSON text (OpenAPI defines no style for it).
 */
final class ParameterStyle {
    private ParameterStyle() {
    }

    static String style(Parameter p) {
        String in = p.in();
        return p.node().path("style").asText(in.equals("query") || in.equals("cookie") ? "form" : "simple");
    }

    static boolean explode(Parameter p) {
        return p.node().path("explode").asBoolean(style(p).equals("form"));
    }

    /** @return the query pairs of the value, in order */
    static List<Map.Entry<String, String>> query(Parameter p, JsonNode value) {
        String name = p.name();
        String style = style(p);
        boolean explode = explode(p);
        List<Map.Entry<String, String>> out = new ArrayList<>();
        if (value.isObject() && style.equals("deepObject")) {
            value.properties().forEach(f -> out.add(Map.entry(name + "[" + f.getKey() + "]", text(f.getValue()))));
        } else if (value.isObject() && explode) {
            value.properties().forEach(f -> out.add(Map.entry(f.getKey(), text(f.getValue()))));
        } else if (value.isArray() && explode) {
            items(value).forEach(i -> out.add(Map.entry(name, i)));
        } else if (value.isContainerNode()) {
            out.add(Map.entry(name, String.join(delimiter(style), flat(value, false))));
        } else {
            out.add(Map.entry(name, text(value)));
        }
        return out;
    }

    /** @return the value as it replaces {@code {name}} in the path (with the label or matrix prefix) */
    static String path(Parameter p, JsonNode value) {
        boolean explode = explode(p);
        return switch (style(p)) {
            case "label" -> "." + String.join(explode ? "." : ",", flat(value, explode));
            case "matrix" -> matrix(p.name(), value, explode);
            default -> simple(value, explode);
        };
    }

    /** @return the value of a header or cookie parameter ({@code simple}, or {@code form} for a cookie: the same text) */
    static String simple(Parameter p, JsonNode value) {
        return simple(value, explode(p) && !style(p).equals("form"));
    }

    private static String simple(JsonNode value, boolean explode) {
        return value.isContainerNode() ? String.join(",", flat(value, explode)) : text(value);
    }

    private static String matrix(String name, JsonNode value, boolean explode) {
        if (!value.isContainerNode()) {
            return ";" + name + "=" + text(value);
        }
        if (!explode) {
            return ";" + name + "=" + String.join(",", flat(value, false));
        }
        StringBuilder b = new StringBuilder();
        if (value.isArray()) {
            items(value).forEach(i -> b.append(';').append(name).append('=').append(i));
        } else {
            value.properties().forEach(f -> b.append(';').append(f.getKey()).append('=').append(text(f.getValue())));
        }
        return b.toString();
    }

    private static String delimiter(String style) {
        return switch (style) {
            case "spaceDelimited" -> " ";
            case "pipeDelimited" -> "|";
            default -> ",";
        };
    }

    /** @return an array's items; an object's keys and values in turn ({@code R,100}), or {@code R=100} exploded */
    private static List<String> flat(JsonNode value, boolean explode) {
        if (value.isArray()) {
            return items(value);
        }
        if (!value.isObject()) {
            return List.of(text(value));
        }
        List<String> out = new ArrayList<>();
        value.properties().forEach(f -> {
            if (explode) {
                out.add(f.getKey() + "=" + text(f.getValue()));
            } else {
                out.add(f.getKey());
                out.add(text(f.getValue()));
            }
        });
        return out;
    }

    private static List<String> items(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(ParameterStyle::text).toList();
    }

    /** @return a scalar as text (numbers plain); an object or array inside a value as JSON text */
    static String text(JsonNode v) {
        if (v.isBigDecimal()) {
            return v.decimalValue().toPlainString();
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }
}
