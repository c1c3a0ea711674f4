package dev.contractkit.specs.check;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** JSON pointer helpers (RFC 6901). */
public final class Pointers {
    private Pointers() {
    }

    /**
     * Escapes one reference token.
     *
     * @param token a raw key, e.g. {@code /forms/{id}}
     * @return the escaped token, e.g. {@code ~1forms~1{id}}
     */
    public static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    /**
     * The JSON pointer of a local {@code $ref}: its URI fragment, percent-decoded (RFC 6901 section 6: a pointer in
     * a URI fragment is percent-encoded; DigitalOcean's document writes {@code #/paths/~1v2~1x~1%7Bid%7D/...}).
     *
     * @param ref a {@code $ref} value starting with {@code #}
     * @return the pointer, e.g. {@code /paths/~1v2~1x~1{id}}
     */
    public static String ofRef(String ref) {
        String fragment = ref.substring(1);
        if (fragment.indexOf('%') < 0) {
            return fragment;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < fragment.length(); i++) {
            char c = fragment.charAt(i);
            if (c == '%' && i + 2 < fragment.length() && isHex(fragment.charAt(i + 1)) && isHex(fragment.charAt(i + 2))) {
                out.write(Integer.parseInt(fragment.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    /**
     * Appends tokens to a pointer.
     *
     * @param base   a pointer ("" for the root)
     * @param tokens raw tokens, escaped here
     * @return the longer pointer
     */
    public static String append(String base, String... tokens) {
        StringBuilder sb = new StringBuilder(base);
        for (String t : tokens) {
            sb.append('/').append(escape(t));
        }
        return sb.toString();
    }

    /**
     * Turns a location in swagger-parser's message style ({@code paths.'/forms'(get).responses.200})
     * into a JSON pointer; text it cannot read is kept as one token.
     *
     * @param location swagger-parser's location
     * @return a JSON pointer
     */
    static String fromParserLocation(String location) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < location.length()) {
            char c = location.charAt(i);
            if (c == '.') {
                i++;
            } else if (c == '\'') {
                int end = location.indexOf('\'', i + 1);
                end = end < 0 ? location.length() : end;
                out.append('/').append(escape(location.substring(i + 1, end)));
                i = end + 1;
            } else if (c == '(') {
                int end = location.indexOf(')', i);
                end = end < 0 ? location.length() : end;
                out.append('/').append(escape(location.substring(i + 1, end)));
                i = end + 1;
            } else {
                int end = i;
                while (end < location.length() && ".'(".indexOf(location.charAt(end)) < 0) {
                    end++;
                }
                out.append('/').append(escape(location.substring(i, end)));
                i = end;
            }
        }
        return out.toString();
    }
}
