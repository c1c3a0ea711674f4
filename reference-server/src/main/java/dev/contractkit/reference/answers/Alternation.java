package dev.contractkit.reference.answers;

import java.util.ArrayList;
import java.util.List;

/**
 * Joins regular-expression alternatives into one alternation that matches exactly as {@code String.join("|", ...)}
 * would, but cheaper: a run of consecutive alternatives that each start with {@code \b} shares one {@code \b}
 * ({@code \bfoo|\bbar} becomes {@code \b(?:foo|bar)}). Java's regex engine tries every alternative at every position;
 * most positions are inside a word, where the shared {@code \b} fails once instead of once per alternative. The order
 * of the alternatives is kept, so the same text matches, at the same place, with the same groups.
 */
final class Alternation {
    private Alternation() {
    }

    /**
     * @param alternatives regular expressions; one that is an alternation of its own ({@code a|b}) is kept as it is
     * @return them as one alternation
     */
    static String of(String... alternatives) {
        StringBuilder out = new StringBuilder();
        List<String> run = new ArrayList<>();
        for (String a : alternatives) {
            if (a.startsWith("\\b") && split(a).size() == 1) {
                run.add(a.substring(2));
                continue;
            }
            flush(out, run);
            out.append(out.isEmpty() ? "" : "|").append(a);
        }
        flush(out, run);
        return out.toString();
    }

    /**
     * @param regex an alternation ({@code a|b|c})
     * @return the same with the {@code \b} of consecutive alternatives shared, as {@link #of}
     */
    static String shareBoundaries(String regex) {
        return of(split(regex).toArray(String[]::new));
    }

    private static void flush(StringBuilder out, List<String> run) {
        if (!run.isEmpty()) {
            out.append(out.isEmpty() ? "" : "|").append("\\b(?:").append(String.join("|", run)).append(')');
            run.clear();
        }
    }

    /** @return the expression's alternatives: split at each {@code |} outside groups and character classes */
    static List<String> split(String regex) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean inClass = false;
        int start = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                out.add(regex.substring(start, i));
                start = i + 1;
            }
        }
        out.add(regex.substring(start));
        return out;
    }
}
