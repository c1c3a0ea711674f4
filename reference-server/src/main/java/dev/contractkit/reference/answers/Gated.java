package dev.contractkit.reference.answers;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An alternation that runs only where it can match. Each alternative has the literals it cannot match without
 * ({@link Literals}); for a text holding none of an alternative's literals, that alternative matches nowhere, so the
 * alternation matches exactly as the alternation of the others would. {@link #on} gives no pattern when no
 * alternative can match, the one alternative alone when only one can (most questions), else the whole alternation:
 * the same matches at the same places with the same text, for {@code find}, {@code group()} and {@code replaceAll}
 * (groups other than 0 are numbered as in the alternative alone, so use them only on a single-alternative pattern).
 */
final class Gated {
    private final Pattern whole;
    private final List<Pattern> alternatives;
    /** Each alternative's sets of literals: it can match only a text holding one string of each set. */
    private final List<String[][]> literals;
    /** The {@link CharMask} of each of those literals. */
    private final List<long[][]> masks;

    private Gated(Pattern whole, List<String> alternatives) {
        this.whole = whole;
        this.alternatives = alternatives.stream().map(Pattern::compile).toList();
        this.literals = alternatives.stream().map(a -> Literals.required(a).stream()
                .map(set -> set.toArray(String[]::new)).toArray(String[][]::new)).toList();
        this.masks = literals.stream().map(sets -> Arrays.stream(sets)
                .map(set -> Arrays.stream(set).mapToLong(CharMask::of).toArray()).toArray(long[][]::new)).toList();
    }

    /** @return the alternatives joined as {@link Alternation#of}, each gated by its literals */
    static Gated of(String... alternatives) {
        List<String> each = Arrays.stream(alternatives).flatMap(a -> Alternation.split(a).stream()).toList();
        return new Gated(Pattern.compile(Alternation.of(alternatives)), each);
    }

    /** @return the alternation's pattern, ungated */
    Pattern pattern() {
        return whole;
    }

    /**
     * @param text the text to match
     * @return what to run on it: null when nothing can match, the one alternative that can, or the whole alternation
     */
    Pattern on(String text) {
        Pattern only = null;
        long mask = CharMask.of(text);
        for (int i = 0; i < alternatives.size(); i++) {
            if (mayMatch(text, mask, literals.get(i), masks.get(i))) {
                if (only != null) {
                    return whole;
                }
                only = alternatives.get(i);
            }
        }
        return only;
    }

    /** @return whether the alternation matches somewhere in the text */
    boolean find(String text) {
        Pattern p = on(text);
        return p != null && p.matcher(text).find();
    }

    /** @return a matcher of the text that finds what the whole alternation finds, or null when it finds nothing */
    Matcher matcher(String text) {
        Pattern p = on(text);
        return p == null ? null : p.matcher(text);
    }

    /** @return the text with every match replaced, as the whole alternation's {@code replaceAll} */
    String replaceAll(String text, String replacement) {
        Pattern p = on(text);
        return p == null ? text : p.matcher(text).replaceAll(replacement);
    }

    private static boolean mayMatch(String text, long mask, String[][] sets, long[][] masks) {
        for (int s = 0; s < sets.length; s++) {
            if (!holdsOne(text, mask, sets[s], masks[s])) {
                return false;
            }
        }
        return true;
    }

    private static boolean holdsOne(String text, long mask, String[] literals, long[] masks) {
        for (int i = 0; i < literals.length; i++) {
            if (CharMask.mayHold(mask, masks[i]) && text.contains(literals[i])) {
                return true;
            }
        }
        return false;
    }

    /** @return each alternative's sets of literals, for tests */
    List<List<Set<String>>> literals() {
        return literals.stream().map(sets -> Arrays.stream(sets).map(Set::of).toList()).toList();
    }
}
