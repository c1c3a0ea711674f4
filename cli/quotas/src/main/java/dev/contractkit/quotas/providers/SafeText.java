package dev.contractkit.quotas.providers;

/**
 * Provider-supplied text made safe to print on a terminal: escape sequences (CSI {@code ESC [ ... final}, OSC
 * {@code ESC ] ... BEL|ST}, DCS/SOS/PM/APC {@code ... ST}, two-character {@code ESC x}), their 8-bit C1 forms, every
 * other C0/C1 control and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069, and the marks
 * U+200E, U+200F, U+061C) are dropped; tab, line feed and carriage return become a space (a statusline is one line).
 * Every {@link ProviderResult} and {@link Window} passes its text through here, so the statusline, the terminal UI, the
 * cache and {@code --json} never carry a provider's control sequence.
 *
 * <pre>{@code
 * SafeText.clean("max\u001b]0;pwned\u0007\u001b[2J")   // "max"
 * }</pre>
 */
public final class SafeText {
    private static final char ESC = 0x1b;
    private static final char BEL = 0x07;

    private SafeText() {
    }

    /**
     * @param text provider text, may be null
     * @return the text without control sequences (null stays null)
     */
    public static String clean(String text) {
        if (text == null || isPlain(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ESC) {
                i = skipEscape(text, i + 1);
            } else if (c == 0x9b) {
                i = skipCsi(text, i + 1);
            } else if (c == 0x9d || c == 0x90 || c == 0x98 || c == 0x9e || c == 0x9f) {
                i = skipString(text, i + 1);
            } else {
                if (c == '\t' || c == '\n' || c == '\r') {
                    out.append(' ');
                } else if (!dropped(c)) {
                    out.append(c);
                }
                i++;
            }
        }
        return out.toString();
    }

    private static boolean isPlain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (dropped(c) || c == '\t' || c == '\n' || c == '\r') {
                return false;
            }
        }
        return true;
    }

    /** C0 controls, DEL, C1 controls, bidi overrides, isolates and marks. */
    private static boolean dropped(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
                || c == 0x200e || c == 0x200f || c == 0x061c;
    }

    /** @param i the index after ESC; @return the index after the whole sequence */
    private static int skipEscape(String text, int i) {
        if (i >= text.length()) {
            return i;
        }
        char c = text.charAt(i);
        return switch (c) {
            case '[' -> skipCsi(text, i + 1);
            case ']', 'P', 'X', '^', '_' -> skipString(text, i + 1);
            default -> {
                // ESC, intermediates (0x20-0x2f), final byte: e.g. ESC ( B, ESC c, ESC 7
                int j = i;
                while (j < text.length() && text.charAt(j) >= 0x20 && text.charAt(j) <= 0x2f) {
                    j++;
                }
                yield Math.min(text.length(), j + 1);
            }
        };
    }

    /** Parameters and intermediates (0x20-0x3f), then one final byte (0x40-0x7e). */
    private static int skipCsi(String text, int i) {
        int j = i;
        while (j < text.length() && text.charAt(j) >= 0x20 && text.charAt(j) <= 0x3f) {
            j++;
        }
        return Math.min(text.length(), j + 1);
    }

    /** Up to BEL, ST ({@code ESC \}) or the 8-bit ST; an unterminated string swallows the rest. */
    private static int skipString(String text, int i) {
        for (int j = i; j < text.length(); j++) {
            char c = text.charAt(j);
            if (c == BEL || c == 0x9c) {
                return j + 1;
            }
            if (c == ESC) {
                return j + 1 < text.length() && text.charAt(j + 1) == '\\' ? j + 2 : j + 1;
            }
        }
        return text.length();
    }
}
