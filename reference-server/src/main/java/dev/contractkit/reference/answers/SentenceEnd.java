package dev.contractkit.reference.answers;

/**
 * Whether a word starts a sentence: the text before it ends with {@code .?!:;} and white space, as the regular
 * expression {@code [.?!:;]\s*$} finds it in that text, without scanning the text from its start for each word.
 */
final class SentenceEnd {
    private SentenceEnd() {
    }

    /**
     * @param text the text
     * @param end  where the word starts
     * @return whether {@code [.?!:;]\s*$} matches in {@code text[0, end)}: {@code $} matches at the end and, without
     * MULTILINE, before a line terminator that ends the text (U+0085, U+2028, U+2029, which
     * {@code \s} does not hold; {@code \n} and {@code \r} are white space, skipped anyway)
     */
    static boolean before(String text, int end) {
        if (punctuationThenSpace(text, end)) {
            return true;
        }
        if (end == 0) {
            return false;
        }
        char last = text.charAt(end - 1);
        return (last == '\u0085' || last == '\u2028' || last == '\u2029') && punctuationThenSpace(text, end - 1);
    }

    private static boolean punctuationThenSpace(String text, int end) {
        int i = end - 1;
        while (i >= 0 && isSpace(text.charAt(i))) {
            i--;
        }
        return i >= 0 && ".?!:;".indexOf(text.charAt(i)) >= 0;
    }

    /** {@code \s} without UNICODE_CHARACTER_CLASS: {@code [ \t\n\x0B\f\r]}. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }
}
