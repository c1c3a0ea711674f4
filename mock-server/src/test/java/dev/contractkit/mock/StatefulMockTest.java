package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code --stateful} coupons over real sockets, and responses set through the control API. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatefulMockTest {
    private static final String NEW_COUPON = "{\"title\":\"Spring sale\",\"discount_percent\":15,\"category\":\"seasonal\","
            + "\"usage_limit\":10,\"description\":\"15% off\"}";
    private final ContractDocument contract = ContractDocument.load(Api.COUPONS.mainContract());
    private MockServers mocks;
    private Http http;
    private String base;
    private String bearer;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).stateful(true).build());
        http = new Http();
        base = mocks.url(Api.COUPONS);
        bearer = "Bearer " + mocks.token(Api.COUPONS, "admin");
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    @BeforeEach
    void reset() {
        mocks.reset();
    }

    private JsonNode create() {
        Http.Answer created = http.send("POST", base + "/write/v1/coupons", "application/json", NEW_COUPON, "Authorization", bearer);
        assertThat(created.status()).isEqualTo(201);
        return created.json();
    }

    @Test
    void aCreatedCouponCanBeReadBackWithTheRequestsFieldsAndFreshServerFields() {
        JsonNode created = create();

        Http.Answer read = http.get(base + "/api/v1/coupons/" + created.path("id").asText());

        assertThat(created.path("title").asText()).isEqualTo("Spring sale");
        assertThat(created.path("usage_count").asInt()).isZero();
        assertThat(created.path("active").asBoolean()).isTrue();
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json().path("discount_percent").asInt()).isEqualTo(15);
        assertThat(read.json().has("created_by")).as("the public read shape has no admin fields").isFalse();
        assertThat(contract.validator().validate("/components/schemas/Coupon", read.json(), "read")).isEmpty();
    }

    @Test
    void followingEveryNextLinkOfTheListSeesEveryCouponOnce() {
        for (int i = 0; i < 5; i++) {
            create();
        }
        List<String> seen = new ArrayList<>();
        String url = base + "/api/v1/coupons?category=seasonal&limit=2";
        long total = -1;
        int pages = 0;
        while (url != null) {
            assertThat(pages++).as("a link loops").isLessThan(50);
            Http.Answer page = http.get(url);
            assertThat(page.status()).as(url).isEqualTo(200);
            page.json().path("coupons").forEach(c -> seen.add(c.path("id").asText()));
            total = page.json().path("total").asLong();
            Matcher next = Pattern.compile("<([^>]*)>; rel=\"next\"")
                    .matcher(page.header("Link") == null ? "" : page.header("Link"));
            url = next.find() ? next.group(1) : null;
            if (url != null) {
                HttpUrl link = HttpUrl.get(url);
                assertThat(link.encodedPath()).isEqualTo("/api/v1/coupons");
                assertThat(link.queryParameter("category")).isEqualTo("seasonal");
                assertThat(link.port()).isEqualTo(HttpUrl.get(base).port());
            }
        }
        assertThat(pages).isGreaterThanOrEqualTo(3);
        assertThat(seen).doesNotHaveDuplicates().hasSize((int) total);
    }

    @Test
    void aPartialUpdateChangesOnlyTheFieldsSent() {
        String id = create().path("id").asText();

        Http.Answer updated = http.send("PUT", base + "/write/v1/coupons/" + id, "application/json",
                "{\"discount_percent\":30}", "Authorization", bearer);

        assertThat(updated.status()).isEqualTo(200);
        JsonNode read = http.get(base + "/api/v1/coupons/" + id).json();
        assertThat(read.path("discount_percent").asInt()).isEqualTo(30);
        assertThat(read.path("title").asText()).isEqualTo("Spring sale");
    }

    @Test
    void aSoftDeletedCouponTurnsInactiveAndTheListShowsIt() {
        String id = create().path("id").asText();

        Http.Answer deleted = http.send("DELETE", base + "/write/v1/coupons/" + id, null, null, "Authorization", bearer);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.json().path("id").asText()).isEqualTo(id);
        assertThat(http.get(base + "/api/v1/coupons/" + id).json().path("active").asBoolean(true)).isFalse();
        JsonNode inactive = http.get(base + "/api/v1/coupons?active=false&limit=100").json();
        assertThat(inactive.path("coupons").findValuesAsText("id")).contains(id);
        assertThat(contract.validator().validate("/components/schemas/CouponList", inactive, "list")).isEmpty();
    }

    @Test
    void anUnknownIdIs404AndResetForgetsWhatWasCreated() {
        String id = create().path("id").asText();
        int listed = http.get(base + "/api/v1/coupons?limit=100").json().path("total").asInt();

        mocks.reset();

        assertThat(http.get(base + "/api/v1/coupons/" + id).status()).isEqualTo(404);
        assertThat(http.get(base + "/api/v1/coupons?limit=100").json().path("total").asInt()).isEqualTo(listed - 1);
        assertThat(http.get(base + "/api/v1/coupons/does-not-exist").json().at("/error/code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void theListPagesWithLimitAndOffset() {
        for (int i = 0; i < 3; i++) {
            create();
        }
        JsonNode all = http.get(base + "/api/v1/coupons?limit=100").json();

        JsonNode page = http.get(base + "/api/v1/coupons?limit=2&offset=1").json();

        assertThat(page.path("coupons")).hasSize(2);
        assertThat(page.path("total").asInt()).isEqualTo(all.path("total").asInt());
        assertThat(page.path("coupons").get(0)).isEqualTo(all.path("coupons").get(1));
    }

    @Test
    void aResponseSetThroughTheControlApiIsServedUntilReset() {
        Http.Answer set = http.send("PUT", base + "/mockserver/kit/responses", "application/json",
                "{\"operation\":\"getHealth\",\"status\":503}");
        Http.Answer during = http.get(base + "/api/health");

        mocks.reset();

        assertThat(set.status()).isEqualTo(200);
        assertThat(during.status()).isEqualTo(503);
        assertThat(http.get(base + "/api/health").status()).isEqualTo(200);
    }

    @Test
    void aSetResponseCanBeLimitedToSomeRequests() {
        http.send("PUT", base + "/mockserver/kit/responses", "application/json",
                "{\"operation\":\"getHealth\",\"status\":503,\"times\":1}");

        assertThat(http.get(base + "/api/health").status()).isEqualTo(503);
        assertThat(http.get(base + "/api/health").status()).isEqualTo(200);
    }

    @Test
    void aBodyThatBreaksTheContractIsRefusedNamingTheRule() {
        Http.Answer refused = http.send("PUT", base + "/mockserver/kit/responses", "application/json",
                "{\"operation\":\"getCoupon\",\"status\":200,\"body\":{\"id\":\"x\",\"discount_percent\":500}}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().path("message").asText()).contains("breaks the contract's schema").contains("discount_percent");
    }

    @Test
    void anUndeclaredStatusOrUnknownOperationIsRefusedInJavaToo() {
        assertThatThrownBy(() -> mocks.setResponse(Api.COUPONS, "getHealth", 418, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not declared for getHealth");
        assertThatThrownBy(() -> mocks.setResponse(Api.COUPONS, "nope", 200, null))
                .hasMessageContaining("known: ").hasMessageContaining("getCoupon");
    }

    @Test
    void receivedListsTheRequestsOfOneOperation() {
        create();
        http.get(base + "/api/health");

        assertThat(mocks.received(Api.COUPONS, "createCoupon")).singleElement()
                .satisfies(r -> assertThat(r.body()).contains("Spring sale"))
                .satisfies(r -> assertThat(r.header("authorization")).isEqualTo(bearer));
        assertThat(mocks.received(Api.COUPONS, "getHealth")).hasSize(1);
    }
}
