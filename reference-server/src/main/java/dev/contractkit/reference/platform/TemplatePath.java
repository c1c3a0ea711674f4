package dev.contractkit.reference.platform;

import io.helidon.common.parameters.Parameters;
import io.helidon.common.uri.UriPath;
import io.helidon.http.PathMatcher;
import io.helidon.http.PathMatchers;
import io.helidon.http.RoutedPath;

import java.util.HashMap;
import java.util.Map;

/**
 * The path matcher of a generated stub's route: an OpenAPI path template whose parameters each fill a whole segment
 * ({@code /{id}}, {@code /v1/coupons/{coupon_id}/redeem}), matched segment by segment on the decoded path as
 * Helidon's pattern matcher matches {@code [^/]+} for each parameter, without its regular expression (which, with
 * the path parameters' map, was a twentieth of a cached read's CPU). Any other template (a parameter sharing a
 * segment with text, Helidon's own {@code *}, {@code [..]} or {@code \}) gets Helidon's matcher,
 * {@link PathMatchers#create}.
 */
public final class TemplatePath implements PathMatcher {
    private static final String PATH_PARAMETERS = "http/path";

    private final String template;
    /** Per segment: its literal text, or null where a parameter is. */
    private final String[] literals;
    /** Per segment: the parameter's name, or null where a literal is. */
    private final String[] names;
    private final int parameters;
    private final PathMatcher helidons;

    private TemplatePath(String template, String[] segments) {
        this.template = template;
        this.helidons = PathMatchers.create(template);
        this.literals = new String[segments.length];
        this.names = new String[segments.length];
        int count = 0;
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            if (s.startsWith("{") && s.endsWith("}")) {
                names[i] = s.substring(1, s.length() - 1).trim();
                count++;
            } else {
                literals[i] = s;
            }
        }
        this.parameters = count;
    }

    /**
     * @param template the route's path template (relative to its service), as the generator wrote it
     * @return a segment matcher for a template whose parameters fill whole segments, Helidon's matcher otherwise
     */
    public static PathMatcher of(String template) {
        if (!template.startsWith("/") || !template.contains("{")) {
            return PathMatchers.create(template);
        }
        String[] segments = template.substring(1).split("/", -1);
        for (String s : segments) {
            boolean parameter = s.startsWith("{") && s.endsWith("}") && s.length() > 2
                    && s.indexOf('{', 1) < 0 && s.indexOf('}') == s.length() - 1 && s.charAt(1) != '+'
                    && s.indexOf(':') < 0 && !s.equals("{*}");
            boolean literal = s.chars().noneMatch(c -> c == '{' || c == '}' || c == '*' || c == '[' || c == ']'
                    || c == '\\');
            if (!parameter && !literal) {
                return PathMatchers.create(template);
            }
        }
        return new TemplatePath(template, segments);
    }

    @Override
    public PathMatchers.MatchResult match(UriPath uriPath) {
        String path = uriPath.path();
        if (path.isEmpty() || path.charAt(0) != '/') {
            return PathMatchers.MatchResult.notAccepted();
        }
        Map<String, String> values = parameters == 0 ? Map.of() : new HashMap<>(parameters * 2);
        int start = 1;
        for (int i = 0; i < literals.length; i++) {
            int end = path.indexOf('/', start);
            boolean last = i == literals.length - 1;
            if (last != (end < 0)) {
                return PathMatchers.MatchResult.notAccepted(); // more or fewer segments than the template
            }
            if (end < 0) {
                end = path.length();
            }
            if (literals[i] != null) {
                if (end - start != literals[i].length() || !path.startsWith(literals[i], start)) {
                    return PathMatchers.MatchResult.notAccepted();
                }
            } else {
                if (end == start) {
                    return PathMatchers.MatchResult.notAccepted(); // a parameter is never empty ([^/]+)
                }
                values.put(names[i], path.substring(start, end));
            }
            start = end + 1;
        }
        return new PathMatchers.MatchResult(true,
                new Routed(uriPath, Parameters.createSingleValueMap(PATH_PARAMETERS, values)));
    }

    @Override
    public PathMatchers.PrefixMatchResult prefixMatch(UriPath uriPath) {
        return helidons.prefixMatch(uriPath); // a stub's route is never a prefix of others; Helidon's answer if asked
    }

    @Override
    public String toString() {
        return "template: " + template;
    }

    /** A matched path and its parameters. */
    private record Routed(UriPath matched, Parameters pathParameters) implements RoutedPath {
        @Override
        public String rawPath() {
            return matched.rawPath();
        }

        @Override
        public String rawPathNoParams() {
            return matched.rawPathNoParams();
        }

        @Override
        public String path() {
            return matched.path();
        }

        @Override
        public Parameters matrixParameters() {
            return matched.matrixParameters();
        }

        @Override
        public void validate() {
            matched.validate();
        }

        @Override
        public RoutedPath absolute() {
            return new Routed(matched.absolute(), pathParameters);
        }

        @Override
        public String toString() {
            return matched + " (" + pathParameters + ")";
        }
    }
}
