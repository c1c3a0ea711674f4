package dev.contractkit.sdk.platform;

import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RateLimitedException;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.ServerErrorException;
import dev.contractkit.sdk.forms.FormsClient;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetryInterceptorTest {
    private static final String FORM = "{\"form\":{\"id\":1,\"title\":\"A\",\"access_token\":\"t\",\"currency\":\"usd\","
            + "\"payment_volume\":1,\"successful_checkout_count\":1,\"created_at\":\"2024-01-01T00:00:00Z\","
            + "\"updated_at\":\"2024-01-01T00:00:00Z\"}}";

    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private MockWebServer server;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
    }

    private FormsClient client(RetryPolicy policy) {
        ClientConfig config = ClientConfig.builder().baseUrl(server.url("/").toString()).retries(policy)
                .sleeper(waits::add).build();
        return FormsClient.builder().config(config).apiKey("k").build();
    }

    private void ok() {
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json").setBody(FORM));
    }

    @Test
    void http503OnAGetIsRetriedWithABoundedExponentialBackoff() {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(503));
        ok();

        RetryPolicy policy = RetryPolicy.builder().maxAttempts(4).initialBackoff(Duration.ofMillis(100)).build();
        assertThat(client(policy).get(1).getId()).isEqualTo(1L);

        assertThat(server.getRequestCount()).isEqualTo(4);
        assertThat(waits).hasSize(3);
        assertThat(waits.get(0)).isLessThanOrEqualTo(Duration.ofMillis(100));
        assertThat(waits.get(1)).isLessThanOrEqualTo(Duration.ofMillis(200));
        assertThat(waits.get(2)).isLessThanOrEqualTo(Duration.ofMillis(400));
    }

    @Test
    void http429WaitsForRetryAfterSeconds() {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "2"));
        ok();

        assertThat(client(RetryPolicy.defaults()).get(1).getId()).isEqualTo(1L);
        assertThat(waits).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    void http429WithoutRetryAfterWaitsUntilTheRateLimitReset() {
        long reset = Instant.now().getEpochSecond() + 5;
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("X-RateLimit-Reset", Long.toString(reset)));
        ok();

        client(RetryPolicy.defaults()).get(1);
        assertThat(waits).hasSize(1);
        assertThat(waits.get(0)).isBetween(Duration.ofSeconds(3), Duration.ofSeconds(5));
    }

    @Test
    void aResetFurtherAwayThanMaxWaitIsNotWaitedFor() {
        long reset = Instant.now().getEpochSecond() + 3600;
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("X-RateLimit-Reset", Long.toString(reset))
                .setBody("{\"error\":{\"code\":\"RATE_LIMITED\",\"message\":\"slow down\"}}"));

        assertThatThrownBy(() -> client(RetryPolicy.defaults()).get(1)).isInstanceOf(RateLimitedException.class);
        assertThat(waits).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void retriesCanBeTurnedOff() {
        server.enqueue(new MockResponse().setResponseCode(503));
        ok();

        assertThatThrownBy(() -> client(RetryPolicy.none()).get(1)).isInstanceOf(ServerErrorException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void attemptsAreBoundedAndTheLastAnswerIsThrown() {
        for (int i = 0; i < 5; i++) {
            server.enqueue(new MockResponse().setResponseCode(503));
        }
        assertThatThrownBy(() -> client(RetryPolicy.builder().maxAttempts(3).build()).get(1))
                .isInstanceOfSatisfying(ServerErrorException.class, e -> assertThat(e.status()).isEqualTo(503));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void aDroppedConnectionOnAGetIsRetried() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AT_START));
        ok();

        assertThat(client(RetryPolicy.defaults()).get(1).getId()).isEqualTo(1L);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void aPostIsNotRetriedOn503ButIsOn429() throws IOException {
        RetryInterceptor retry = new RetryInterceptor(RetryPolicy.defaults(), waits::add, Clock.system(ZoneOffset.UTC));
        OkHttpClient http = new OkHttpClient.Builder().addInterceptor(retry).build();
        Request post = new Request.Builder().url(server.url("/x"))
                .post(RequestBody.create("{}", MediaType.get("application/json"))).build();

        server.enqueue(new MockResponse().setResponseCode(503));
        try (Response r = http.newCall(post).execute()) {
            assertThat(r.code()).isEqualTo(503);
        }
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "0"));
        server.enqueue(new MockResponse().setResponseCode(201));
        try (Response r = http.newCall(post).execute()) {
            assertThat(r.code()).isEqualTo(201);
        }
        assertThat(server.getRequestCount()).isEqualTo(3);
    }
}
