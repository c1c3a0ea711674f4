package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class TokenProviderTest {
    /** A clock the test moves. */
    static final class MutableClock extends Clock {
        private volatile Instant now = Instant.parse("2026-06-15T10:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final MutableClock clock = new MutableClock();
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();
    private TokenProvider tokens;

    @BeforeEach
    void start() {
        tokens = TokenProvider.builder()
                .config(ClientConfig.builder().baseUrl(server.url("/").toString()).retries(RetryPolicy.none()).build())
                .realm("shop").clientId("coupon-web").username("jane").password("pw").clock(clock).build();
    }

    private void token(String access, int expiresIn, int refreshExpiresIn) {
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json").setBody("{\"access_token\":\"" + access
                + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + ",\"refresh_token\":\"r-" + access
                + "\",\"refresh_expires_in\":" + refreshExpiresIn + ",\"scope\":\"openid\"}"));
    }

    private String body() throws InterruptedException {
        return server.takeRequest().getBody().readUtf8();
    }

    @Test
    void theTokenIsCachedUntilThirtySecondsBeforeExpiryThenRefreshed() throws InterruptedException {
        token("a1", 300, 1800);
        token("a2", 300, 1800);

        assertThat(tokens.accessToken()).isEqualTo("a1");
        clock.advance(Duration.ofSeconds(269));
        assertThat(tokens.accessToken()).isEqualTo("a1");
        assertThat(server.getRequestCount()).isEqualTo(1);
        clock.advance(Duration.ofSeconds(2));
        assertThat(tokens.accessToken()).isEqualTo("a2");

        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(server.takeRequest().getPath()).isEqualTo("/realms/shop/protocol/openid-connect/token");
        assertThat(body()).isEqualTo("grant_type=refresh_token&client_id=coupon-web&refresh_token=r-a1");
    }

    @Test
    void eachRefreshSendsTheRotatedRefreshTokenOfTheLatestAnswer() throws InterruptedException {
        token("a1", 300, 1800);
        token("a2", 300, 1800);
        token("a3", 300, 1800);

        assertThat(tokens.accessToken()).isEqualTo("a1");
        clock.advance(Duration.ofSeconds(280));
        assertThat(tokens.accessToken()).isEqualTo("a2");
        clock.advance(Duration.ofSeconds(280));
        assertThat(tokens.accessToken()).isEqualTo("a3");

        body();
        assertThat(body()).endsWith("refresh_token=r-a1");
        assertThat(body()).as("the used r-a1 is never sent again").endsWith("refresh_token=r-a2");
    }

    @Test
    void aRefreshAnswerWithoutARefreshTokenKeepsThePreviousOne() throws InterruptedException {
        token("a1", 300, 1800);
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json")
                .setBody("{\"access_token\":\"a2\",\"token_type\":\"Bearer\",\"expires_in\":300,\"scope\":\"openid\"}"));
        token("a3", 300, 1800);

        tokens.accessToken();
        clock.advance(Duration.ofSeconds(280));
        assertThat(tokens.accessToken()).isEqualTo("a2");
        clock.advance(Duration.ofSeconds(280));
        assertThat(tokens.accessToken()).isEqualTo("a3");

        body();
        body();
        assertThat(body()).endsWith("refresh_token=r-a1");
    }

    @Test
    void aShortLivedTokenIsRenewedHalfWayThroughItsLifetime() {
        token("a1", 10, 1800);
        token("a2", 10, 1800);

        assertThat(tokens.accessToken()).isEqualTo("a1");
        clock.advance(Duration.ofSeconds(4));
        assertThat(tokens.accessToken()).isEqualTo("a1");
        clock.advance(Duration.ofSeconds(1));
        assertThat(tokens.accessToken()).isEqualTo("a2");
    }

    @Test
    void aRefusedRefreshFallsBackToThePasswordGrant() throws InterruptedException {
        token("a1", 300, 1800);
        server.enqueue(new MockResponse().setResponseCode(400).setBody("{\"error\":\"invalid_grant\",\"error_description\":\"Invalid refresh token\"}"));
        token("a2", 300, 1800);

        tokens.accessToken();
        clock.advance(Duration.ofSeconds(280));
        assertThat(tokens.accessToken()).isEqualTo("a2");

        server.takeRequest();
        assertThat(body()).startsWith("grant_type=refresh_token&");
        assertThat(body()).isEqualTo("grant_type=password&client_id=coupon-web&username=jane&password=pw");
    }

    @Test
    void anExpiredRefreshTokenIsNotSentAndThePasswordGrantIsUsed() throws InterruptedException {
        token("a1", 300, 200);
        token("a2", 300, 200);

        tokens.accessToken();
        clock.advance(Duration.ofSeconds(280));
        assertThat(tokens.accessToken()).isEqualTo("a2");

        server.takeRequest();
        assertThat(body()).startsWith("grant_type=password&");
    }

    @Test
    void concurrentCallersShareOneTokenRequest() throws Exception {
        server.enqueue(new MockResponse().setHeader("Content-Type", "application/json").setBodyDelay(300, TimeUnit.MILLISECONDS)
                .setBody("{\"access_token\":\"shared\",\"token_type\":\"Bearer\",\"expires_in\":300,\"refresh_token\":\"r\",\"scope\":\"openid\"}"));
        token("second-login-must-not-happen", 300, 1800);

        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<String>> callers = IntStream.range(0, 8).<Callable<String>>mapToObj(i -> tokens::accessToken).toList();
            List<String> results = pool.invokeAll(callers).stream().map(TokenProviderTest::get).toList();
            assertThat(results).hasSize(8).containsOnly("shared");
        } finally {
            pool.shutdownNow();
        }
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void invalidatingTheCurrentTokenForcesARenewalButAnOlderTokenDoesNot() {
        token("a1", 300, 1800);
        token("a2", 300, 1800);

        String first = tokens.accessToken();
        tokens.invalidate("some-older-token");
        assertThat(tokens.accessToken()).isEqualTo(first);
        tokens.invalidate(first);
        assertThat(tokens.accessToken()).isEqualTo("a2");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    private static String get(Future<String> f) {
        try {
            return f.get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
