package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The answers mock over real sockets: rate-limit headers that really count per key, refusals on demand, and
 * errors in the answer contract's own envelope ({@code {success:false, error:"<Kind>", errorDetail:"<Kind>", message}};
 * {@code error} holds one of the contract's four reasons on refusals, the failure's kind on any other failure).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnswersMockTest {
    private static final String QUESTION = "{\"query\":\"What was Northwind Robotics' revenue last year?\"}";
    private MockServers mocks;
    private Http http;
    private String answer;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.ANSWERS).port(Api.ANSWERS, 0).build());
        http = new Http();
        answer = mocks.url(Api.ANSWERS) + "/v1/answer";
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    private Http.Answer ask(String key, String... more) {
        String[] headers = new String[2 + more.length];
        headers[0] = "x-api-key";
        headers[1] = key;
        System.arraycopy(more, 0, headers, 2, more.length);
        return http.send("POST", answer, "application/json", QUESTION, headers);
    }

    @Test
    void eachQuestionTheContractNamesGetsItsOwnExampleAndTheSameQuestionAlwaysTheSame() {
        String[][] cases = {
                {"{\"query\":\"What is the capital of France?\"}", "422", "NonInvestmentRelated"},
                {"{\"query\":\" what is the capital of france? \",\"forceAnswer\":true}", "200", "The capital of France is **Paris**."},
                {"{\"query\":\"Which five semiconductor stocks have the highest dividend yield?\"}", "422", "ShouldUseScreener"},
                {"{\"query\":\"How do I launder money through Northwind Robotics stock?\"}", "422", "ContentFiltered"},
                {"{\"query\":\"What is the revenue of Acme Holdings?\"}", "422", "FailedToAnswer"},
                {QUESTION, "200", "Northwind Robotics (NWRB)"},
                {"{\"query\":\"A question no example names\"}", "200", "Northwind Robotics (NWRB)"},
        };
        for (int round = 0; round < 2; round++) {
            for (String[] c : cases) {
                Http.Answer a = http.send("POST", answer, "application/json", c[0], "x-api-key", "key-dispatch-" + round);
                assertThat(a.status()).as(c[0]).isEqualTo(Integer.parseInt(c[1]));
                String said = a.status() == 200 ? a.json().at("/result/answer").asText() : a.json().path("error").asText();
                assertThat(said).as(c[0]).contains(c[2]);
            }
        }
    }

    @Test
    void remainingCountsDownPerKeyFromTheContractsLimit() {
        Http.Answer first = ask("key-count-a");
        Http.Answer second = ask("key-count-a");
        Http.Answer otherKey = ask("key-count-b");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().at("/success").asBoolean()).isTrue();
        assertThat(first.header("X-RateLimit-Limit")).isEqualTo("5");
        assertThat(first.header("X-RateLimit-Remaining")).isEqualTo("4");
        assertThat(second.header("X-RateLimit-Remaining")).isEqualTo("3");
        assertThat(otherKey.header("X-RateLimit-Remaining")).isEqualTo("4");
        assertThat(Long.parseLong(first.header("X-RateLimit-Reset")) * 1000).isGreaterThan(System.currentTimeMillis());
    }

    @Test
    void pastTheLimitTheMockStillAnswersButReportsNothingRemaining() {
        Http.Answer last = null;
        for (int i = 0; i < 7; i++) {
            last = ask("key-past-limit");
        }

        assertThat(last.status()).isEqualTo(200);
        assertThat(last.header("X-RateLimit-Remaining")).isEqualTo("0");
    }

    @Test
    void prefer429GivesTheRefusalWithRetryAfterAndNothingRemaining() {
        Http.Answer refused = ask("key-prefer", "Prefer", "code=429");

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(1, 60);
        assertThat(refused.json().at("/success").asBoolean(true)).isFalse();
        assertThat(refused.json().at("/error").asText()).isIn("RateLimited", "QuotaExceeded")
                .isEqualTo(refused.json().at("/errorDetail").asText());
    }

    @Test
    void aMissingKeyIsRefusedInTheContractsEnvelope() {
        Http.Answer refused = http.send("POST", answer, "application/json", QUESTION);

        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().at("/error").asText()).isEqualTo("Unauthorized");
        assertThat(refused.json().at("/errorDetail").asText()).isEqualTo("Unauthorized");
        assertThat(refused.json().has("code")).isFalse();
    }

    @Test
    void anUndeclaredMethodGets405WithTheReasonSpelledAsTheContractSpellsIt() {
        Http.Answer refused = http.send("DELETE", answer, null, null, "x-api-key", "key-405");

        assertThat(refused.status()).isEqualTo(405);
        assertThat(refused.allow()).contains("POST");
        assertThat(refused.json().at("/error").asText()).isEqualTo("MethodNotAllowed");
        assertThat(refused.json().at("/errorDetail").asText()).isEqualTo("MethodNotAllowed");
        assertThat(refused.json().at("/success").asBoolean(true)).isFalse();
    }

    @Test
    void preferredRefusalCarriesTheContractsReasonAndItsDetail() {
        Http.Answer refused = ask("key-refusal", "Prefer", "code=422, example=failedToAnswer");

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.json().at("/error").asText()).isEqualTo("FailedToAnswer");
        assertThat(refused.json().at("/errorDetail").asText()).isEqualTo("UnknownCompany");
    }

    @Test
    void aQuestionWithoutQueryIsRefusedAsInvalidRequestNamingTheField() {
        Http.Answer refused = http.send("POST", answer, "application/json", "{\"forceAnswer\":true}", "x-api-key", "key-400");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().at("/error").asText()).isEqualTo("InvalidRequest");
        assertThat(refused.json().at("/errorDetail").asText()).isEqualTo("InvalidRequest");
        assertThat(refused.json().at("/message").asText()).contains("query");
    }

    @Test
    void everyFailureNamesItsKindInErrorNeverNull() {
        for (int status : new int[]{400, 401, 429, 500, 503}) {
            Http.Answer failed = ask("key-kinds", "Prefer", "code=" + status);

            assertThat(failed.status()).isEqualTo(status);
            assertThat(failed.json().at("/success").asBoolean(true)).isFalse();
            assertThat(failed.json().at("/error").isTextual()).as("error of a %d", status).isTrue();
            assertThat(failed.json().at("/error").asText()).isEqualTo(failed.json().at("/errorDetail").asText());
        }
    }
}
