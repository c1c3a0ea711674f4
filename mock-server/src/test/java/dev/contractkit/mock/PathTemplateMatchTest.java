package dev.contractkit.mock;

import dev.contractkit.mock.http.PathTemplate;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;

import static org.assertj.core.api.Assertions.assertThat;

/** A template's match without its regular expression gives what the expression gives, for every path. */
class PathTemplateMatchTest {
    private static final List<String> TEMPLATES = List.of("/forms/{id}", "/forms", "/a/{x}/b/{y}", "/users/{id}/",
            "/v1/{name}:cancel", "/files/{name}.json", "/tags/{arn}#tagKeys", "/x y/{id}", "/{Bucket}?acl", "/$a(b)*/{id}");
    private static final List<String> PATHS = List.of("/forms/1", "/forms/", "/forms", "/forms/1/", "/forms/1/x",
            "/forms/a%2Fb", "/forms/a+b%20c", "/formsX/1", "/a/1/b/2", "/a/1/b/", "/a//b/2", "/a/1/b/2/", "/users/7/",
            "/users/7", "/v1/x:cancel", "/files/r.json", "/tags/t1", "/x y/3", "/x%20y/3", "/bucket", "/$a(b)*/9", "/$a(b)/9",
            "");

    @Test
    void plainTemplatesMatchWithoutTheExpressionAsTheExpressionDoes() {
        assertThat(PathTemplate.parse("/forms/{id}").plain()).containsExactly("/forms/", "");
        assertThat(PathTemplate.parse("/a/{x}/b/{y}").plain()).containsExactly("/a/", "/b/", "");
        assertThat(PathTemplate.parse("/files/{name}.json").plain()).isNull();
        assertThat(PathTemplate.parse("/tags/{arn}#tagKeys").plain()).isNull();
        assertThat(PathTemplate.parse("/x y/{id}").plain()).isNull();
        for (String template : TEMPLATES) {
            PathTemplate t = PathTemplate.parse(template);
            for (String path : PATHS) {
                assertThat(t.match(path)).as("%s on %s", template, path).isEqualTo(byExpression(t, path));
            }
        }
    }

    @Test
    void aParameterIsOneWholeSegmentPercentDecoded() {
        PathTemplate forms = PathTemplate.parse("/forms/{id}");
        assertThat(forms.match("/forms/a%2Fb")).contains(Map.of("id", "a/b"));
        assertThat(forms.match("/forms/a+b%20c")).contains(Map.of("id", "a+b c"));
        assertThat(forms.match("/forms/1/x")).isEmpty();
        assertThat(forms.match("/forms/")).isEmpty();
        assertThat(PathTemplate.parse("/a/{x}/b/{y}").match("/a/1/b/2")).contains(Map.of("x", "1", "y", "2"));
    }

    private static Optional<Map<String, String>> byExpression(PathTemplate t, String path) {
        Matcher m = t.pattern().matcher(path);
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < t.names().size(); i++) {
            String raw = m.group(i + 1);
            values.put(t.names().get(i), raw.indexOf('%') < 0 ? raw
                    : URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
        }
        return Optional.of(values);
    }
}
