package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.conformance.DefectiveCouponsProxy.Defect;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import okhttp3.FormBody;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** Each new check catches the defect it is meant for, against the coupons reference server spoiled by a proxy. */
class DefectiveCouponsServerTest {
    // behind a (trusted) proxy the demo passwords are refused: users of the test's own
    static final String ADMIN_PASSWORD = "defects-admin-secret";
    static final String ALICE_PASSWORD = "defects-alice-secret";
    static final String USERS = "admin:" + ADMIN_PASSWORD + ":admin+user,alice:" + ALICE_PASSWORD + ":user";

    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        // the proxies below send X-Forwarded-Host: the server trusts them (loopback) for its links' origin; every
        // run shares the server and one client address, so the hourly limits (same windows) are higher
        server = KitServer.start(TestSettings.of(Map.of("coupons.port", "0", "data-dir", data.toString(),
                        "trusted-proxies", "127.0.0.1,::1", "coupons.users", USERS, "coupons.rate-limits",
                        "public-read=100000/PT1H,authenticated-read=100000/PT1H,write=100000/PT1H,admin=100000/PT1H")),
                List.of(Api.COUPONS));
        seedCoupons(3);
    }

    /**
     * Paging needs more than one item: a few coupons, created as the admin, in the category the suite's paging
     * scenario filters by (the contract's example, {@code seasonal}).
     */
    static void seedCoupons(int count) {
        OkHttpClient client = new OkHttpClient();
        String base = server.url(Api.COUPONS).replaceAll("/$", "");
        try (Response r = client.newCall(new Request.Builder()
                .url(base + "/realms/contractkit/protocol/openid-connect/token")
                .post(new FormBody.Builder().add("grant_type", "password").add("client_id", "coupon-web")
                        .add("username", "admin").add("password", ADMIN_PASSWORD).build()).build()).execute()) {
            String token = new ObjectMapper().readTree(r.body().string())
                    .path("access_token").asText();
            for (int i = 0; i < count; i++) {
                try (Response c = client.newCall(new Request.Builder().url(base + "/write/v1/coupons")
                        .header("Authorization", "Bearer " + token)
                        .post(RequestBody.create("{\"title\":\"Seed " + i + "\",\"discount_percent\":10,\"category\":\"seasonal\"}",
                                MediaType.get("application/json"))).build()).execute()) {
                    assertThat(c.code()).as(c.body().string()).isEqualTo(201);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static Report runAgainst(Set<Check> checks, Defect... defects) throws IOException {
        try (DefectiveCouponsProxy proxy = DefectiveCouponsProxy.start(server.url(Api.COUPONS), defects)) {
            return Conformance.run(ConformanceTarget.builder(Api.COUPONS).baseUrl(proxy.url())
                    .user("admin", ADMIN_PASSWORD).user("alice", ALICE_PASSWORD).checks(checks).build());
        }
    }

    @Test
    void proxyWithoutDefectsPassesTheNewHttpChecks() throws IOException {
        Report report = runAgainst(Set.of(Check.RATE_LIMIT_HEADERS, Check.PAGINATION_LINKS, Check.FORBIDDEN_ROLE,
                Check.STATE_TRANSITIONS, Check.RESPONSE_HEADERS_CONFORMANCE, Check.ENSURE_RESOURCE_AVAILABILITY));

        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.results()).allSatisfy(r -> assertThat(r.passed()).as(r.check().key()).isPositive());
    }

    @Test
    void missingRateLimitHeadersFailRateLimitHeaders() throws IOException {
        Report report = runAgainst(Set.of(Check.RATE_LIMIT_HEADERS), Defect.NO_RATE_LIMIT_HEADERS);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.RATE_LIMIT_HEADERS)).extracting(Violation::pointer)
                .contains("/response/headers/x-ratelimit-limit", "/response/headers/x-ratelimit-remaining",
                        "/response/headers/x-ratelimit-reset");
        assertThat(report.violations(Check.RATE_LIMIT_HEADERS)).extracting(Violation::operationId)
                .contains("listCoupons", "createCoupon", "redeemCoupon").doesNotContain("requestToken", "openCouponUpdates");
    }

    @Test
    void missingLinkHeaderFailsPaginationLinks() throws IOException {
        Report report = runAgainst(Set.of(Check.PAGINATION_LINKS), Defect.NO_LINK_HEADER);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.PAGINATION_LINKS)).isNotEmpty().allSatisfy(v -> {
            assertThat(v.pointer()).isEqualTo("/response/headers/link");
            assertThat(v.message()).contains("rel=\"");
        });
        assertThat(report.violations(Check.PAGINATION_LINKS)).extracting(Violation::operationId).contains("listCoupons");
    }

    @Test
    void linksToTheServerRootFailPaginationLinks() throws IOException {
        Report report = runAgainst(Set.of(Check.PAGINATION_LINKS), Defect.LINK_TO_SERVER_ROOT);

        assertThat(report.passed()).as(report.toString()).isFalse();
        assertThat(report.violations(Check.PAGINATION_LINKS)).extracting(Violation::operationId).contains("listCoupons");
        assertThat(report.violations(Check.PAGINATION_LINKS)).extracting(Violation::message)
                .anyMatch(m -> m.contains("rel=\"next\" points at /, not at the list's own path /api/v1/coupons"));
    }

    @Test
    void linksToAnotherOriginFailPaginationLinksAndAreNotFollowed() throws IOException {
        Report report = runAgainst(Set.of(Check.PAGINATION_LINKS), Defect.LINK_TO_ANOTHER_ORIGIN);

        assertThat(report.passed()).as(report.toString()).isFalse();
        assertThat(report.violations(Check.PAGINATION_LINKS)).extracting(Violation::message)
                .anyMatch(m -> m.contains("rel=\"next\" points to another origin (http://coupons.internal.example:8082)"));
        assertThat(report.toString()).doesNotContain("no response");
    }

    @Test
    void nextLinkThatAnswers404FailsPaginationLinks() throws IOException {
        Report report = runAgainst(Set.of(Check.PAGINATION_LINKS), Defect.LATER_PAGES_MISSING);

        assertThat(report.passed()).as(report.toString()).isFalse();
        assertThat(report.violations(Check.PAGINATION_LINKS)).extracting(Violation::message)
                .anyMatch(m -> m.contains("rel=\"next\" followed answered 404, not a page"));
    }

    @Test
    void writeAcceptedFromANonAdminFailsForbiddenRole() throws IOException {
        Report report = runAgainst(Set.of(Check.FORBIDDEN_ROLE), Defect.NO_ROLE_CHECK);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.FORBIDDEN_ROLE)).extracting(Violation::operationId, Violation::value)
                .containsExactlyInAnyOrder(tuple("createCoupon", "200"),
                        tuple("updateCoupon", "200"),
                        tuple("deleteCoupon", "200"));
    }

    @Test
    void missingRequiredResponseHeaderFailsResponseHeadersConformance() throws IOException {
        Report report = runAgainst(Set.of(Check.RESPONSE_HEADERS_CONFORMANCE), Defect.NO_REQUEST_ID);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.RESPONSE_HEADERS_CONFORMANCE)).isNotEmpty()
                .filteredOn(v -> !v.operation().equals("GET /ws/coupons"))
                .allSatisfy(v -> assertThat(v.pointer()).isEqualTo("/response/headers/x-request-id"))
                .extracting(Violation::operationId).contains("getCoupon", "createCoupon", "redeemCoupon");
    }

    @Test
    void createdCouponThatCannotBeReadFailsEnsureResourceAvailability() throws IOException {
        Report report = runAgainst(Set.of(Check.ENSURE_RESOURCE_AVAILABILITY), Defect.CREATED_NOT_READABLE);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.ENSURE_RESOURCE_AVAILABILITY)).singleElement().satisfies(v -> {
            assertThat(v.operationId()).isEqualTo("getCoupon");
            assertThat(v.status()).isEqualTo(404);
            assertThat(v.message()).contains("just created by createCoupon");
        });
    }

    @Test
    void updateThatChangesNothingFailsStateTransitions() throws IOException {
        Report report = runAgainst(Set.of(Check.STATE_TRANSITIONS), Defect.UPDATE_IGNORED);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.STATE_TRANSITIONS)).isNotEmpty().allSatisfy(v -> {
            assertThat(v.operationId()).isEqualTo("getCoupon");
            assertThat(v.message()).contains("after updateCoupon").contains("the update set it to");
        });
    }

    @Test
    void hardDeleteFailsStateTransitions() throws IOException {
        Report report = runAgainst(Set.of(Check.STATE_TRANSITIONS), Defect.HARD_DELETE);

        assertThat(report.passed()).isFalse();
        assertThat(report.violations(Check.STATE_TRANSITIONS)).singleElement().satisfies(v -> {
            assertThat(v.operationId()).isEqualTo("getCoupon");
            assertThat(v.status()).isEqualTo(404);
            assertThat(v.message()).contains("soft").contains("active");
        });
    }

    @Test
    void messageThatBreaksItsSchemaFailsWebsocketMessageSchema() throws IOException {
        try (MockWebServer ws = new MockWebServer()) {
            ws.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    if (request.getPath() != null && request.getPath().startsWith("/ws/coupons")
                            && "websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
                        return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
                            @Override
                            public void onOpen(WebSocket socket, Response response) {
                                socket.send("{\"type\":\"coupon_created\",\"data\":{\"id\":\"c1\",\"title\":\"T\","
                                        + "\"discount_percent\":\"20\"},\"timestamp\":\"2026-01-01T00:00:00Z\"}");
                            }

                            @Override
                            public void onClosing(WebSocket socket, int code, String reason) {
                                socket.close(1000, null);
                            }
                        });
                    }
                    return new MockResponse().setResponseCode(404);
                }
            });
            ws.start();
            Report report = Conformance.run(ConformanceTarget.builder(Api.COUPONS).baseUrl(ws.url("/").toString())
                    .credential("any-token").checks(Set.of(Check.WEBSOCKET_MESSAGE_SCHEMA)).build());

            assertThat(report.passed()).isFalse();
            assertThat(report.violations(Check.WEBSOCKET_MESSAGE_SCHEMA)).isNotEmpty()
                    .anySatisfy(v -> {
                        assertThat(v.pointer()).contains("discount_percent");
                        assertThat(v.message()).contains("coupon_created");
                    });
        }
    }
}
