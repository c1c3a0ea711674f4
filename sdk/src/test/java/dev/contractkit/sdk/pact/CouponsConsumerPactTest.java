package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.coupons.model.CouponCreate;
import dev.contractkit.sdk.coupons.model.CouponList;
import dev.contractkit.sdk.coupons.model.ApiError;
import dev.contractkit.sdk.coupons.model.ErrorCode;
import dev.contractkit.sdk.coupons.model.RedeemResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's coupon interactions as a consumer pact (Pact V4, provider {@code coupons}, written to target/pacts).
 * Provider states (exact names) the provider verification sets up:
 * <ul>
 *   <li>{@value #TWO_COUPONS}</li>
 *   <li>{@value #SUMMER_EXISTS}: active, not expired, below its usage limit, never redeemed for order {@value #ORDER}</li>
 *   <li>{@value #MISSING}</li>
 *   <li>{@value #ADMIN}: the verification replaces the request's {@code Authorization} header with a valid token
 *       of a user with the {@code admin} role (the pact holds a placeholder, matched by regex)</li>
 *   <li>{@value #USER}: likewise, with a valid token of any user</li>
 * </ul>
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "coupons", pactVersion = PactSpecVersion.V4)
class CouponsConsumerPactTest {
    static final String TWO_COUPONS = "at least two coupons exist";
    static final String SUMMER_EXISTS = "coupon 3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c exists";
    static final String MISSING = "coupon 00000000-0000-0000-0000-000000000000 does not exist";
    static final String ADMIN = "an admin is authenticated";
    static final String USER = "a user is authenticated";

    static final String SUMMER = "3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c";
    static final String ORDER = "ORD-PACT-0001";
    static final String BEARER = "Bearer [A-Za-z0-9\\-_=]+\\.[A-Za-z0-9\\-_=]+\\.?[A-Za-z0-9\\-_.+/=]*";
    static final String EXAMPLE_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYWN0In0.c2lnbmF0dXJl";

    /** The timestamps every coupon has; the other fields per interaction (one matcher per field). */
    static PactDslJsonBody timestamps(PactDslJsonBody body) {
        return body.stringMatcher("created_at", FormsConsumerPactTest.RFC3339, "2026-05-02T09:15:00Z")
                .stringMatcher("updated_at", FormsConsumerPactTest.RFC3339, "2026-06-10T14:30:00Z");
    }

    static PactDslJsonBody anyCoupon(PactDslJsonBody body) {
        return timestamps(body.stringType("id", SUMMER).stringType("title", "Summer sale 20%").integerType("discount_percent", 20)
                .booleanType("active", true).integerType("usage_count", 0));
    }

    @Pact(consumer = "kit-sdk")
    V4Pact listAPage(PactDslWithProvider builder) {
        return builder.given(TWO_COUPONS)
                .uponReceiving("a request for the first page of two coupons")
                .path("/api/v1/coupons").query("limit=2&offset=0").method("GET")
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(anyCoupon(new PactDslJsonBody().minArrayLike("coupons", 2, 2)).closeObject().closeArray().asBody()
                        .integerType("total", 23).integerType("limit", 2).integerType("offset", 0))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readOneCoupon(PactDslWithProvider builder) {
        return builder.given(SUMMER_EXISTS)
                .uponReceiving("a request for coupon " + SUMMER)
                .path("/api/v1/coupons/" + SUMMER).method("GET")
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(timestamps(new PactDslJsonBody().stringValue("id", SUMMER).stringType("title", "Summer sale 20%")
                        .integerType("discount_percent", 20).booleanType("active", true).integerType("usage_count", 0)))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAMissingCoupon(PactDslWithProvider builder) {
        return builder.given(MISSING)
                .uponReceiving("a request for a coupon that does not exist")
                .path("/api/v1/coupons/00000000-0000-0000-0000-000000000000").method("GET")
                .willRespondWith().status(404).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().object("error").stringValue("code", "NOT_FOUND").stringType("message", "coupon not found")
                        .stringMatcher("timestamp", FormsConsumerPactTest.RFC3339, "2026-06-15T10:00:00Z")
                        .stringType("request_id", "r-1").closeObject())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact createAsAdmin(PactDslWithProvider builder) {
        return builder.given(ADMIN)
                .uponReceiving("an admin creating a coupon")
                .path("/write/v1/coupons").method("POST")
                .matchHeader("Authorization", BEARER, "Bearer " + EXAMPLE_TOKEN)
                .matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"title\":\"Pact coupon\",\"discount_percent\":15,\"category\":\"pact\"}")
                .willRespondWith().status(201).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(timestamps(new PactDslJsonBody().stringType("id", SUMMER).stringValue("title", "Pact coupon")
                        .integerType("discount_percent", 15).stringValue("category", "pact").booleanValue("active", true)
                        .numberValue("usage_count", 0).stringType("created_by", "u-admin").stringType("updated_by", "u-admin")))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact redeem(PactDslWithProvider builder) {
        return builder.given(SUMMER_EXISTS).given(USER)
                .uponReceiving("a user redeeming coupon " + SUMMER + " for a new order")
                .path("/coupons/v1/redeem").method("POST")
                .matchHeader("Authorization", BEARER, "Bearer " + EXAMPLE_TOKEN)
                .matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"coupon_id\":\"" + SUMMER + "\",\"order_id\":\"" + ORDER + "\",\"order_amount\":59.9}")
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().booleanValue("success", true).stringType("message", "coupon redeemed")
                        .stringValue("coupon_id", SUMMER).stringValue("order_id", ORDER).integerType("discount_percent", 20)
                        .decimalType("discount_amount", 11.98)
                        .stringMatcher("redeemed_at", FormsConsumerPactTest.RFC3339, "2026-06-15T10:35:00Z")
                        .stringType("redemption_id", "7c9e6679-7425-40de-944b-e07fc1f90ae7"))
                .toPact(V4Pact.class);
    }

    private static CouponsClient client(MockServer server) {
        return CouponsClient.builder()
                .config(ClientConfig.builder().baseUrl(server.getUrl()).retries(RetryPolicy.none()).build())
                .bearerToken(EXAMPLE_TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "listAPage")
    void listReadsOnePageWithItsTotal(MockServer server) {
        CouponList page = client(server).list(2, 0).execute();
        assertThat(page.getCoupons()).hasSize(2);
        assertThat(page.getTotal()).isGreaterThanOrEqualTo(2);
    }

    @Test
    @PactTestFor(pactMethod = "readOneCoupon")
    void getReadsTheCoupon(MockServer server) {
        Coupon c = client(server).get(SUMMER).execute();
        assertThat(c.getId()).isEqualTo(SUMMER);
        assertThat(c.getDiscountPercent()).isBetween(1, 100);
    }

    @Test
    @PactTestFor(pactMethod = "readAMissingCoupon")
    void aMissingCouponIsNotFoundWithTheEnvelope(MockServer server) {
        assertThatThrownBy(() -> client(server).get("00000000-0000-0000-0000-000000000000").execute())
                .isInstanceOfSatisfying(NotFoundException.class, e -> assertThat(e.errorBody(ApiError.class).orElseThrow()
                        .getError().getCode()).isEqualTo(ErrorCode.NOT_FOUND));
    }

    @Test
    @PactTestFor(pactMethod = "createAsAdmin")
    void createReturnsTheAdminView(MockServer server) {
        AdminCoupon c = client(server).create(new CouponCreate().title("Pact coupon").discountPercent(15).category("pact")).execute();
        assertThat(c.getTitle()).isEqualTo("Pact coupon");
        assertThat(c.getActive()).isTrue();
        assertThat(c.getCreatedBy()).isNotEmpty();
    }

    @Test
    @PactTestFor(pactMethod = "redeem")
    void redeemReturnsTheRedemption(MockServer server) {
        RedeemResult r = client(server).redeem(SUMMER, ORDER, 59.9).execute();
        assertThat(r.getSuccess()).isTrue();
        assertThat(r.getOrderId()).isEqualTo(ORDER);
    }
}
