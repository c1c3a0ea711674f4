package dev.contractkit.quotas;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sets one key of a hand-written TOML file to an array of strings, in place: every other line (comments, blank
 * lines, order, the key's own trailing comment) stays as the user wrote it. The key is looked for in its table
 * ({@code [favorites]}, {@code [quota_preferences.claude]}); a missing key is added right under the table's header,
 * a missing table at the end of the file. The caller checks the result by parsing it ({@link Config#save()}).
 *
 * <pre>{@code
 * TomlEdit.set("[favorites]\n# mine\nproviders = [\"claude\"]  # starred\n", List.of("favorites"), "providers",
 *         List.of("claude", "cursor"))
 * // "[favorites]\n# mine\nproviders = [\"claude\", \"cursor\"]  # starred\n"
 * }</pre>
 */
final class TomlEdit {
    private static final Pattern HEADER = Pattern.compile("^\\s*\\[\\s*([^\\[\\]]+?)\\s*]\\s*(#.*)?$");
    private static final Pattern ANY_HEADER = Pattern.compile("^\\s*\\[");

    private TomlEdit() {
    }

    /**
     * @param text   the file's text ("" for a new file)
     * @param table  the table's dotted path, e.g. {@code [quota_preferences, claude]}
     * @param key    the key inside it
     * @param values the new array
     * @return the new text
     */
    static String set(String text, List<String> table, String key, List<String> values) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        boolean endsWithNewline = text.endsWith("\n");
        if (endsWithNewline) {
            lines.remove(lines.size() - 1);
        }
        String value = array(values);
        int header = findHeader(lines, table);
        if (header < 0) {
            if (!lines.isEmpty() && !lines.get(lines.size() - 1).isBlank()) {
                lines.add("");
            }
            lines.add("[" + String.join(".", table) + "]");
            lines.add(key + " = " + value);
            return String.join("\n", lines) + "\n";
        }
        int end = header + 1;
        while (end < lines.size() && !ANY_HEADER.matcher(lines.get(end)).find()) {
            end++;
        }
        Pattern keyLine = Pattern.compile("^(\\s*(?:" + Pattern.quote(key) + "|\"" + Pattern.quote(key) + "\")\\s*=\\s*)(.*)$");
        for (int i = header + 1; i < end; i++) {
            Matcher m = keyLine.matcher(lines.get(i));
            if (m.matches()) {
                int last = valueEnd(lines, i, m.end(1));
                String tail = comment(lines.get(last), last == i ? m.end(1) : 0);
                String replaced = m.group(1) + value + tail;
                for (int j = last; j > i; j--) {
                    lines.remove(j);
                }
                lines.set(i, replaced);
                return String.join("\n", lines) + (endsWithNewline ? "\n" : "");
            }
        }
        lines.add(header + 1, key + " = " + value);
        return String.join("\n", lines) + (endsWithNewline || text.isEmpty() ? "\n" : "");
    }

    private static int findHeader(List<String> lines, List<String> table) {
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = HEADER.matcher(lines.get(i));
            if (m.matches() && path(m.group(1)).equals(table)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> path(String dotted) {
        List<String> out = new ArrayList<>();
        for (String part : dotted.split("\\.")) {
            String p = part.trim();
            if (p.length() >= 2 && (p.startsWith("\"") && p.endsWith("\"") || p.startsWith("'") && p.endsWith("'"))) {
                p = p.substring(1, p.length() - 1);
            }
            out.add(p);
        }
        return out;
    }

    /** @return the index of the line where the value that starts at {@code from} of line {@code start} ends */
    private static int valueEnd(List<String> lines, int start, int from) {
        int depth = 0;
        for (int i = start; i < lines.size(); i++) {
            String l = lines.get(i);
            char quote = 0;
            for (int c = i == start ? from : 0; c < l.length(); c++) {
                char ch = l.charAt(c);
                if (quote != 0) {
                    if (ch == '\\' && quote == '"') {
                        c++;
                    } else if (ch == quote) {
                        quote = 0;
                    }
                } else if (ch == '"' || ch == '\'') {
                    quote = ch;
                } else if (ch == '#') {
                    break;
                } else if (ch == '[' || ch == '{') {
                    depth++;
                } else if (ch == ']' || ch == '}') {
                    depth--;
                }
            }
            if (depth <= 0) {
                return i;
            }
        }
        return lines.size() - 1;
    }

    /** @return the line's trailing comment with the blanks before it, or "" */
    private static String comment(String line, int from) {
        char quote = 0;
        for (int c = from; c < line.length(); c++) {
            char ch = line.charAt(c);
            if (quote != 0) {
                if (ch == '\\' && quote == '"') {
                    c++;
                } else if (ch == quote) {
                    quote = 0;
                }
            } else if (ch == '"' || ch == '\'') {
                quote = ch;
            } else if (ch == '#') {
                int b = c;
                while (b > from && Character.isWhitespace(line.charAt(b - 1))) {
                    b--;
                }
                return line.substring(b);
            }
        }
        return "";
    }

    private static String array(List<String> values) {
        List<String> quoted = new ArrayList<>();
        for (String v : values) {
            StringBuilder s = new StringBuilder("\"");
            for (char ch : v.toCharArray()) {
                switch (ch) {
                    case '"' -> s.append("\\\"");
                    case '\\' -> s.append("\\\\");
                    default -> {
                        if (ch < 0x20 || ch == 0x7f) {
                            s.append(String.format("\\u%04X", (int) ch));
                        } else {
                            s.append(ch);
                        }
                    }
                }
            }
            quoted.add(s.append('"').toString());
        }
        return "[" + String.join(", ", quoted) + "]";
    }
}
