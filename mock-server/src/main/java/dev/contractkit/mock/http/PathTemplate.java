package dev.contractkit.mock.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAPI path template such as {@code /forms/{id}} as a regular expression: literal text quoted (a character
 * that must be percent-encoded in a path matches encoded too), each {@code {name}} one path segment (or the part of
 * one).
 *
 * @param template the template as written in the contract
 * @param pattern  the expression MockServer matches the request path with, and {@link #match} when the template is
 *                 not {@code plain}
 * @param names    the parameter names, in order
 * @param plain    the literal text around the parameters ({@code names.size() + 1} pieces) of a template whose literal
 *                 text needs no percent-encoded alternative, with every parameter a whole path segment and no key
 *                 ({@code /forms/{id}}, {@code /a/{x}/b/{y}}): {@link #match} compares that text and cuts the segments
 *                 without the regular expression, for the same verdict and values; else null
 */
public record PathTemplate(String template, Pattern pattern, List<String> names, List<String> plain) {
    private static final Pattern PARAMETER = Pattern.compile("\\{([^}/]+)}");
    /**
     * The order in which templates match a request path: fewer parameters first (OpenAPI: {@code /forms/current}
     * before {@code /forms/{id}}), then more literal text ({@code /v1/{name}:cancel} before {@code /v1/{name}}).
     */
    public static final Comparator<PathTemplate> SPECIFIC_FIRST = Comparator.comparingInt(PathTemplate::parameterCount)
            .thenComparing(Comparator.comparingInt(PathTemplate::literalLength).reversed())
            .thenComparing(PathTemplate::template);

    /**
     * A template with a key after its path ({@code /tags/{arn}#tagKeys}, {@code /#X-Amz-Target=...},
     * {@code /{Bucket}?acl}: AWS documents tell operations on one path apart by a query parameter or a header) matches
     * the path a client sends, without the key (the key's query parameter or header is {@link KeyedPath}'s), and the
     * whole template with the key percent-encoded.
     */
    public static PathTemplate parse(String template) {
        StringBuilder regex = new StringBuilder();
        List<String> names = new ArrayList<>();
        String head = head(template);
        Matcher m = PARAMETER.matcher(head);
        int last = 0;
        boolean keyed = head.length() < template.length();
        while (m.find()) {
            // with a key after the path, a value stops short of it: /orders/7%23notes is id 7 of /orders/{id}#notes
            regex.append(quote(head.substring(last, m.start()))).append(keyed ? "([^/]+?)" : "([^/]+)");
            names.add(m.group(1));
            last = m.end();
        }
        regex.append(quote(head.substring(last)));
        if (keyed) {
            regex.append("(?:").append(quote(template.substring(head.length()))).append(")?");
        }
        return new PathTemplate(template, Pattern.compile(regex.toString()), List.copyOf(names), keyed ? null : plain(head));
    }

    /** @return the literal pieces around the parameters when the template is plain (see {@link PathTemplate}), else null */
    private static List<String> plain(String head) {
        List<String> pieces = new ArrayList<>();
        Matcher m = PARAMETER.matcher(head);
        int last = 0;
        while (m.find()) {
            String before = head.substring(last, m.start());
            boolean wholeSegment = before.endsWith("/") && (m.end() == head.length() || head.charAt(m.end()) == '/');
            if (!wholeSegment) {
                return null;
            }
            pieces.add(before);
            last = m.end();
        }
        pieces.add(head.substring(last));
        for (String piece : pieces) {
            for (int i = 0; i < piece.length(); i++) {
                if (!literalAsIs(piece.charAt(i))) {
                    return null;
                }
            }
        }
        return List.copyOf(pieces);
    }

    /** @return true for a character the template's expression matches only as itself (see {@link #quote}) */
    private static boolean literalAsIs(char c) {
        return Character.isLetterOrDigit(c) || "-._~/!$&'()*+,;=:@%".indexOf(c) >= 0 || c > 0x7e;
    }

    /** @return the template's path part, without a key after {@code #} or {@code ?} */
    public static String head(String template) {
        int hash = template.indexOf('#');
        int query = template.indexOf('?');
        int cut = hash < 0 ? query : query < 0 ? hash : Math.min(hash, query);
        return cut < 0 ? template : template.substring(0, cut);
    }

    /** @return the key after the path ({@code #tagKeys}, {@code ?acl}), empty for a plain template */
    public String key() {
        return template.substring(head(template).length());
    }

    /** @return the regular expression of the path a client sends: without the key, if any */
    public String wireRegex() {
        return key().isEmpty() ? regex() : parse(head(template)).regex();
    }

    /** @return the regular expression of the whole template, its key included (encoded or not) */
    public String literalRegex() {
        String r = regex();
        return key().isEmpty() ? r : r.substring(0, r.length() - 2) + ")";
    }

    /**
     * @param path a request path
     * @return the (percent-decoded) parameter values by name, when the path fits the template
     */
    public Optional<Map<String, String>> match(String path) {
        if (plain != null) {
            return matchPlain(path);
        }
        Matcher m = pattern.matcher(path);
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            values.put(names.get(i), decoded(m.group(i + 1)));
        }
        return Optional.of(values);
    }

    /** What the expression {@code piece([^/]+)piece...piece} gives, by comparing the pieces and cutting at '/'. */
    private Optional<Map<String, String>> matchPlain(String path) {
        String first = plain.get(0);
        if (!path.startsWith(first)) {
            return Optional.empty();
        }
        int at = first.length();
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            int end = path.indexOf('/', at);
            end = end < 0 ? path.length() : end;
            String after = plain.get(i + 1);
            if (end == at || !path.startsWith(after, end)) {
                return Optional.empty();
            }
            values.put(names.get(i), decoded(path.substring(at, end)));
            at = end + after.length();
        }
        return at == path.length() ? Optional.of(values) : Optional.empty();
    }

    /** A parameter's value percent-decoded; nothing to decode without a '%' ('+' stays a '+' in a path): no copy. */
    private static String decoded(String raw) {
        return raw.indexOf('%') < 0 ? raw : URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** @return the regular expression as text */
    public String regex() {
        return pattern.pattern();
    }

    /** @return how many parameters the template has; fewer means more specific (OpenAPI: literal paths win) */
    public int parameterCount() {
        return names.size();
    }

    /** @return the length of the template's literal text (without its parameters) */
    public int literalLength() {
        return PARAMETER.matcher(template).replaceAll("").length();
    }

    /**
     * Literal text as a regular expression; a character a client must percent-encode in a path (AWS documents write
     * {@code /#X-Amz-Target=...} and {@code /tags/{arn}#tagKeys}) matches as itself or encoded ({@code %23}).
     */
    private static String quote(String literal) {
        StringBuilder out = new StringBuilder();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (literalAsIs(c)) {
                run.append(c);
                continue;
            }
            if (!run.isEmpty()) {
                out.append(Pattern.quote(run.toString()));
                run.setLength(0);
            }
            out.append("(?:").append(Pattern.quote(String.valueOf(c))).append("|%(?i:")
                    .append(String.format("%02X", (int) c)).append("))");
        }
        if (!run.isEmpty()) {
            out.append(Pattern.quote(run.toString()));
        }
        return out.toString();
    }
}
