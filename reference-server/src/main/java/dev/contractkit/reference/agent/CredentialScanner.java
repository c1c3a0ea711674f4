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
final class CredentialScanner {
    private static final Pattern SECRET_FIELD = Pattern.compile(
            "(?i)(password|passwd|pwd|secret|api[_-]?key|access[_-]?token|refresh[_-]?token|token|credentials?|private[_-]?key)");
    /**
     * Every alternative starts with a literal and none is followed by more pattern after an unbounded repeat that
     * could match the same characters, so a failed attempt backtracks at most over its own run: linear in the text.
     * (A JDBC URL with a password is found by {@link #jdbcPassword}: as a regex, {@code jdbc:\S*password=}
     * rescans the rest of the text from every {@code jdbc:}, which took 12 s for 160 KB.)
     */
    private static final Pattern SECRET_TEXT = Pattern.compile(
            "(?i)(\\b(password|passwd|pwd|api[_-]?key|secret|token)\\s*[:=]\\s*\\S{4,}"
                    + "|\\bbearer\\s+[A-Za-z0-9._~+/=-]{16,}|\\bsk-[A-Za-z0-9_-]{16,}|://[^/\\s:@]+:[^/\\s@]+@)");

    private CredentialScanner() {
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
        return text != null && (jdbcPassword(text) || SECRET_TEXT.matcher(text).find());
    }

    /**
     * One pass over the text: true when a run of non-space characters holds {@code jdbc:} and after it
     * {@code password=} followed by a value (what {@code jdbc:\S*password=[^\s&;]} matches, ignoring case).
     */
    static boolean jdbcPassword(String text) {
        boolean inJdbc = false;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (space(c)) {
                inJdbc = false;
            } else if (!inJdbc && text.regionMatches(true, i, "jdbc:", 0, 5)) {
                inJdbc = true;
                i += 4;
            } else if (inJdbc && i + 9 < n && text.regionMatches(true, i, "password=", 0, 9)) {
                char v = text.charAt(i + 9);
                if (!space(v) && v != '&' && v != ';') {
                    return true;
                }
            }
        }
        return false;
    }

    /** Java regex {@code \s}. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /**
     * @param node a JSON value (a registration body)
     * @param path the name to report for the value itself
     * @return the JSON path of the first credential found in it, or null
     */
    static String scan(JsonNode node, String path) {
        if (node.isTextual()) {
            return inText(node.asText()) ? path : null;
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
