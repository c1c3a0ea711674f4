package dev.contractkit.reference.answers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The literal text a regular expression cannot match without: sets of strings, every match containing at least one
 * string of each set ({@code \bdebts?\b} → {@code [debt]}; {@code \b(?:kill|murder)\w* the ceo} →
 * {@code [ the ceo], [kill, murder]}; {@code \bq[1-4]\b} → {@code [q1, q2, q3, q4]}). A text missing every string
 * of one set cannot match, so the expression need not run on it. The reading is conservative: what it does not understand (inline flags, {@code \Q}, nested classes,
 * back-references) gives no literal, and an alternative without one is always run.
 */
final class Literals {
    /** A character class enumerating at most this many characters is read as that many one-character literals. */
    private static final int SMALL_CLASS = 4;
    /** Products of small classes grow no larger than this. */
    private static final int MAX_SET = 16;
    /** The best sets kept for a sequence: more cost a look-up each and rarely rule out more. */
    private static final int MAX_SETS = 3;

    private final String re;
    private int pos;

    private Literals(String re) {
        this.re = re;
    }

    /**
     * @param regex a regular expression compiled without flags
     * @return sets of strings, each match holding one string of every set, the most selective first; empty when
     * none can be named
     */
    static List<Set<String>> required(String regex) {
        try {
            Literals l = new Literals(regex);
            List<Set<String>> need = l.alternation();
            return l.pos != regex.length() ? List.of() : need;
        } catch (Unsupported e) {
            return List.of();
        }
    }

    /** @return an alternation's requirements: a sequence's own, or for several the union of each one's best */
    private List<Set<String>> alternation() {
        List<List<Set<String>>> branches = new ArrayList<>();
        while (true) {
            branches.add(sequence());
            if (pos < re.length() && re.charAt(pos) == '|') {
                pos++;
            } else {
                break;
            }
        }
        if (branches.size() == 1) {
            return branches.getFirst();
        }
        Set<String> union = new LinkedHashSet<>();
        for (List<Set<String>> b : branches) {
            if (b.isEmpty()) {
                return List.of();
            }
            union.addAll(b.getFirst());
        }
        return List.of(union);
    }

    /** @return the best requirements of a sequence of atoms (up to {@code |}, {@code )} or the end), best first */
    private List<Set<String>> sequence() {
        List<Set<String>> candidates = new ArrayList<>();
        List<String> run = new ArrayList<>(List.of(""));
        while (pos < re.length() && re.charAt(pos) != '|' && re.charAt(pos) != ')') {
            Atom atom = atom();
            int min = quantifier();
            if (min >= 1 && atom.chars != null && run.size() * atom.chars.size() <= MAX_SET) {
                run = product(run, atom.chars);
                if (min == 1) {
                    continue;
                }
                end(run, candidates); // c+: the text before the first c, and the last c with what follows
                run = new ArrayList<>(atom.chars);
                continue;
            }
            end(run, candidates);
            run = new ArrayList<>(List.of(""));
            if (min >= 1 && atom.need != null) {
                candidates.add(atom.need);
            }
        }
        end(run, candidates);
        candidates.sort(Comparator.comparingInt(Literals::score).reversed());
        return List.copyOf(candidates.subList(0, Math.min(MAX_SETS, candidates.size())));
    }

    /** Longer strings are rarer; fewer strings cost fewer look-ups; punctuation is rarer than letters. */
    private static int score(Set<String> need) {
        int shortest = need.stream().mapToInt(String::length).min().orElse(0);
        boolean punctuation = need.stream().allMatch(s -> s.chars().anyMatch(c -> !Character.isLetterOrDigit(c) && c != ' '));
        return shortest * 100 - need.size() + (punctuation ? 50 : 0);
    }

    private static void end(List<String> run, List<Set<String>> candidates) {
        if (!run.getFirst().isEmpty()) {
            candidates.add(new LinkedHashSet<>(run));
        }
    }

    private static List<String> product(List<String> run, List<String> chars) {
        List<String> out = new ArrayList<>();
        for (String r : run) {
            for (String c : chars) {
                out.add(r + c);
            }
        }
        return out;
    }

