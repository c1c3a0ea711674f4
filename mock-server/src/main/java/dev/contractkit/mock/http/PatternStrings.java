package dev.contractkit.mock.http;

import dk.brics.automaton.Automaton;
import dk.brics.automaton.BasicAutomata;
import dk.brics.automaton.RegExp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A string a schema's {@code pattern} accepts, within {@code minLength}/{@code maxLength}: the pattern (ECMA-262 /
 * Java syntax) is rewritten into dk.brics.automaton's syntax ({@code \d}, {@code \w}, {@code \s} as classes, anchors
 * and lazy quantifiers dropped, non-capturing groups plain, brics' own operators escaped), made an automaton,
 * intersected with printable ASCII and the length bounds, and its shortest string taken (the {@code n}-th distinct
 * one for a variant). Every result is checked with {@link java.util.regex}, the way the mock's validator reads the
 * pattern (a match anywhere in the string); a pattern this cannot rewrite (look-arounds, back-references, class
 * intersections) gives nothing, and the caller reports the schema instead.
 */
final class PatternStrings {
    private static final int MAX_SPAN = 64;
    private static final int RETRIES = 30;
    private static final int CACHE_LIMIT = 10_000;
    private static final Automaton PRINTABLE = new RegExp("[ -~]*", RegExp.NONE).toAutomaton();
    private static final Map<String, Optional<String>> CACHE = new ConcurrentHashMap<>();
    private static final String BRICS_OPERATORS = "\"<>@&~#";

    private PatternStrings() {
    }

    /**
     * @param pattern   the schema's pattern
     * @param minLength the shortest length allowed
     * @param maxLength the longest length allowed
     * @param variant   0 for the shortest string; n for the n-th other one (distinct items)
     * @return a string the pattern finds a match in, within the bounds, or empty when none could be built
     */
    static Optional<String> sample(String pattern, int minLength, int maxLength, int variant) {
        String key = pattern + '\u0000' + minLength + '\u0000' + maxLength + '\u0000' + variant;
        Optional<String> cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        Optional<String> built = build(pattern, minLength, maxLength, variant);
        if (CACHE.size() < CACHE_LIMIT) {
            CACHE.put(key, built);
        }
        return built;
    }

