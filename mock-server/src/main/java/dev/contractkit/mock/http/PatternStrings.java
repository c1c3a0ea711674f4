package dev.contractkit.mock.http;

import dk.brics.automaton.Automaton;
import dk.brics.automaton.BasicAutomata;
import dk.brics.automaton.RegExp;
import dk.brics.automaton.State;
import dk.brics.automaton.Transition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
 * intersected with printable ASCII and the length bounds, and its shortest string taken (letters and digits before
 * punctuation) (the {@code n}-th distinct
 * one for a variant). Every result is checked with {@link java.util.regex}, the way the mock's validator reads the
 * pattern (a match anywhere in the string): look-arounds and {@code \b} are left out of the automaton and judged
 * there (the next shortest strings are tried when the first fails); a pattern this cannot rewrite (back-references,
 * class intersections, inline flags) gives nothing, and the caller reports the schema instead.
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
        Optional<String> found = strings(pattern, java, minLength, maxLength, variant);
        List<String> alternatives = alternatives(pattern);
        for (int i = 0; found.isEmpty() && alternatives.size() > 1 && i < alternatives.size(); i++) {
            found = strings(alternatives.get(i), java, minLength, maxLength, variant); // one alternative is enough
        }
        return found;
    }

    /** Strings of the pattern (or of one of its alternatives) that the whole pattern, read by Java, accepts. */
    private static Optional<String> strings(String pattern, Pattern java, int minLength, int maxLength, int variant) {
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
            String s = shortest(a);
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
                    } else if (p.startsWith("(?=", i) || p.startsWith("(?!", i) || p.startsWith("(?<=", i)
                            || p.startsWith("(?<!", i)) {
                        int close = groupEnd(p, i);
                        if (close < 0) {
                            return Optional.empty();
                        }
                        i = close; // a look-around is left out: Java's reading of the whole pattern checks the string
                    } else if (p.startsWith("(?", i)) {
                        return Optional.empty(); // inline flags
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

    /**
     * A shortest string of the automaton, its characters chosen as a person would write them: lower-case letters
     * first, then digits, upper case, and punctuation last ({@code a.aa}, not {@code -.aa}, for a host name), which
     * the look-arounds left out of the automaton accept more often.
     */
    static String shortest(Automaton a) {
        State start = a.getInitialState();
        if (start.isAccept()) {
            return "";
        }
        Map<State, State> parent = new HashMap<>();
        Map<State, Character> via = new HashMap<>();
        ArrayDeque<State> queue = new ArrayDeque<>(List.of(start));
        parent.put(start, start);
        while (!queue.isEmpty()) {
            State at = queue.poll();
            List<Transition> next = new ArrayList<>(at.getTransitions());
            next.sort(Comparator.comparingInt(t -> rank(pick(t))));
            for (Transition t : next) {
                State to = t.getDest();
                if (parent.containsKey(to)) {
                    continue;
                }
                parent.put(to, at);
                via.put(to, pick(t));
                if (to.isAccept()) {
                    StringBuilder out = new StringBuilder();
                    for (State s = to; s != start; s = parent.get(s)) {
                        out.append(via.get(s));
                    }
                    return out.reverse().toString();
                }
                queue.add(to);
            }
        }
        return null;
    }

    /** The most ordinary character of a transition's range. */
    private static char pick(Transition t) {
        for (char[] range : new char[][]{{'a', 'z'}, {'0', '9'}, {'A', 'Z'}}) {
            if (t.getMin() <= range[1] && t.getMax() >= range[0]) {
                return (char) Math.max(t.getMin(), range[0]);
            }
        }
        return t.getMin();
    }

    private static int rank(char c) {
        return c >= 'a' && c <= 'z' ? 0 : c >= '0' && c <= '9' ? 1 : c >= 'A' && c <= 'Z' ? 2 : c == '_' ? 3 : 4;
    }

    /** @return the pattern's top-level alternatives ({@code a|b(c|d)}: {@code a}, {@code b(c|d)}) */
    static List<String> alternatives(String p) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        boolean inClass = false;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
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
                out.add(p.substring(from, i));
                from = i + 1;
            }
        }
        out.add(p.substring(from));
        return out;
    }

    /** @return the index of the parenthesis closing the group opened at {@code open}, or -1 */
    private static int groupEnd(String p, int open) {
        int depth = 0;
        boolean inClass = false;
        for (int i = open; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static Optional<String> escape(String p, int at, char e, boolean inClass) {
        return switch (e) {
            case 'd' -> Optional.of(inClass ? "0-9" : "[0-9]");
            case 'w' -> Optional.of(inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]");
            case 's' -> Optional.of(inClass ? " \t\n\r" : "[ \t\n\r]");
            // in a class, a printable ASCII part of the negated set (AWS writes [\S\s]): Java checks each result
            case 'D' -> Optional.of(inClass ? " -/:-~" : "[^0-9]");
            case 'W' -> Optional.of(inClass ? " -/:-@{-~" : "[^a-zA-Z0-9_]");
            case 'S' -> Optional.of(inClass ? "!-~" : "[^ \t\n\r]");
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
