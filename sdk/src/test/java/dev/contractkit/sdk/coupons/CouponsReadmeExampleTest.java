package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.coupons.model.Coupon;
import dev.contractkit.sdk.coupons.model.RedeemResult;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Keeps the coupons example of sdk/README.md compiling and running (against a scripted server). */
class CouponsReadmeExampleTest {

    /** The README example, between the markers (checked against the README by {@code ReadmeExamplesTest}). */
    // README-BEGIN
    static void watchCoupons(String url, CountDownLatch stop, PrintStream out) throws InterruptedException {
        TokenProvider tokens = TokenProvider.builder().baseUrl(url)
                .realm("contractkit").clientId("coupon-web").username("jane.doe").password("secret").build();
        CouponsClient coupons = CouponsClient.builder().baseUrl(url).tokenProvider(tokens).build();

        Coupon summer = coupons.get("3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c").execute();   // public read: no token sent
        long active = coupons.all(CouponFilter.any().active(true)).count();    // lazily, page by page
        out.println(summer.getTitle() + ", " + active + " active coupons");
        try {
            RedeemResult r = coupons.redeem(summer.getId(), "ORD-2026-000123", 59.90).execute(); // bearer token; a 429 waits for the reset
            out.println("redeemed: " + r.getDiscountAmount() + " off (" + r.getDiscountPercent() + "%)");
        } catch (ConflictException e) {
            var body = e.errorBody(dev.contractkit.sdk.coupons.model.ApiError.class).orElseThrow();
            out.println("not redeemed: " + body.getError().getDetails());     // e.g. already_redeemed
        }
        try (CouponSubscription updates = coupons.subscribe(event -> {
            switch (event) {
                case CouponEvent.Created c -> out.println("new coupon: " + c.data().getTitle());
                case CouponEvent.UsageUpdated u -> out.println(u.data().getId() + " redeemed " + u.data().getUsageCount() + " times");
                default -> { }
            }
        })) {
            stop.await();                                                     // until the application stops listening
        }
    }
    // README-END

    @Test
    void theReadmeExampleRunsAgainstAScriptedServer() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    String path = request.getPath();
                    MockResponse json = new MockResponse().setHeader("Content-Type", "application/json");
                    if (path.startsWith("/realms/contractkit/protocol/openid-connect/token")) {
                        return json.setBody("{\"access_token\":\"a1\",\"token_type\":\"Bearer\",\"expires_in\":300,\"refresh_token\":\"r\",\"scope\":\"openid\"}");
                    } else if (path.startsWith("/api/v1/coupons/")) {
                        return json.setBody(CouponsClientTest.coupon("3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c"));
                    } else if (path.equals("/api/v1/coupons?limit=100&offset=0&active=true")) {
                        return json.setBody(CouponsClientTest.page(0, "c1", "c2", "c3")); // a short page: the last
                    } else if (path.startsWith("/api/v1/coupons?")) {
                        return json.setBody(CouponsClientTest.page(100, "c3"));
                    } else if (path.equals("/coupons/v1/redeem") && "Bearer a1".equals(request.getHeader("Authorization"))) {
                        return json.setResponseCode(409).setBody("{\"error\":{\"code\":\"CONFLICT\",\"message\":\"m\",\"details\":\"already_redeemed\","
                                + "\"timestamp\":\"2026-06-15T10:37:00Z\",\"request_id\":\"r1\"}}");
                    } else if (path.equals("/ws/coupons")) {
                        return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
                            @Override
                            public void onOpen(WebSocket webSocket, Response response) {
                                webSocket.send(CouponSubscriptionTest.CREATED);
                                webSocket.send(CouponSubscriptionTest.USAGE);
                            }

                            @Override
                            public void onClosing(WebSocket webSocket, int code, String reason) {
                                webSocket.close(1000, null);
                            }
                        });
                    }
                    return new MockResponse().setResponseCode(404);
                }
            });
            ByteArrayOutputStream printed = new ByteArrayOutputStream();

            CountDownLatch stop = new CountDownLatch(1);
            PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
            CompletableFuture<Void> example = CompletableFuture.runAsync(() -> {
                try {
                    watchCoupons(server.url("/").toString(), stop, out);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            await("the example's four lines").atMost(Duration.ofSeconds(10))
                    .until(() -> printed.toString(StandardCharsets.UTF_8).lines().count() == 4);
            stop.countDown();
            example.get(10, TimeUnit.SECONDS);

            assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo(String.join(System.lineSeparator(),
                    "Coupon 3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c, 3 active coupons",
                    "not redeemed: already_redeemed",
                    "new coupon: Summer sale 20%",
                    "c1 redeemed 138 times", ""));
        }
    }
}
