package dev.contractkit.reference.answers;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link SentenceEnd} answers as {@code [.?!:;]\s*$} found in the text before a word. */
class SentenceEndTest {
    private static final Pattern SENTENCE_END = Pattern.compile("[.?!:;]\\s*$");
    private static final char[] ALPHABET = {'a', '.', '?', ';', ' ', '\t', '\n', '\r', '\u0085', '\u2028', ','};

    @Test
    void agreesWithTheRegularExpressionOnEveryShortText() {
        int sentenceEnds = 0;
        for (int length = 0; length <= 5; length++) {
            int[] digits = new int[length];
            while (true) {
                StringBuilder s = new StringBuilder();
                for (int d : digits) {
                    s.append(ALPHABET[d]);
                }
                String text = s + "Word";
                for (int end = 0; end <= length; end++) {
                    boolean expected = SENTENCE_END.matcher(text).region(0, end).find();
                    assertThat(SentenceEnd.before(text, end)).as("%s before %d", text, end).isEqualTo(expected);
                    sentenceEnds += expected ? 1 : 0;
                }
                if (!next(digits)) {
                    break;
                }
            }
        }
        assertThat(sentenceEnds).isGreaterThan(1000);
        assertThat(SentenceEnd.before("Hi. Acme?", 4)).isTrue();
        assertThat(SentenceEnd.before("Hi, Acme?", 4)).isFalse();
    }

    private static boolean next(int[] digits) {
        for (int i = digits.length - 1; i >= 0; i--) {
            if (++digits[i] < ALPHABET.length) {
                return true;
            }
            digits[i] = 0;
        }
        return false;
    }
}
