package dev.contractkit.reference.platform;

import io.helidon.common.uri.UriPath;
import io.helidon.http.PathMatcher;
import io.helidon.http.PathMatchers;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** The stubs' path matcher against Helidon's own pattern matcher, which it replaces for whole-segment templates. */
class TemplatePathTest {
    private static final List<String> TEMPLATES = List.of("/{id}", "/v1/coupons/{coupon_id}/redeem", "/{a}/{b}",
            "/api/v4/projects/{id}/repository/files/{file_path}", "/a-b.c/{x}", "/static/path");
    private static final List<String> PATHS = List.of("/1", "/1/", "/", "", "/a/b", "/a/b/", "/a//b", "//b",
            "/%2F", "/a%2Fb/c", "/v1/coupons/abc/redeem", "/v1/coupons//redeem", "/v1/coupons/abc/redeemx",
            "/v1/coupons/abc/redeem/", "/v1/coupons/a%20b/redeem", "/api/v4/projects/7/repository/files/README.md",
            "/api/v4/projects/7/repository/files/a%2Fb.md", "/a-b.c/1", "/aXb.c/1", "/static/path", "/static/path/",
            "/1;x=y", "/caf%C3%A9");

    @Test
    void acceptsAndReadsParametersExactlyAsHelidonsPatternMatcher() {
        for (String template : TEMPLATES) {
            PathMatcher ours = TemplatePath.of(template);
            PathMatcher helidons = PathMatchers.create(template);
            for (String raw : PATHS) {
                UriPath path = UriPath.create(raw);
                PathMatchers.MatchResult a = ours.match(path);
                PathMatchers.MatchResult b = helidons.match(path);
                assertThat(a.accepted()).as(template + " on " + raw).isEqualTo(b.accepted());
                if (b.accepted()) {
                    assertThat(parameters(a)).as(template + " on " + raw).isEqualTo(parameters(b));
                    assertThat(a.path().path()).isEqualTo(b.path().path());
                    assertThat(a.path().rawPath()).isEqualTo(b.path().rawPath());
                }
            }
        }
    }

    @Test
    void readsAWholeSegmentTemplateWithoutHelidonsMatcher() {
        PathMatcher matcher = TemplatePath.of("/v1/coupons/{coupon_id}/redeem");

        assertThat(matcher).isInstanceOf(TemplatePath.class);
        assertThat(parameters(matcher.match(UriPath.create("/v1/coupons/a%20b/redeem"))))
                .isEqualTo(Map.of("coupon_id", "a b"));
    }

    @Test
    void leavesOtherTemplatesToHelidon() {
        assertThat(TemplatePath.of("/files/{name}.json")).isNotInstanceOf(TemplatePath.class);
        assertThat(TemplatePath.of("/files/{+rest}")).isNotInstanceOf(TemplatePath.class);
        assertThat(TemplatePath.of("/files/*")).isNotInstanceOf(TemplatePath.class);
        assertThat(TemplatePath.of("/static/path")).isNotInstanceOf(TemplatePath.class);
        assertThat(TemplatePath.of("/files/{name}.json").match(UriPath.create("/files/a.json")).accepted()).isTrue();
    }

    private static Map<String, String> parameters(PathMatchers.MatchResult result) {
        Map<String, String> values = new TreeMap<>();
        result.path().pathParameters().names().forEach(n -> values.put(n, result.path().pathParameters().get(n)));
        return values;
    }
}
