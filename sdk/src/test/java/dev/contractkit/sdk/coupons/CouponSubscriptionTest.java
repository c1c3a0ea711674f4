package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.coupons.events.model.ExpiryReason;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class CouponSubscriptionTest {
    static final String CREATED = "{\"type\":\"coupon_created\",\"data\":{\"id\":\"c1\",\"title\":\"Summer sale 20%\",\"discount_percent\":20},"
            + "\"timestamp\":\"2026-05-02T09:15:00Z\"}";
    static final String UPDATED = "{\"type\":\"coupon_updated\",\"data\":{\"id\":\"c1\",\"discount_percent\":25,"
            + "\"updated_at\":\"2026-06-15T10:25:00Z\"},\"timestamp\":\"2026-06-15T10:25:00Z\"}";
    static final String EXPIRED = "{\"type\":\"coupon_expired\",\"data\":{\"id\":\"c1\",\"reason\":\"deleted\"},\"timestamp\":\"2026-06-15T10:30:00Z\"}";
    static final String USAGE = "{\"type\":\"usage_updated\",\"data\":{\"id\":\"c1\",\"usage_count\":138,\"usage_limit\":1000},"
            + "\"timestamp\":\"2026-06-15T10:35:00Z\"}";

    private final BlockingQueue<CouponEvent> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
    private final List<WebSocket> serverSockets = new CopyOnWriteArrayList<>();
    private MockWebServer server;
    private CouponSubscription subscription;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        if (subscription != null) {
            subscription.close();
        }
        serverSockets.forEach(ws -> ws.close(1001, "test over"));
        server.shutdown();
    }

    private CouponsClient client() {
        return CouponsClient.builder()
                .config(ClientConfig.builder().baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build())
                .bearerToken("t1").reconnectBackoff(Duration.ofMillis(10), Duration.ofMillis(50)).build();
    }

    /** A server side that sends {@code frames} once open, then runs {@code then}. */
    private MockResponse upgrade(List<String> frames, Consumer<WebSocket> then) {
        return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
            @Override
            public void onOpen(WebSocket webSocket, Response response) {
                serverSockets.add(webSocket);
                frames.forEach(webSocket::send);
                then.accept(webSocket);
            }

            @Override
            public void onClosing(WebSocket webSocket, int code, String reason) {
                webSocket.close(1000, null);
            }
        });
    }

    private CouponEvent next() throws InterruptedException {
        CouponEvent e = events.poll(5, TimeUnit.SECONDS);
        assertThat(e).as("an event within 5 s").isNotNull();
        return e;
    }

    @Test
    void eachMessageTypeArrivesAsItsTypedEventAndTheTokenIsSent() throws InterruptedException {
        server.enqueue(upgrade(List.of(CREATED, UPDATED, EXPIRED, USAGE, "{\"type\":\"coupon_renamed\",\"data\":{}}"), ws -> { }));

        subscription = client().subscribe(events::add, errors::add);

        assertThat(next()).isInstanceOfSatisfying(CouponEvent.Created.class, c -> {
            assertThat(c.data().getTitle()).isEqualTo("Summer sale 20%");
            assertThat(c.data().getDiscountPercent()).isEqualTo(20);
            assertThat(c.timestamp()).isEqualTo(OffsetDateTime.parse("2026-05-02T09:15:00Z"));
        });
        assertThat(next()).isInstanceOfSatisfying(CouponEvent.Updated.class, u -> {
            assertThat(u.data().getDiscountPercent()).isEqualTo(25);
            assertThat(u.data().getTitle()).isNull();
        });
        assertThat(next()).isInstanceOfSatisfying(CouponEvent.Expired.class,
                e -> assertThat(e.data().getReason()).isEqualTo(ExpiryReason.DELETED));
        assertThat(next()).isInstanceOfSatisfying(CouponEvent.UsageUpdated.class, u -> {
            assertThat(u.data().getUsageCount()).isEqualTo(138);
            assertThat(u.data().getUsageLimit()).isEqualTo(1000);
        });
        assertThat(next()).isInstanceOfSatisfying(CouponEvent.Unknown.class, u -> {
            assertThat(u.type()).isEqualTo("coupon_renamed");
            assertThat(u.json()).contains("coupon_renamed");
        });
        RecordedRequest handshake = server.takeRequest();
        assertThat(handshake.getPath()).isEqualTo("/ws/coupons");
        assertThat(handshake.getHeader("Authorization")).isEqualTo("Bearer t1");
        assertThat(handshake.getHeader("Upgrade")).isEqualToIgnoringCase("websocket");
        assertThat(errors).isEmpty();
    }

    @Test
    void aPayloadBreakingTheContractArrivesAsUnknown() {
        assertThat(EventDecoder.decode("{\"type\":\"coupon_expired\",\"data\":{\"id\":\"c1\",\"reason\":\"stolen\"}}"))
                .isEqualTo(new CouponEvent.Unknown("coupon_expired", "{\"type\":\"coupon_expired\",\"data\":{\"id\":\"c1\",\"reason\":\"stolen\"}}"));
        assertThat(EventDecoder.decode("{\"type\":\"coupon_created\"}")).isInstanceOf(CouponEvent.Unknown.class);
        assertThat(EventDecoder.decode("not json")).isEqualTo(new CouponEvent.Unknown("", "not json"));
    }

    @Test
    void theSubscriptionReconnectsAfterTheServerDropsTheConnection() throws InterruptedException {
        server.enqueue(upgrade(List.of(CREATED), ws -> ws.close(1001, "going away")));
        server.enqueue(upgrade(List.of(USAGE), ws -> { }));

        subscription = client().subscribe(events::add, errors::add);

        assertThat(next()).isInstanceOf(CouponEvent.Created.class);
        assertThat(next()).isInstanceOf(CouponEvent.UsageUpdated.class);
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer t1");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer t1");
    }

    @Test
    void aRefusedHandshakeIsReportedAndRetried() throws InterruptedException {
        server.enqueue(new MockResponse().setResponseCode(401).setHeader("Content-Type", "application/json")
                .setBody("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":\"invalid token: expired\",\"timestamp\":\"2026-06-15T10:45:20Z\",\"request_id\":\"r9\"}}"));
        server.enqueue(upgrade(List.of(CREATED), ws -> { }));

        subscription = client().subscribe(events::add, errors::add);

        assertThat(next()).isInstanceOf(CouponEvent.Created.class);
        assertThat(errors.poll(1, TimeUnit.SECONDS)).isInstanceOfSatisfying(UnauthorizedException.class, e -> {
            assertThat(e.errorCode()).contains("UNAUTHORIZED");
            assertThat(e.requestId()).contains("r9");
        });
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void afterCloseNoReconnectIsAttempted() throws InterruptedException {
        CountDownLatch open = new CountDownLatch(1);
        server.enqueue(upgrade(List.of(CREATED), ws -> open.countDown()));
        server.enqueue(upgrade(List.of(USAGE), ws -> { }));

        subscription = client().subscribe(events::add, errors::add);
        assertThat(open.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(next()).isInstanceOf(CouponEvent.Created.class);
        subscription.close();

        // for 10x the largest back-off, in which a reconnect would have happened
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2))
                .untilAsserted(() -> assertThat(server.getRequestCount()).isEqualTo(1));
        assertThat(events).isEmpty();
        assertThat(subscription.isConnected()).isFalse();
    }

    @Test
    void aPolicyViolationCloseReconnectsWithAFreshToken() throws InterruptedException {
        String token = "{\"token_type\":\"Bearer\",\"expires_in\":300,\"refresh_token\":\"r\",\"scope\":\"openid\",\"access_token\":";
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json").setBody(token + "\"a1\"}"));
        server.enqueue(upgrade(List.of(CREATED), ws -> ws.close(1008, "token expired")));
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json").setBody(token + "\"a2\"}"));
        server.enqueue(upgrade(List.of(USAGE), ws -> { }));
        ClientConfig config = ClientConfig.builder().baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build();
        TokenProvider tokens = TokenProvider.builder().config(config).clientId("coupon-web").username("jane").password("pw").build();

        subscription = CouponsClient.builder().config(config).tokenProvider(tokens)
                .reconnectBackoff(Duration.ofMillis(10), Duration.ofMillis(50)).build().subscribe(events::add, errors::add);

        assertThat(next()).isInstanceOf(CouponEvent.Created.class);
        assertThat(next()).isInstanceOf(CouponEvent.UsageUpdated.class);
        server.takeRequest();
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer a1");
        assertThat(server.takeRequest().getBody().readUtf8()).startsWith("grant_type=refresh_token");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer a2");
    }

    @Test
    void reconnectWaitsGrowExponentiallyWithEqualJitterUpToTheMax() {
        Duration initial = Duration.ofMillis(500);
        Duration max = Duration.ofSeconds(30);
        assertThat(CouponSubscription.reconnectDelay(0, initial, max, 0.0)).isEqualTo(Duration.ofMillis(250));
        assertThat(CouponSubscription.reconnectDelay(0, initial, max, 0.999999)).isEqualTo(Duration.ofMillis(500));
        assertThat(CouponSubscription.reconnectDelay(1, initial, max, 0.0)).isEqualTo(Duration.ofMillis(500));
        assertThat(CouponSubscription.reconnectDelay(3, initial, max, 0.5)).isEqualTo(Duration.ofMillis(3000));
        assertThat(CouponSubscription.reconnectDelay(20, initial, max, 0.0)).isEqualTo(Duration.ofSeconds(15));
        assertThat(CouponSubscription.reconnectDelay(20, initial, max, 0.999999)).isEqualTo(Duration.ofSeconds(30));
    }
}
