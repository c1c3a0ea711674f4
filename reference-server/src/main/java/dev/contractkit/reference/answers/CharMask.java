package dev.contractkit.reference.answers;

/**
 * Which characters a text holds, as 64 bits: one for each lower-case ASCII letter and digit, the rest shared by
 * the other characters. A string whose mask has a bit the text's lacks is not in the text, found without searching.
 */
final class CharMask {
    private static final long[] ASCII = new long[128];

    static {
        for (char c = 0; c < ASCII.length; c++) {
            ASCII[c] = bit(c);
        }
    }

    private CharMask() {
    }

    /** @return the mask of the characters of {@code s} */
    static long of(String s) {
        long mask = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            mask |= c < ASCII.length ? ASCII[c] : bit(c);
        }
        return mask;
    }

    /** @return whether a string of mask {@code part} may be in a text of mask {@code whole} */
    static boolean mayHold(long whole, long part) {
        return (part & ~whole) == 0;
    }

    private static long bit(char c) {
        if (c >= 'a' && c <= 'z') {
            return 1L << (c - 'a');
        }
        if (c >= '0' && c <= '9') {
            return 1L << (26 + c - '0');
        }
        return 1L << (36 + c % 28);
    }
}
