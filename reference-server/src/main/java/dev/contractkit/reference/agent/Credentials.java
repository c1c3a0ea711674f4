package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Finds credentials in a run request ({@code messages}, {@code context}, {@code state}, {@code forwardedProps}):
 * a field named like a secret with a non-empty value, or text that carries one (a JDBC URL with a password,
 * {@code password=...}, a bearer token, an {@code sk-...} API key). Credentials live only on the server.
 */
final class Credentials {
    private static final Pattern SECRET_FIELD = Pattern.compile(
            "(?i)(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|refresh[_-]?token|token|credentials?|private[_-]?key)");
    private static final Pattern SECRET_TEXT = Pattern.compile(
            "(?i)(jdbc:[^\\s]*password=[^\\s&;]+|\\b(password|passwd|pwd|api[_-]?key|secret|token)\\s*[:=]\\s*\\S{4,}"
                    + "|\\bbearer\\s+[A-Za-z0-9._~+/=-]{16,}|\\bsk-[A-Za-z0-9_-]{16,}|://[^/\\s:@]+:[^/\\s@]+@)");

    private Credentials() {
    }

    /** @return the JSON path of the first credential found, or null */
    static String find(JsonNode input) {
        for (String field : new String[] {"messages", "context", "state", "forwardedProps"}) {
            String hit = scan(input.path(field), field);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }

    /** @return true when the text carries a credential (a JDBC URL with a password, a bearer token, an API key...) */
    static boolean inText(String text) {
        return text != null && SECRET_TEXT.matcher(text).find();
    }

    /**
     * @param node a JSON value (a registration body)
     * @param path the name to report for the value itself
     * @return the JSON path of the first credential found in it, or null
     */
    static String scan(JsonNode node, String path) {
        if (node.isTextual()) {
            return SECRET_TEXT.matcher(node.asText()).find() ? path : null;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String hit = scan(node.get(i), path + "[" + i + "]");
                if (hit != null) {
                    return hit;
                }
            }
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                boolean filled = !(v.isNull() || v.isMissingNode() || (v.isTextual() && v.asText().isEmpty()));
                if (SECRET_FIELD.matcher(e.getKey()).matches() && filled) {
                    return path + "." + e.getKey();
                }
                String hit = scan(v, path + "." + e.getKey());
                if (hit != null) {
                    return hit;
                }
            }
        }
        return null;
    }
}
