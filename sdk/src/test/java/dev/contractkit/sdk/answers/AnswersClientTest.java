package dev.contractkit.sdk.answers;

import dev.contractkit.sdk.MockWebServerExtension;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.sdk.BadRequestException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.RateLimitedException;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.UnauthorizedException;
import dev.contractkit.sdk.answers.model.Answer;
import dev.contractkit.sdk.answers.model.AnswerEnvelope;
import dev.contractkit.sdk.answers.model.AnswerRequest;
import dev.contractkit.sdk.answers.model.ErrorDetail;
import dev.contractkit.sdk.answers.model.ErrorReason;
import dev.contractkit.sdk.answers.model.Quota;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnswersClientTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String ANSWER = """
            {"success":true,"error":null,"result":{"id":"ans_1","query":"NWRB revenue","answer":"**Northwind** $21.57B",
             "references":[{"title":"report","url":"https://filings.contractkit.example/NWRB/annual-report-2025"}],
             "subqueries":[{"query":"Northwind Robotics revenue FY2025","answer":"$21.57B","references":[]}]}}""";

    static final String QUOTA = """
            {"success":true,"error":null,"result":{"used":3,"pending":1,"totalLimit":10,"isExceeded":false,
             "start":"2026-11-01T00:00:00Z","end":"2026-12-01T00:00:00Z"}}""";

    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    final MockWebServer server = mock.server();

    AnswersClient.Builder builder() {
        return AnswersClient.builder().config(ClientConfig.builder().baseUrl(server.url("/").toString())
                .retries(RetryPolicy.none()).build()).apiKey("k-123");
    }

    void enqueue(int status, String body) {
        server.enqueue(new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(body));
    }

    /** A refusal (422): the contract's reason in {@code error}, the finer one in {@code errorDetail}. */
    static String refusal(String reason, String detail) {
        return "{\"success\":false,\"error\":\"" + reason + "\",\"errorDetail\":\"" + detail
                + "\",\"message\":\"because\",\"result\":null}";
    }

    /** Any other failure: {@code error} and {@code errorDetail} both name it. */
    static String failure(String detail) {
        return "{\"success\":false,\"error\":\"" + detail + "\",\"errorDetail\":\"" + detail + "\",\"message\":\"because\",\"result\":null}";
    }

    @Test
    void answerSendsTheKeyAndTheQuestionAndReturnsTheTypedResult() throws Exception {
        enqueue(200, ANSWER);
        Answer a = builder().build().answer("NWRB revenue").execute();
        assertThat(a.getAnswer()).contains("$21.57B");
        assertThat(a.getReferences().get(0).getUrl().toString()).startsWith("https://filings");
        assertThat(a.getSubqueries().get(0).getQuery()).isEqualTo("Northwind Robotics revenue FY2025");
        RecordedRequest r = server.takeRequest(1, TimeUnit.SECONDS);
        assertThat(r.getMethod()).isEqualTo("POST");
        assertThat(r.getPath()).isEqualTo("/v1/answer");
        assertThat(r.getHeader("x-api-key")).isEqualTo("k-123");
        JsonNode body = JSON.readTree(r.getBody().readUtf8());
        assertThat(body.path("query").asText()).isEqualTo("NWRB revenue");
        assertThat(body.path("forceAnswer").asBoolean(true)).isFalse();
    }

    @Test
    void refusalIsATypedExceptionCarryingTheReasonEnum() {
        enqueue(422, refusal("NonInvestmentRelated", "OffTopic"));
        assertThatThrownBy(() -> builder().build().answer("How do I bake bread?").execute())
                .isInstanceOfSatisfying(AnswerRefusedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(ErrorReason.NON_INVESTMENT_RELATED);
                    assertThat(e.detail()).contains(ErrorDetail.OFF_TOPIC);
                    assertThat(e.forceAnswerHelps()).isTrue();
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.getMessage()).contains("NonInvestmentRelated", "because");
                });
        enqueue(422, refusal("ShouldUseScreener", "SeveralCompanies"));
        assertThatThrownBy(() -> builder().build().answer("Compare A and B").execute())
                .isInstanceOfSatisfying(AnswerRefusedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(ErrorReason.SHOULD_USE_SCREENER);
                    assertThat(e.forceAnswerHelps()).isFalse();
                });
    }

    @Test
    void exhaustedQuotaIsQuotaExceededWithTheWaitTheServerNamed() {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Content-Type", "application/json")
                .setHeader("Retry-After", "86400").setBody(failure("QuotaExceeded")));
        assertThatThrownBy(() -> builder().build().answer("NWRB revenue").execute())
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> {
                    assertThat(e.detail()).isEqualTo(ErrorDetail.QUOTA_EXCEEDED);
                    assertThat(AnswersClientAddOns.reason(e)).as("not one of the contract's reasons").isEmpty();
                    assertThat(e.retryAfter()).contains(Duration.ofDays(1));
                });
    }

    @Test
    void otherFailuresKeepTheirFamilyTypeAndExposeTheReason() {
        enqueue(401, failure("Unauthorized"));
        assertThatThrownBy(() -> builder().build().getQuota().execute())
                .isInstanceOfSatisfying(UnauthorizedException.class,
                        e -> {
                            assertThat(AnswersClientAddOns.reason(e)).isEmpty();
                            assertThat(AnswersClientAddOns.detail(e)).contains(ErrorDetail.UNAUTHORIZED);
                            assertThat(e.errorCode()).contains("Unauthorized");
                        });
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "12")
                .setBody(failure("RateLimited")));
        assertThatThrownBy(() -> builder().noClientRateLimit().build().answer("x").execute())
                .isInstanceOfSatisfying(RateLimitedException.class, e -> {
                    assertThat(e).isNotInstanceOf(QuotaExceededException.class);
                    assertThat(e.retryAfter()).contains(Duration.ofSeconds(12));
                    assertThat(AnswersClientAddOns.detail(e)).contains(ErrorDetail.RATE_LIMITED);
                });
    }

    @Test
    void aRefusalWithADetailThisSdkDoesNotKnowStillCarriesItsReason() {
        enqueue(422, refusal("FailedToAnswer", "SomethingNewer"));
        assertThatThrownBy(() -> builder().build().answer("NWRB debt").execute())
                .isInstanceOfSatisfying(AnswerRefusedException.class, e -> {
                    assertThat(e.reason()).isEqualTo(ErrorReason.FAILED_TO_ANSWER);
                    assertThat(e.detail()).isEmpty();
                });
    }

    @Test
    void asyncAnswerFailsWithTheSameTypedRefusal() {
        enqueue(422, refusal("ContentFiltered", "AbusiveLanguage"));
        assertThatThrownBy(() -> builder().build().answer("bad", false).executeAsync().join())
                .isInstanceOf(CompletionException.class)
                .cause().isInstanceOfSatisfying(AnswerRefusedException.class,
                        e -> assertThat(e.reason()).isEqualTo(ErrorReason.CONTENT_FILTERED));
        enqueue(200, ANSWER);
        assertThat(builder().build().answer("NWRB revenue", true).executeAsync().join().getId()).isEqualTo("ans_1");
    }

    @Test
    void quotaIsTyped() {
        enqueue(200, """
                {"success":true,"error":null,"result":{"used":3,"pending":1,"totalLimit":10,"isExceeded":false,
                 "start":"2026-11-01T00:00:00Z","end":"2026-12-01T00:00:00Z"}}""");
        Quota q = builder().build().getQuota().execute().getResult();
        assertThat(q.getUsed()).isEqualTo(3);
        assertThat(q.getPending()).isEqualTo(1);
        assertThat(q.getIsExceeded()).isFalse();
        assertThat(q.getEnd().getMonthValue()).isEqualTo(12);
    }

    /** The read time-out the client's requests are sent with, as an interceptor of the caller's sees it. */
    long readTimeoutSent(AnswersClient.Builder b) {
        AtomicLong seen = new AtomicLong(-1);
        enqueue(200, QUOTA);
        try (AnswersClient client = b.addInterceptor(chain -> {
            seen.set(chain.readTimeoutMillis());
            return chain.proceed(chain.request());
        }).build()) {
            client.getQuota().execute();
        }
        return seen.get();
    }

    @Test
    void readTimeoutIsAtLeastTheAdvised120SecondsUnlessSetExplicitly() {
        assertThat(readTimeoutSent(builder())).isEqualTo(Duration.ofSeconds(120).toMillis());
        assertThat(readTimeoutSent(builder().readTimeout(Duration.ofSeconds(5)))).isEqualTo(5_000);
        assertThat(readTimeoutSent(AnswersClient.builder().baseUrl(server.url("/").toString()).apiKey("k")))
                .isEqualTo(AnswersClient.ADVISED_TIMEOUT.toMillis());
        assertThat(readTimeoutSent(builder().readTimeout(Duration.ofMinutes(5)))).as("a longer one stays").isEqualTo(300_000);
    }

    @Test
    void builderRequiresAKey() {
        assertThatThrownBy(() -> AnswersClient.builder().baseUrl(server.url("/").toString()).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("apiKey required");
    }

    @Test
    void theBuildersLimiterSettingsAreTheClientsAddOnSettings() {
        assertThat(builder().build().addOnSettings().get(AnswersClientBuilderAddOn.RATE_LIMIT)).isEqualTo(5);
        AnswersClient limited = builder().clientRateLimit(10, Duration.ofSeconds(30)).build();
        assertThat(limited.addOnSettings().get(AnswersClientBuilderAddOn.RATE_LIMIT)).isEqualTo(10);
        assertThat(limited.addOnSettings().get(AnswersClientBuilderAddOn.RATE_LIMIT_WINDOW)).isEqualTo(Duration.ofSeconds(30));
        assertThat(builder().noClientRateLimit().build().addOnSettings().get(AnswersClientBuilderAddOn.RATE_LIMIT)).isZero();
        assertThatThrownBy(() -> builder().clientRateLimit(0, Duration.ofMinutes(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder().clientRateLimit(1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theContractsOperationAnswersTheEnvelopeAndThrowsTheFamilysExceptionForARefusal() throws Exception {
        enqueue(200, ANSWER);
        AnswerEnvelope envelope = builder().build().answer(new AnswerRequest().query("NWRB revenue").forceAnswer(true)).execute();
        assertThat(envelope.getSuccess()).isTrue();
        assertThat(envelope.getResult().getId()).isEqualTo("ans_1");
        JsonNode body = JSON.readTree(server.takeRequest(1, TimeUnit.SECONDS).getBody().readUtf8());
        assertThat(body.path("forceAnswer").asBoolean(false)).isTrue();
        enqueue(422, refusal("NonInvestmentRelated", "OffTopic"));
        assertThatThrownBy(() -> builder().build().answer(new AnswerRequest().query("bread")).execute())
                .isInstanceOf(BadRequestException.class).isNotInstanceOf(AnswerRefusedException.class)
                .satisfies(e -> assertThat(AnswersClientAddOns.reason((BadRequestException) e)).contains(ErrorReason.NON_INVESTMENT_RELATED));
    }

    @Test
    void theTypedAnswerKeepsTheCallsOptionsAndItsRawResponse() throws Exception {
        enqueue(200, ANSWER);
        AnswersClient client = builder().build();
        Answer a = client.answer("NWRB revenue").header("X-Request-Id", "req-7").timeout(Duration.ofSeconds(5)).execute();
        assertThat(a.getId()).isEqualTo("ans_1");
        assertThat(server.takeRequest(1, TimeUnit.SECONDS).getHeader("X-Request-Id")).isEqualTo("req-7");
        enqueue(422, refusal("FailedToAnswer", "UnknownCompany"));
        RawResponse raw = client.answer("Acme revenue").executeRaw();
        assertThat(raw.status()).isEqualTo(422);
    }

    @Test
    @SuppressWarnings("removal")
    void todaysQuotaNameStillAnswersTheQuotaInsideTheEnvelope() {
        enqueue(200, QUOTA);
        assertThat(builder().build().quota().execute().getTotalLimit()).isEqualTo(10);
    }

    @Test
    void clientSideLimiterSpacesRequestsInsteadOfCollecting429s() throws Exception {
        for (int i = 0; i < 3; i++) {
            enqueue(200, ANSWER);
        }
        AnswersClient client = builder().clientRateLimit(2, Duration.ofMillis(600)).build();
        long start = System.nanoTime();
        client.answer("a").execute();
        client.answer("b").execute();
        long twoDone = System.nanoTime();
        client.answer("c").execute();
        long threeDone = System.nanoTime();
        assertThat(Duration.ofNanos(twoDone - start)).isLessThan(Duration.ofMillis(550));
        assertThat(Duration.ofNanos(threeDone - start)).isGreaterThanOrEqualTo(Duration.ofMillis(590));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }
}
