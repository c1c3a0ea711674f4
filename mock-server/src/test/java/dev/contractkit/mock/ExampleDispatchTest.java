package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stateless mock answers what the SDK README's examples do with it (issue 26, req. 4), over raw HTTP: the
 * example a parameter value names (Microcks' convention: {@code GET /forms/999} is the 404 example
 * {@code missing}), and paged lists that end, so auto-paging stops.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExampleDispatchTest {
    private static final Pattern NEXT = Pattern.compile("<([^>]+)>;\\s*rel=\"next\"");
    private MockServers mocks;
    private Http http;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS, Api.COUPONS, Api.CODEHOST)
                .port(Api.FORMS, 0).port(Api.COUPONS, 0).port(Api.CODEHOST, 0).build());
        http = new Http();
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    @Test
    void aPathValueThatTheContractTiesToThe404ExampleGetsIt() {
        Http.Answer missing = http.get(mocks.url(Api.FORMS) + "/forms/999", "Authorization", Http.CREDENTIAL);
        Http.Answer form = http.get(mocks.url(Api.FORMS) + "/forms/1", "Authorization", Http.CREDENTIAL);

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().at("/error/code").asText()).isEqualTo("NOT_FOUND");
        assertThat(missing.json().at("/error/message").asText()).isEqualTo("form 999 not found");
        assertThat(form.status()).isEqualTo(200);
        assertThat(form.json().at("/form/id").asInt()).isEqualTo(1);
    }

    @Test
    void anyOtherIdStillGetsTheSuccessExample() {
        assertThat(http.get(mocks.url(Api.FORMS) + "/forms/2", "Authorization", Http.CREDENTIAL).status()).isEqualTo(200);
    }

    @Test
    void walkingTheFormsPagesByCountAndOffsetEndsOnAnEmptyPage() {
        String base = mocks.url(Api.FORMS) + "/forms?count=2&offset=";
        List<Integer> sizes = new ArrayList<>();
        for (int offset = 0; sizes.size() < 10; ) {
            JsonNode page = http.get(base + offset, "Authorization", Http.CREDENTIAL).json();
            sizes.add(page.path("forms").size());
            if (page.path("forms").size() < 2) {
                break;
            }
            offset += page.path("forms").size();
        }
        assertThat(sizes).containsExactly(2, 0);
    }

    @Test
    void followingTheCouponsLinkHeadersEndsWithoutDuplicates() {
        for (String first : List.of("/api/v1/coupons?limit=2&offset=0", "/api/v1/coupons?active=true")) {
            List<String> ids = new ArrayList<>();
            String url = mocks.url(Api.COUPONS) + first;
            int pages = 0;
            while (url != null && pages < 10) {
                Http.Answer answer = http.get(url);
                assertThat(answer.status()).isEqualTo(200);
                answer.json().path("coupons").forEach(c -> ids.add(c.path("id").asText()));
                Matcher next = NEXT.matcher(answer.header("Link") == null ? "" : answer.header("Link"));
                url = next.find() ? next.group(1) : null;
                pages++;
            }
            assertThat(url).as("a next link after " + pages + " pages from " + first).isNull();
            assertThat(ids).doesNotHaveDuplicates().isNotEmpty();
        }
    }

    @Test
    void followingTheCodehostPagesEnds() {
        String url = mocks.url(Api.CODEHOST) + "/api/v5/runners/all?per_page=100";
        int pages = 0;
        while (url != null && pages < 10) {
            Http.Answer answer = http.get(url, "PRIVATE-TOKEN", "any-token");
            assertThat(answer.status()).isEqualTo(200);
            pages++;
            String nextPage = answer.header("X-Next-Page");
            Matcher next = NEXT.matcher(answer.header("Link") == null ? "" : answer.header("Link"));
            url = nextPage != null && !nextPage.isEmpty() && !answer.json().isEmpty()
                    ? mocks.url(Api.CODEHOST) + "/api/v5/runners/all?per_page=100&page=" + nextPage
                    : next.find() && !answer.json().isEmpty() ? next.group(1) : null;
        }
        assertThat(url).as("still paging after " + pages + " pages").isNull();
    }
}
