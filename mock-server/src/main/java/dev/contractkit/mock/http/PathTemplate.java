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

    public static PathTemplate parse(String template) {
        StringBuilder regex = new StringBuilder();
        List<String> names = new ArrayList<>();
        Matcher m = PARAMETER.matcher(template);
        int last = 0;
        while (m.find()) {
            regex.append(quote(template.substring(last, m.start()))).append("([^/]+)");
            names.add(m.group(1));
            last = m.end();
        }
        regex.append(quote(template.substring(last)));
        return new PathTemplate(template, Pattern.compile(regex.toString()), List.copyOf(names));
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
            values.put(names.get(i), URLDecoder.decode(m.group(i + 1).replace("+", "%2B"), StandardCharsets.UTF_8));
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