    /** One atom: literal characters it may be ({@link #chars}), or a group's requirement ({@link #need}), or neither. */
    private record Atom(List<String> chars, Set<String> need) {
        static final Atom OTHER = new Atom(null, null);
        /** Zero width: matches no text, so it must not join the literals either side ({@code \b}, look-arounds). */
        static final Atom ZERO = new Atom(null, null);
    }

    private Atom atom() {
        char c = re.charAt(pos++);
        switch (c) {
            case '\\' -> {
                char d = next();
                if (Character.isLetterOrDigit(d)) {
                    if ("bBdDwWsS".indexOf(d) < 0) {
                        throw new Unsupported(); // \Q, \p{..}, \k<..>, back-references, \t ...
                    }
                    return Atom.OTHER;
                }
                return new Atom(List.of(String.valueOf(d)), null);
            }
            case '[' -> {
                return characterClass();
            }
            case '(' -> {
                return group();
            }
            case '.', '^', '$' -> {
                return Atom.OTHER;
            }
            case '*', '+', '?', '{' -> throw new Unsupported();
            default -> {
                return new Atom(List.of(String.valueOf(c)), null);
            }
        }
    }

    private Atom group() {
        if (re.startsWith("?:", pos)) {
            pos += 2;
        } else if (re.startsWith("?=", pos) || re.startsWith("?!", pos) || re.startsWith("?<=", pos) || re.startsWith("?<!", pos)) {
            pos += re.charAt(pos + 1) == '<' ? 3 : 2;
            alternation();
            close();
            return Atom.ZERO;
        } else if (pos < re.length() && re.charAt(pos) == '?') {
            throw new Unsupported(); // inline flags, named or atomic groups
        }
        List<Set<String>> need = alternation();
        close();
        return new Atom(null, need.isEmpty() ? null : need.getFirst());
    }

    private void close() {
        if (next() != ')') {
            throw new Unsupported();
        }
    }

    /** {@code [1-4]}, {@code [bs]}: its characters when few and plain; any other class is no literal. */
    private Atom characterClass() {
        List<String> chars = new ArrayList<>();
        boolean plain = pos < re.length() && re.charAt(pos) != '^';
        while (true) {
            char c = next();
            if (c == ']' && (!chars.isEmpty() || !plain)) {
                break;
            }
            if (c == '[' || c == '\\' || c == '&') {
                plain = false;
                if (c == '\\') {
                    next();
                }
                continue;
            }
            if (pos + 1 < re.length() && re.charAt(pos) == '-' && re.charAt(pos + 1) != ']') {
                pos++;
                char to = next();
                for (char x = c; x <= to && chars.size() <= SMALL_CLASS; x++) {
                    chars.add(String.valueOf(x));
                }
                continue;
            }
            chars.add(String.valueOf(c));
        }
        return plain && chars.size() <= SMALL_CLASS ? new Atom(chars, null) : Atom.OTHER;
    }

    /** @return the least number of times the atom just read must occur: 1 unquantified, 0 or 1 quantified */
    private int quantifier() {
        if (pos >= re.length()) {
            return 1;
        }
        char q = re.charAt(pos);
        int min;
        if (q == '*' || q == '?') {
            min = 0;
        } else if (q == '+') {
            min = 2; // at least once, but not one literal character in a run
        } else if (q == '{') {
            int close = re.indexOf('}', pos);
            if (close < 0) {
                throw new Unsupported();
            }
            String bounds = re.substring(pos + 1, close);
            min = bounds.startsWith("0") ? 0 : 2;
            pos = close;
        } else {
            return 1;
        }
        pos++;
        if (pos < re.length() && (re.charAt(pos) == '?' || re.charAt(pos) == '+')) {
            pos++; // lazy or possessive
        }
        return min;
    }

    private char next() {
        if (pos >= re.length()) {
            throw new Unsupported();
        }
        return re.charAt(pos++);
    }

    private static final class Unsupported extends RuntimeException {
        Unsupported() {
            super(null, null, false, false);
        }
    }
}