    private static Optional<String> build(String pattern, int minLength, int maxLength, int variant) {
        Pattern java;
        try {
            java = Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            return Optional.empty();
        }
        Optional<String> rewritten = rewrite(pattern);
        if (rewritten.isEmpty()) {
            return Optional.empty();
        }
        Automaton language;
        try {
            language = new RegExp(rewritten.get(), RegExp.NONE).toAutomaton();
        } catch (IllegalArgumentException | StackOverflowError e) {
            return Optional.empty();
        }
        int longest = (int) Math.min(maxLength, (long) Math.max(minLength, 1) + MAX_SPAN);
        Automaton bounded = minLength > 0 || maxLength < Integer.MAX_VALUE
                ? BasicAutomata.makeAnyChar().repeat(minLength, Math.max(minLength, longest)) : null;
        List<Automaton> tries = new ArrayList<>();
        if (bounded != null) {
            tries.add(language.intersection(PRINTABLE).intersection(bounded));
            tries.add(language.intersection(bounded));
        }
        tries.add(language.intersection(PRINTABLE));
        tries.add(language);
        for (Automaton a : tries) {
            Optional<String> found = first(a, variant, java);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * The {@code n}-th shortest string of the automaton that Java's reading of the pattern accepts too (what the
     * rewriting drops, such as {@code \b}, can refuse the shortest: then the next ones are tried, a few).
     */
    private static Optional<String> first(Automaton automaton, int n, Pattern java) {
        Automaton a = automaton;
        int accepted = 0;
        for (int tried = 0; tried < n + RETRIES; tried++) {
            String s = a.getShortestExample(true);
            if (s == null) {
                return Optional.empty();
            }
            if (java.matcher(s).find() && accepted++ == n) {
                return Optional.of(s);
            }
            a = a.minus(BasicAutomata.makeString(s));
        }
        return Optional.empty();
    }

    /** The pattern in dk.brics syntax, or empty for what it cannot express. */
    static Optional<String> rewrite(String p) {
        StringBuilder out = new StringBuilder();
        boolean inClass = false;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                if (i + 1 >= p.length()) {
                    return Optional.empty();
                }
                char e = p.charAt(++i);
                Optional<String> escaped = escape(p, i, e, inClass);
                if (escaped.isEmpty()) {
                    return Optional.empty();
                }
                out.append(escaped.get());
                if (e == 'u') {
                    i += 4;
                } else if (e == 'x') {
                    i += 2;
                } else if (e == 'p' || e == 'P') {
                    i = p.indexOf('}', i);
                }
                continue;
            }
            if (inClass) {
                if (c == ']') {
                    inClass = false;
                    out.append(c);
                } else if (c == '[' || (c == '&' && i + 1 < p.length() && p.charAt(i + 1) == '&')) {
                    return Optional.empty(); // nested classes, intersections
                } else {
                    out.append(BRICS_OPERATORS.indexOf(c) >= 0 ? "\\" + c : String.valueOf(c));
                }
                continue;
            }
            switch (c) {
                case '[' -> {
                    inClass = true;
                    out.append(c);
                    if (i + 1 < p.length() && p.charAt(i + 1) == '^') {
                        out.append('^');
                        i++;
                    }
                    if (i + 1 < p.length() && p.charAt(i + 1) == ']') { // a leading ] is a literal
                        out.append("\\]");
                        i++;
                    }
                }
                case '^', '$' -> {
                    // anchors: the whole string is built, which any anchor accepts
                }
                case '(' -> {
                    if (p.startsWith("(?:", i)) {
                        out.append('(');
                        i += 2;
                    } else if (p.startsWith("(?<", i) && !p.startsWith("(?<=", i) && !p.startsWith("(?<!", i)) {
                        out.append('(');
                        i = p.indexOf('>', i);
                    } else if (p.startsWith("(?", i)) {
                        return Optional.empty(); // look-arounds, inline flags
                    } else {
                        out.append('(');
                    }
                }
                case '*', '+', '?', '}' -> {
                    out.append(c);
                    if (i + 1 < p.length() && (p.charAt(i + 1) == '?' || p.charAt(i + 1) == '+')) {
                        i++; // lazy or possessive: the same strings
                    }
                }
                case '{' -> out.append(p.substring(i).matches("(?s)\\{\\d+(,\\d*)?}.*") ? "{" : "\\{");
                case '|' -> {
                    boolean emptyBefore = out.isEmpty() || (out.charAt(out.length() - 1) == '('
                            && (out.length() < 2 || out.charAt(out.length() - 2) != '\\'));
                    out.append(emptyBefore ? "()|" : "|");
                    if (i + 1 >= p.length() || p.charAt(i + 1) == ')') {
                        out.append("()"); // brics has no empty alternative
                    }
                }
                default -> out.append(BRICS_OPERATORS.indexOf(c) >= 0 ? "\\" + c : String.valueOf(c));
            }
        }
        return inClass ? Optional.empty() : Optional.of(out.toString());
    }

    private static Optional<String> escape(String p, int at, char e, boolean inClass) {
        return switch (e) {
            case 'd' -> Optional.of(inClass ? "0-9" : "[0-9]");
            case 'w' -> Optional.of(inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]");
            case 's' -> Optional.of(inClass ? " \t\n\r" : "[ \t\n\r]");
            case 'D' -> inClass ? Optional.empty() : Optional.of("[^0-9]");
            case 'W' -> inClass ? Optional.empty() : Optional.of("[^a-zA-Z0-9_]");
            case 'S' -> inClass ? Optional.empty() : Optional.of("[^ \t\n\r]");
            case 'b', 'B', 'A', 'z', 'Z', 'G' -> inClass ? Optional.of(e == 'b' ? "\\\b" : "\\" + e) : Optional.of("");
            case 'n' -> Optional.of("\n");
            case 't' -> Optional.of("\t");
            case 'r' -> Optional.of("\r");
            case 'f' -> Optional.of("\f");
            case 'v' -> Optional.of("\u000b");
            case '0' -> Optional.of("\\\u0000");
            case 'u', 'x' -> {
                int length = e == 'u' ? 4 : 2;
                String hex = p.substring(at + 1, Math.min(p.length(), at + 1 + length));
                yield hex.matches("[0-9a-fA-F]{" + length + "}")
                        ? Optional.of("\\" + (char) Integer.parseInt(hex, 16)) : Optional.empty();
            }
            case 'p', 'P' -> {
                int close = p.indexOf('}', at);
                String name = close < 0 ? "" : p.substring(at + 2, close);
                String set = switch (name) {
                    case "L", "Alpha", "IsAlphabetic", "IsLetter" -> "a-zA-Z";
                    case "Lu", "Upper" -> "A-Z";
                    case "Ll", "Lower" -> "a-z";
                    case "N", "Nd", "Digit" -> "0-9";
                    case "Alnum" -> "a-zA-Z0-9";
                    default -> "";
                };
                yield set.isEmpty() || e == 'P' ? Optional.empty() : Optional.of(inClass ? set : "[" + set + "]");
            }
            default -> {
                if (Character.isDigit(e)) {
                    yield Optional.empty(); // back-references
                }
                yield Optional.of("\\" + e);
            }
        };
    }
}
