package dev.contractkit.sdk.internal;

import dev.contractkit.sdk.TransportException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import dev.contractkit.sdk.MockWebServerExtension;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    private double random = 0.5;

    private FormsClient client(RetryPolicy policy) {
        ClientConfig config = ClientConfig.builder().baseUrl(server.url("/").toString()).retries(policy)
                .sleeper(waits::add).random(() -> random).build();
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
        assertThat(client(policy).get(1).execute().getId()).isEqualTo(1L);

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

        assertThat(client(RetryPolicy.defaults()).get(1).execute().getId()).isEqualTo(1L);
        assertThat(waits).containsExactly(Duration.ofSeconds(2));
    }

    @Test
    void http429WithoutRetryAfterWaitsUntilTheRateLimitReset() {
        long reset = Instant.now().getEpochSecond() + 5;
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("X-RateLimit-Reset", Long.toString(reset)));
        ok();

        client(RetryPolicy.defaults()).get(1).execute();
        assertThat(waits).hasSize(1);
        assertThat(waits.get(0)).isBetween(Duration.ofSeconds(3), Duration.ofSeconds(5));
    }

    @Test
    void aResetFurtherAwayThanMaxWaitIsNotWaitedFor() {
        long reset = Instant.now().getEpochSecond() + 3600;
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("X-RateLimit-Reset", Long.toString(reset))
                .setBody("{\"error\":{\"code\":\"RATE_LIMITED\",\"message\":\"slow down\"}}"));

        assertThatThrownBy(() -> client(RetryPolicy.defaults()).get(1).execute()).isInstanceOf(RateLimitedException.class);
        assertThat(waits).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void retriesCanBeTurnedOff() {
        server.enqueue(new MockResponse().setResponseCode(503));
        ok();

        assertThatThrownBy(() -> client(RetryPolicy.none()).get(1).execute()).isInstanceOf(ServerErrorException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void attemptsAreBoundedAndTheLastAnswerIsThrown() {
        for (int i = 0; i < 5; i++) {
            server.enqueue(new MockResponse().setResponseCode(503));
        }
        assertThatThrownBy(() -> client(RetryPolicy.builder().maxAttempts(3).build()).get(1).execute())
                .isInstanceOfSatisfying(ServerErrorException.class, e -> assertThat(e.status()).isEqualTo(503));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void aDroppedConnectionOnAGetIsRetried() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AT_START));
        ok();

        assertThat(client(RetryPolicy.defaults()).get(1).execute().getId()).isEqualTo(1L);
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

    @Test
    void theWaitsBetweenAttemptsAreThePolicysExponentialBackoffWithItsJitter() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse().setResponseCode(503));
        }
        ok();
        random = 0.5;
        RetryPolicy equal = RetryPolicy.builder().maxAttempts(5).initialBackoff(Duration.ofMillis(100))
                .maxBackoff(Duration.ofMillis(600)).jitter(RetryPolicy.Jitter.EQUAL).build();

        client(equal).get(1).execute();

        // caps 100, 200, 400, 600 (capped); equal jitter at 0.5: half + 0.5 * (half + 1 ms)
        assertThat(waits).containsExactly(Duration.ofMillis(75), Duration.ofMillis(150), Duration.ofMillis(300), Duration.ofMillis(450));
        assertThat(waits).containsExactly(equal.backoff(1, 0.5), equal.backoff(2, 0.5), equal.backoff(3, 0.5), equal.backoff(4, 0.5));
    }

    @Test
    void fullJitterWaitsAreSpreadByTheRandomNumber() {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(503));
        ok();
        random = 0.0;

        client(RetryPolicy.builder().initialBackoff(Duration.ofMillis(100)).build()).get(1).execute();

        assertThat(waits).containsExactly(Duration.ZERO, Duration.ZERO);
    }

    @Test
    void http503WithRetryAfterWaitsWhatTheServerAsks() {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "7"));
        ok();

        client(RetryPolicy.defaults()).get(1).execute();

        assertThat(waits).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void retryAfterAsAnHttpDateIsHonoured() {
        String inTenSeconds = DateTimeFormatter.RFC_1123_DATE_TIME
                .format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(10));
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", inTenSeconds));
        ok();

        client(RetryPolicy.defaults()).get(1).execute();

        assertThat(waits).hasSize(1);
        assertThat(waits.get(0)).isBetween(Duration.ofSeconds(8), Duration.ofSeconds(10));
    }

    @Test
    void aRefusedConnectionIsRetriedThenThrownAsTransportException() throws IOException {
        String url = server.url("/").toString();
        server.shutdown();
        ClientConfig config = ClientConfig.builder().baseUrl(url).retries(RetryPolicy.builder().maxAttempts(3).build())
                .sleeper(waits::add).random(() -> 0.5).build();
        FormsClient forms = FormsClient.builder().config(config).apiKey("k").build();

        assertThatThrownBy(() -> forms.get(1).execute()).isInstanceOfSatisfying(TransportException.class,
                e -> assertThat(e.status()).isZero());
        assertThat(waits).hasSize(2);
    }

    @Test
    void aPostIsRetriedOn503WhenOptedIn() throws Exception {
        RetryPolicy optIn = RetryPolicy.builder().retryNonIdempotent(true).build();
        OkHttpClient http = new OkHttpClient.Builder()
                .addInterceptor(new RetryInterceptor(optIn, waits::add, Clock.system(ZoneOffset.UTC))).build();
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(201));

        try (Response r = http.newCall(post()).execute()) {
            assertThat(r.code()).isEqualTo(201);
        }
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(waits).hasSize(1);
    }

    @Test
    void aRefusedConnectionOfAPostIsRetriedOnlyWhenOptedIn() throws Exception {
        Request post = post();
        server.shutdown();
        RetryPolicy optIn = RetryPolicy.builder().maxAttempts(3).retryNonIdempotent(true).build();
        OkHttpClient plain = new OkHttpClient.Builder()
                .addInterceptor(new RetryInterceptor(RetryPolicy.builder().maxAttempts(3).build(), waits::add, Clock.systemUTC())).build();
        OkHttpClient opted = new OkHttpClient.Builder()
                .addInterceptor(new RetryInterceptor(optIn, waits::add, Clock.systemUTC())).build();

        assertThatThrownBy(() -> plain.newCall(post).execute()).isInstanceOf(IOException.class);
        assertThat(waits).isEmpty();
        assertThatThrownBy(() -> opted.newCall(post).execute()).isInstanceOf(IOException.class);
        assertThat(waits).hasSize(2);
    }

    private Request post() {
        return new Request.Builder().url(server.url("/x")).post(RequestBody.create("{}", MediaType.get("application/json"))).build();
    }
}
