package dev.contractkit.specs.check;

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
