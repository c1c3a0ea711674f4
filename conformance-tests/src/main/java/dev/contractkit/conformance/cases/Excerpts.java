package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.node.TextNode;

/** Values as a report shows them: quoted as JSON text, cut to one line of at most 200 characters. */
public final class Excerpts {
    private Excerpts() {
    }

    /** @return the text as a JSON string, e.g. {@code "1"} */
    public static String quote(String text) {
        return TextNode.valueOf(text).toString();
    }

    /** @return the text on one line, at most 200 characters (cut with "...") */
    public static String abbreviate(String text) {
        String oneLine = text.replaceAll("\\s+", " ").trim();
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 197) + "...";
    }
}
