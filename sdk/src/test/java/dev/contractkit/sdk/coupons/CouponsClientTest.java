package dev.contractkit.sdk.coupons;

import java.util.Arrays;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.ForbiddenException;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.RateLimitedException;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.ServerErrorException;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.coupons.model.CouponCreate;
import dev.contractkit.sdk.coupons.model.CouponList;
import dev.contractkit.sdk.coupons.model.CouponUpdate;
import dev.contractkit.sdk.coupons.model.ApiError;
import dev.contractkit.sdk.coupons.model.ErrorCode;
import dev.contractkit.sdk.coupons.model.RedeemResult;
import dev.contractkit.sdk.coupons.model.UserCoupon;
import dev.contractkit.sdk.coupons.model.UserCouponStatus;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CouponsClientTest {
    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    private ClientConfig config(RetryPolicy retries) {
        return ClientConfig.builder().baseUrl(server.url("/").toString()).retries(retries).sleeper(waits::add).build();
    }

    /** Retries have their own test; here every answer is seen as it is. */
    private CouponsClient client(Consumer<CouponsClient.Builder> credentials) {
        CouponsClient.Builder b = CouponsClient.builder().config(config(RetryPolicy.none()));
        credentials.accept(b);
        return b.build();
    }

    private CouponsClient publicClient() {
        return client(b -> { });
    }

    private CouponsClient userClient() {
        return client(b -> b.bearerToken("t1"));
    }

    static String coupon(String id) {
        return "{\"id\":\"" + id + "\",\"title\":\"Coupon " + id + "\",\"discount_percent\":20,\"category\":\"seasonal\","
                + "\"valid_until\":\"2026-08-31T23:59:59Z\",\"active\":true,\"usage_limit\":1000,\"usage_count\":137,"
                + "\"created_at\":\"2026-05-02T09:15:00Z\",\"updated_at\":\"2026-06-10T14:30:00Z\"}";
    }

    static String page(int offset, String... ids) {
        return "{\"coupons\":[" + String.join(",", Arrays.stream(ids).map(CouponsClientTest::coupon).toList())
                + "],\"total\":5,\"limit\":2,\"offset\":" + offset + "}";
    }

    private static String redemption(String order) {
        return "{\"coupon_id\":\"c1\",\"title\":\"A\",\"order_id\":\"" + order + "\",\"discount_amount\":20,"
                + "\"redeemed_at\":\"2026-06-15T10:35:00Z\",\"status\":\"active\"}";
    }

    private static String error(String code, String details) {
        return "{\"error\":{\"code\":\"" + code + "\",\"message\":\"m " + code + "\"" + (details == null ? "" : ",\"details\":" + details)
                + ",\"timestamp\":\"2026-06-15T10:37:00Z\",\"request_id\":\"rid-" + code + "\"}}";
    }

    private void json(int status, String body) {
        server.enqueue(new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(body));
    }

    private void jsonWithLink(String body, String link) {
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json").setHeader("Link", link).setBody(body));
    }

    @Test
    void getIsAPublicReadSentWithoutCredentials() throws InterruptedException {
        json(200, coupon("c7"));

        Coupon c = client(b -> b.bearerToken("secret")).get("c7").execute();

        assertThat(c.getId()).isEqualTo("c7");
        assertThat(c.getDiscountPercent()).isEqualTo(20);
        assertThat(c.getValidUntil()).isEqualTo(OffsetDateTime.parse("2026-08-31T23:59:59Z"));
        RecordedRequest request = server.takeRequest();
        assertThat(request.getPath()).isEqualTo("/api/v1/coupons/c7");
        assertThat(request.getHeader("Authorization")).isNull();
    }

    @Test
    void listSendsPageAndFiltersAsQueryParameters() throws InterruptedException {
        json(200, page(4, "c5"));

        CouponList page = publicClient().list(CouponFilter.any().category("seasonal").active(false), 2, 4).execute();

        assertThat(page.getTotal()).isEqualTo(5);
        assertThat(page.getCoupons()).extracting(Coupon::getId).containsExactly("c5");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/coupons?limit=2&offset=4&category=seasonal&active=false");
    }

    @Test
    void allFollowsLinkNextUntilAPageHasNone() throws InterruptedException {
        String base = server.url("/api/v1/coupons").toString();
        jsonWithLink(page(0, "c1", "c2"), "<" + base + "?limit=2&offset=2&category=seasonal>; rel=\"next\", <" + base + "?limit=2&offset=4>; rel=\"last\"");
        jsonWithLink(page(2, "c3", "c4"), "<" + base + "?limit=2&offset=4&category=seasonal>; rel=\"next\"");
        jsonWithLink(page(4, "c5"), "<" + base + "?limit=2&offset=4&category=seasonal>; rel=\"last\"");
        json(200, page(6, "must-not-be-read"));

        List<String> ids = publicClient().all(CouponFilter.any().category("seasonal"), 2).map(Coupon::getId).toList();

        assertThat(ids).containsExactly("c1", "c2", "c3", "c4", "c5");
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/coupons?limit=2&offset=0&category=seasonal");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/coupons?limit=2&offset=2&category=seasonal");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/coupons?limit=2&offset=4&category=seasonal");
    }

    @Test
    void allEndsAtAFullPageWhoseLinkNamesNoNextPage() {
        String base = server.url("/api/v1/coupons").toString();
        jsonWithLink(page(0, "c1", "c2"), "<" + base + "?limit=2&offset=0>; rel=\"last\"");
        json(200, page(2, "must-not-be-read"));

        assertThat(publicClient().all(CouponFilter.any(), 2).map(Coupon::getId).toList()).containsExactly("c1", "c2");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void allReturnsACouponOnlyOnceWhenANewCouponShiftsThePages() {
        jsonWithLink(page(0, "c2", "c1"), "</api/v1/coupons?limit=2&offset=2>; rel=\"next\"");
        json(200, page(2, "c1", "c0")); // c3 was created meanwhile: c1 moved to the next page

        assertThat(client(b -> { }).all(CouponFilter.any(), 2).map(c -> c.getId()).toList()).containsExactly("c2", "c1", "c0");
    }

    @Test
    void allFetchesNothingUntilConsumedAndStopsWhenLimited() {
        jsonWithLink(page(0, "c1", "c2"), "</api/v1/coupons?limit=2&offset=2>; rel=\"next\"");
        jsonWithLink(page(2, "c3", "c4"), "</api/v1/coupons?limit=2&offset=4>; rel=\"next\"");

        var stream = publicClient().all(CouponFilter.any(), 2);
        assertThat(server.getRequestCount()).isZero();
        assertThat(stream.limit(2).map(Coupon::getId).toList()).containsExactly("c1", "c2");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aNextLinkToAnotherHostIsFollowedOnTheClientsOrigin() throws InterruptedException {
        jsonWithLink(page(0, "c1"), "<http://internal.invalid:9999/api/v1/coupons?limit=1&offset=1>; rel=\"next\"");
        json(200, page(1, "c2"));

        assertThat(publicClient().all(CouponFilter.any(), 1).map(Coupon::getId).toList()).containsExactly("c1", "c2");
        server.takeRequest();
        RecordedRequest second = server.takeRequest();
        assertThat(second.getPath()).isEqualTo("/api/v1/coupons?limit=1&offset=1");
        assertThat(second.getHeader("Host")).isEqualTo(server.getHostName() + ":" + server.getPort());
    }

    @Test
    void myCouponsAutoPagingWalksByOffsetWithTheBearerTokenAndTheStatusFilter() throws InterruptedException {
        jsonWithLink("{\"coupons\":[" + redemption("o1") + "],\"total\":2,\"limit\":1,\"offset\":0}",
                "</coupons/v1/user/coupons?limit=1&offset=1&status=active>; rel=\"next\"");
        jsonWithLink("{\"coupons\":[" + redemption("o2") + "],\"total\":2,\"limit\":1,\"offset\":1}",
                "</coupons/v1/user/coupons?limit=1&offset=1&status=active>; rel=\"last\"");
        json(200, "{\"coupons\":[" + redemption("must-not-be-read") + "],\"total\":2,\"limit\":1,\"offset\":2}");

        List<String> orders = userClient().myCouponsAutoPaging(1, UserCouponStatus.ACTIVE).map(UserCoupon::getOrderId).toList();

        assertThat(orders).containsExactly("o1", "o2");
        RecordedRequest first = server.takeRequest();
        assertThat(first.getPath()).isEqualTo("/coupons/v1/user/coupons?limit=1&offset=0&status=active");
        assertThat(first.getHeader("Authorization")).isEqualTo("Bearer t1");
        RecordedRequest second = server.takeRequest();
        assertThat(second.getPath()).isEqualTo("/coupons/v1/user/coupons?limit=1&offset=1&status=active");
        assertThat(second.getHeader("Authorization")).isEqualTo("Bearer t1");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @SuppressWarnings("removal")
    void todaysNamesStayAsDeprecatedDelegatesOfTheGeneratedOperations() throws InterruptedException {
        json(200, "{\"coupons\":[],\"total\":0,\"limit\":5,\"offset\":10}");
        json(200, "{\"coupons\":[],\"total\":0,\"limit\":5,\"offset\":0}");
        json(200, page(0));

        userClient().myCoupons(UserCouponStatus.USED, 5, 10).execute();
        assertThat(userClient().allMyCoupons().toList()).isEmpty();
        publicClient().list(CouponFilter.any().category("food"), 3, 6).execute();

        assertThat(server.takeRequest().getPath()).isEqualTo("/coupons/v1/user/coupons?limit=5&offset=10&status=used");
        assertThat(server.takeRequest().getPath()).isEqualTo("/coupons/v1/user/coupons?limit=100&offset=0");
        RecordedRequest list = server.takeRequest();
        assertThat(list.getPath()).isEqualTo("/api/v1/coupons?limit=3&offset=6&category=food");
        assertThat(list.getHeader("Authorization")).isNull();
    }

    @Test
    void redeemAnswered429WaitsUntilTheRateLimitResetThenSucceeds() throws InterruptedException {
        long reset = Instant.now().getEpochSecond() + 5;
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Content-Type", "application/json")
                .setHeader("X-RateLimit-Limit", "100").setHeader("X-RateLimit-Remaining", "0")
                .setHeader("X-RateLimit-Reset", String.valueOf(reset)).setBody(error("RATE_LIMITED", null)));
        json(200, "{\"success\":true,\"message\":\"coupon redeemed\",\"coupon_id\":\"c1\",\"order_id\":\"ORD-1\","
                + "\"discount_amount\":20,\"redeemed_at\":\"2026-06-15T10:35:00Z\",\"redemption_id\":\"r1\"}");
        CouponsClient coupons = CouponsClient.builder().config(config(RetryPolicy.defaults())).bearerToken("t1").build();

        RedeemResult result = coupons.redeem("c1", "ORD-1").execute();

        assertThat(result.getRedemptionId()).isEqualTo("r1");
        assertThat(result.getDiscountAmount()).isEqualTo(20.0);
        assertThat(waits).hasSize(1);
        assertThat(waits.get(0)).isBetween(Duration.ofSeconds(3), Duration.ofSeconds(5));
        assertThat(server.getRequestCount()).isEqualTo(2);
        RecordedRequest first = server.takeRequest();
        RecordedRequest second = server.takeRequest();
        assertThat(first.getMethod()).isEqualTo("POST");
        assertThat(second.getPath()).isEqualTo("/coupons/v1/redeem");
        assertThat(second.getBody().readUtf8()).isEqualTo("{\"coupon_id\":\"c1\",\"order_id\":\"ORD-1\"}");
    }

    @Test
    void a429WithRetriesOffIsRateLimitedCarryingTheEnvelope() {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "1800").setBody(error("RATE_LIMITED", null)));

        assertThatThrownBy(() -> userClient().redeem("c1", "o1").execute()).isInstanceOfSatisfying(RateLimitedException.class, e -> {
            assertThat(e.errorCode()).contains("RATE_LIMITED");
            assertThat(e.requestId()).contains("rid-RATE_LIMITED");
        });
        assertThat(waits).isEmpty();
    }

    @Test
    void eachErrorStatusMapsToItsExceptionWithTheEnvelopeParsed() {
        Map<Integer, Class<? extends ApiException>> expected = Map.of(400, BadRequestException.class, 401, UnauthorizedException.class,
                403, ForbiddenException.class, 404, NotFoundException.class, 409, ConflictException.class,
                500, ServerErrorException.class, 503, ServerErrorException.class);
        Map<Integer, String> codes = Map.of(400, "INVALID_REQUEST", 401, "UNAUTHORIZED", 403, "FORBIDDEN", 404, "NOT_FOUND",
                409, "CONFLICT", 500, "INTERNAL_ERROR", 503, "SERVICE_UNAVAILABLE");
        CouponsClient coupons = userClient();
        for (int status : List.of(400, 401, 403, 404, 409, 500, 503)) {
            json(status, error(codes.get(status), status == 400 ? "{\"order_id\":\"is required\"}" : "\"already_redeemed\""));

            assertThatThrownBy(() -> coupons.redeem("c1", "o1").execute()).as("HTTP %d", status).isInstanceOfSatisfying(expected.get(status), e -> {
                assertThat(e.status()).isEqualTo(status);
                assertThat(e.errorCode()).contains(codes.get(status));
                assertThat(e.requestId()).contains("rid-" + codes.get(status));
                ApiError body = e.errorBody(ApiError.class).orElseThrow();
                assertThat(body.getError().getCode()).isEqualTo(ErrorCode.fromValue(codes.get(status)));
                assertThat(body.getError().getTimestamp()).isEqualTo(OffsetDateTime.parse("2026-06-15T10:37:00Z"));
                assertThat(body.getError().getDetails())
                        .isEqualTo(status == 400 ? Map.of("order_id", "is required") : "already_redeemed");
            });
        }
    }

    @Test
    void createSendsTheBearerTokenAndOnlyTheGivenFields() throws InterruptedException {
        json(201, "{\"id\":\"n1\",\"title\":\"Welcome 10\",\"discount_percent\":10,\"active\":true,\"usage_count\":0,"
                + "\"created_at\":\"2026-06-15T10:00:00Z\",\"updated_at\":\"2026-06-15T10:00:00Z\",\"created_by\":\"u-admin\",\"updated_by\":\"u-admin\"}");

        AdminCoupon created = client(b -> b.bearerToken("admin-token")).create(new CouponCreate().title("Welcome 10").discountPercent(10)).execute();

        assertThat(created.getId()).isEqualTo("n1");
        assertThat(created.getCreatedBy()).isEqualTo("u-admin");
        RecordedRequest request = server.takeRequest();
        assertThat(request.getMethod()).isEqualTo("POST");
        assertThat(request.getPath()).isEqualTo("/write/v1/coupons");
        assertThat(request.getHeader("Authorization")).isEqualTo("Bearer admin-token");
        assertThat(request.getHeader("Content-Type")).startsWith("application/json");
        assertThat(request.getBody().readUtf8()).isEqualTo("{\"title\":\"Welcome 10\",\"discount_percent\":10}");
    }

    @Test
    void updateIsAPutCarryingOnlyTheChangedFieldsAndDeleteADelete() throws InterruptedException {
        json(200, "{\"id\":\"c1\",\"title\":\"A\",\"discount_percent\":25,\"active\":true,\"usage_count\":0,"
                + "\"created_at\":\"2026-06-15T10:00:00Z\",\"updated_at\":\"2026-06-15T11:00:00Z\",\"created_by\":\"u\",\"updated_by\":\"u\"}");
        json(200, "{\"message\":\"coupon deleted\",\"id\":\"c1\",\"deleted_at\":\"2026-06-15T12:00:00Z\"}");
        CouponsClient coupons = userClient();

        assertThat(coupons.update("c1", new CouponUpdate().discountPercent(25)).execute().getDiscountPercent()).isEqualTo(25);
        assertThat(coupons.delete("c1").execute().getDeletedAt()).isEqualTo(OffsetDateTime.parse("2026-06-15T12:00:00Z"));

        RecordedRequest put = server.takeRequest();
        assertThat(put.getMethod()).isEqualTo("PUT");
        assertThat(put.getPath()).isEqualTo("/write/v1/coupons/c1");
        assertThat(put.getBody().readUtf8()).isEqualTo("{\"discount_percent\":25}");
        RecordedRequest delete = server.takeRequest();
        assertThat(delete.getMethod()).isEqualTo("DELETE");
        assertThat(delete.getPath()).isEqualTo("/write/v1/coupons/c1");
    }

    @Test
    void updateWithFieldsToClearSendsThemAsNullBesideTheChanges() throws InterruptedException {
        json(200, "{\"id\":\"c1\",\"title\":\"A\",\"discount_percent\":25,\"active\":true,\"usage_count\":0,"
                + "\"created_at\":\"2026-06-15T10:00:00Z\",\"updated_at\":\"2026-06-15T11:00:00Z\",\"created_by\":\"u\",\"updated_by\":\"u\"}");
        CouponsClient coupons = userClient();

        AdminCoupon after = coupons.update("c1", new CouponUpdate().discountPercent(25),
                List.of("valid_until", "usage_limit")).execute();

        assertThat(after.getValidUntil()).isNull();
        RecordedRequest put = server.takeRequest();
        assertThat(put.getMethod()).isEqualTo("PUT");
        assertThat(put.getPath()).isEqualTo("/write/v1/coupons/c1");
        assertThat(put.getHeader("Authorization")).isEqualTo("Bearer t1");
        assertThat(put.getBody().readUtf8()).isEqualTo("{\"discount_percent\":25,\"valid_until\":null,\"usage_limit\":null}");
        assertThatThrownBy(() -> coupons.update("c1", new CouponUpdate(), List.of("title")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'title' cannot be cleared");
    }

    private TokenProvider tokens() {
        return TokenProvider.builder().config(config(RetryPolicy.none())).clientId("coupon-web").username("jane").password("pw").build();
    }

    private static String token(String access) {
        return "{\"access_token\":\"" + access + "\",\"token_type\":\"Bearer\",\"expires_in\":300,\"refresh_token\":\"r-" + access
                + "\",\"refresh_expires_in\":1800,\"scope\":\"openid\"}";
    }

    @Test
    void aTokenProviderLogsInOnceForSeveralAuthenticatedCallsAndNotForPublicOnes() throws InterruptedException {
        json(200, coupon("c1"));
        json(200, token("a1"));
        json(200, "{\"id\":\"u1\",\"username\":\"jane\",\"roles\":[\"user\"],\"created_at\":\"2026-02-01T12:00:00Z\",\"last_login\":\"2026-06-15T09:58:12Z\"}");
        json(200, "{\"coupons\":[],\"total\":0,\"limit\":10,\"offset\":0}");
        CouponsClient coupons = client(b -> b.tokenProvider(tokens()));

        coupons.get("c1").execute();
        assertThat(coupons.profile().execute().getRoles()).containsExactly("user");
        assertThat(coupons.myCoupons(10, 0).execute().getTotal()).isZero();

        assertThat(server.takeRequest().getHeader("Authorization")).isNull();
        RecordedRequest login = server.takeRequest();
        assertThat(login.getPath()).isEqualTo("/realms/contractkit/protocol/openid-connect/token");
        assertThat(login.getHeader("Content-Type")).startsWith("application/x-www-form-urlencoded");
        assertThat(login.getBody().readUtf8()).isEqualTo("grant_type=password&client_id=coupon-web&username=jane&password=pw");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer a1");
        RecordedRequest list = server.takeRequest();
        assertThat(list.getPath()).isEqualTo("/coupons/v1/user/coupons?limit=10&offset=0");
        assertThat(list.getHeader("Authorization")).isEqualTo("Bearer a1");
        assertThat(server.getRequestCount()).isEqualTo(4);
    }

    @Test
    void a401OnAProviderTokenFetchesANewTokenAndRetriesOnce() throws InterruptedException {
        json(200, token("old"));
        json(401, error("UNAUTHORIZED", null));
        json(200, token("new"));
        json(200, "{\"id\":\"u1\",\"username\":\"jane\",\"roles\":[],\"created_at\":\"2026-02-01T12:00:00Z\",\"last_login\":\"2026-06-15T09:58:12Z\"}");

        assertThat(client(b -> b.tokenProvider(tokens())).profile().execute().getId()).isEqualTo("u1");

        server.takeRequest();
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer old");
        assertThat(server.takeRequest().getBody().readUtf8()).startsWith("grant_type=refresh_token&client_id=coupon-web&refresh_token=r-old");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer new");
    }

    @Test
    void aRefusedLoginIsThrownByTheCallAsUnauthorizedWithTheOAuthError() {
        json(401, "{\"error\":\"invalid_grant\",\"error_description\":\"Invalid user credentials\"}");

        assertThatThrownBy(() -> client(b -> b.tokenProvider(tokens())).profile().execute())
                .isInstanceOfSatisfying(UnauthorizedException.class, e -> assertThat(e.errorCode()).contains("invalid_grant"));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void asyncCallsCompleteWithTheBodyOrTheTypedException() {
        json(200, coupon("c3"));
        json(404, error("NOT_FOUND", null));
        json(409, error("CONFLICT", "\"coupon_expired\""));
        CouponsClient coupons = userClient();

        assertThat(coupons.get("c3").executeAsync().orTimeout(5, TimeUnit.SECONDS).join().getTitle()).isEqualTo("Coupon c3");
        assertThatThrownBy(() -> coupons.get("nope").executeAsync().orTimeout(5, TimeUnit.SECONDS).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> coupons.redeem("c3", "o1").executeAsync().orTimeout(5, TimeUnit.SECONDS).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(ConflictException.class);
    }

    @Test
    void asyncCallsSurfaceARefusedLoginAsUnauthorized() {
        json(401, "{\"error\":\"invalid_grant\",\"error_description\":\"Invalid user credentials\"}");

        assertThatThrownBy(() -> client(b -> b.tokenProvider(tokens())).profile().executeAsync().orTimeout(5, TimeUnit.SECONDS).join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(UnauthorizedException.class);
    }

    @Test
    void builderAndArgumentsAreChecked() {
        assertThatThrownBy(() -> CouponsClient.builder().bearerToken("t").build())
                .isInstanceOf(IllegalStateException.class).hasMessage("Base URL required.");
        assertThatThrownBy(() -> TokenProvider.builder().baseUrl("http://127.0.0.1:1").username("u").password("p").build())
                .isInstanceOf(IllegalStateException.class).hasMessage("Client id required.");
        assertThatThrownBy(() -> publicClient().all(CouponFilter.any(), 101)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> publicClient().redeem("", "o1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> publicClient().redeem("c1", "o1", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CouponsClient.builder().reconnectBackoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(server.getRequestCount()).isZero();
    }

}
