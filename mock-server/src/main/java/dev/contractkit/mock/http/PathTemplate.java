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
 * @param pattern  the expression MockServer (and {@link #match}) matches the request path with
 * @param names    the parameter names, in order
 */
public record PathTemplate(String template, Pattern pattern, List<String> names) {
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
        return new PathTemplate(template, Pattern.compile(regex.toString()), List.copyOf(names));
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
        Matcher m = pattern.matcher(path);
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String raw = m.group(i + 1);
            // nothing to decode without a '%' ('+' stays a '+' in a path): no copy per request
            values.put(names.get(i), raw.indexOf('%') < 0 ? raw
                    : URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return Optional.of(values);
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
            if (Character.isLetterOrDigit(c) || "-._~/!$&'()*+,;=:@%".indexOf(c) >= 0 || c > 0x7e) {
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
