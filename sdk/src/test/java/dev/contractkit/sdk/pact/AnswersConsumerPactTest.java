package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import dev.contractkit.sdk.answers.AnswerRefusedException;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.answers.AnswersClientAddOns;
import dev.contractkit.sdk.answers.QuotaExceededException;
import dev.contractkit.sdk.answers.model.Answer;
import dev.contractkit.sdk.answers.model.ErrorDetail;
import dev.contractkit.sdk.answers.model.ErrorReason;
import dev.contractkit.sdk.answers.model.Quota;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's answer-service interactions as a consumer pact (Pact V4, provider {@code answers}, written to target/pacts).
 * Provider states (exact names) the provider verification sets up through the server's key store:
 * <ul>
 *   <li>{@value #KEY_VALID}: the key {@value #KEY} exists with quota left</li>
 *   <li>{@value #KEY_SPENT}: the key {@value #SPENT_KEY} exists and its quota window is used up</li>
 * </ul>
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "answers", pactVersion = PactSpecVersion.V4)
class AnswersConsumerPactTest {
    static final String KEY = "ak_pact_key_with_quota_left";
    static final String SPENT_KEY = "ak_pact_key_with_quota_used_up";
    static final String KEY_VALID = "API key " + KEY + " has quota left";
    static final String KEY_SPENT = "API key " + SPENT_KEY + " has used up its quota";
    static final String QUESTION = "What was Northwind Robotics' revenue last year?";
    static final String OFF_TOPIC = "How do I bake sourdough bread?";

    private static PactDslJsonBody refusal(String reason, String detail, String message) {
        return new PactDslJsonBody().booleanValue("success", false).stringValue("error", reason)
                .stringValue("errorDetail", detail).stringType("message", message).nullValue("result");
    }

    private static PactDslJsonBody failure(String detail, String message) {
        return new PactDslJsonBody().booleanValue("success", false).stringValue("error", detail)
                .stringValue("errorDetail", detail).stringType("message", message).nullValue("result");
    }

    @Pact(consumer = "kit-sdk")
    V4Pact answerAQuestion(PactDslWithProvider builder) {
        return builder.given(KEY_VALID)
                .uponReceiving("a question about one company's revenue")
                .path("/v1/answer").method("POST").headers("x-api-key", KEY)
                .matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"query\":\"" + QUESTION + "\",\"forceAnswer\":false}")
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .matchHeader("X-RateLimit-Limit", "\\d+", "5").matchHeader("X-RateLimit-Remaining", "\\d+", "4")
                .body(new PactDslJsonBody().booleanValue("success", true).nullValue("error")
                        .object("result").stringMatcher("id", "ans_[0-9a-z]+", "ans_5f2c9a1e7b3d4c6a").stringValue("query", QUESTION)
                        .stringMatcher("answer", "(?s).*\\$21\\.57B.*", "**Northwind Robotics (NWRB)**: Revenue FY2025 $21.57B")
                        .minArrayLike("references", 1).stringType("title", "Northwind Robotics FY2025 annual report")
                        .stringMatcher("url", "https://.+", "https://filings.contractkit.example/NWRB/annual-report-2025").closeArray()
                        .minArrayLike("subqueries", 1).stringType("query", "Northwind Robotics revenue FY2025")
                        .stringType("answer", "$21.57B").closeArray()
                        .closeObject())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact refuseAnOffTopicQuestion(PactDslWithProvider builder) {
        return builder.given(KEY_VALID)
                .uponReceiving("a question that is not about investments")
                .path("/v1/answer").method("POST").headers("x-api-key", KEY)
                .matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"query\":\"" + OFF_TOPIC + "\",\"forceAnswer\":false}")
                .willRespondWith().status(422).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(refusal("NonInvestmentRelated", "OffTopic", "the question is not about investments, stocks or companies"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readTheQuota(PactDslWithProvider builder) {
        return builder.given(KEY_VALID)
                .uponReceiving("a request for the key's quota window")
                .path("/v1/quota").method("GET").headers("x-api-key", KEY)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().booleanValue("success", true).nullValue("error")
                        .object("result").integerType("used", 0).integerType("pending", 0).integerType("totalLimit", 1000)
                        .booleanValue("isExceeded", false)
                        .stringMatcher("start", FormsConsumerPactTest.RFC3339, "2026-11-01T00:00:00Z")
                        .stringMatcher("end", FormsConsumerPactTest.RFC3339, "2026-12-01T00:00:00Z")
                        .closeObject())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact askWithAUsedUpQuota(PactDslWithProvider builder) {
        return builder.given(KEY_SPENT)
                .uponReceiving("a question from a key whose quota is used up")
                .path("/v1/answer").method("POST").headers("x-api-key", SPENT_KEY)
                .matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"query\":\"" + QUESTION + "\",\"forceAnswer\":false}")
                .willRespondWith().status(429).matchHeader("Content-Type", "application/json.*", "application/json")
                .matchHeader("Retry-After", "\\d+", "86400")
                .body(failure("QuotaExceeded", "the key's quota of 0 answer requests is used up"))
                .toPact(V4Pact.class);
    }

    private static AnswersClient client(MockServer server, String key) {
        return AnswersClient.builder().config(PactConfig.of(server)).noClientRateLimit().apiKey(key).build();
    }

    @Test
    @PactTestFor(pactMethod = "answerAQuestion")
    void answerReturnsTheMarkdownWithItsReferences(MockServer server) {
        Answer a = client(server, KEY).answer(QUESTION).execute();
        assertThat(a.getId()).startsWith("ans_");
        assertThat(a.getQuery()).isEqualTo(QUESTION);
        assertThat(a.getAnswer()).contains("$21.57B");
        assertThat(a.getReferences()).isNotEmpty().allSatisfy(r -> assertThat(r.getUrl()).hasScheme("https"));
        assertThat(a.getSubqueries()).isNotEmpty();
    }

    @Test
    @PactTestFor(pactMethod = "refuseAnOffTopicQuestion")
    void anOffTopicQuestionIsRefusedWithItsReason(MockServer server) {
        assertThatThrownBy(() -> client(server, KEY).answer(OFF_TOPIC).execute())
                .isInstanceOfSatisfying(AnswerRefusedException.class, e -> {
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.reason()).isEqualTo(ErrorReason.NON_INVESTMENT_RELATED);
                });
    }

    @Test
    @PactTestFor(pactMethod = "readTheQuota")
    void quotaReadsTheWindow(MockServer server) {
        Quota q = client(server, KEY).getQuota().execute().getResult();
        assertThat(q.getIsExceeded()).isFalse();
        assertThat(q.getUsed()).isLessThan(q.getTotalLimit());
        assertThat(q.getEnd()).isAfter(q.getStart());
    }

    @Test
    @PactTestFor(pactMethod = "askWithAUsedUpQuota")
    void aUsedUpQuotaIsQuotaExceededWithRetryAfter(MockServer server) {
        assertThatThrownBy(() -> client(server, SPENT_KEY).answer(QUESTION).execute())
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> {
                    assertThat(e.status()).isEqualTo(429);
                    assertThat(AnswersClientAddOns.detail(e)).contains(ErrorDetail.QUOTA_EXCEEDED);
                    assertThat(e.retryAfter()).isPresent();
                });
    }
}
