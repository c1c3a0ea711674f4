package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --enforce-rate-limits}: past the contract's limit ({@code x-kit-rate-limits}: answers 5 a minute) the mock
 * refuses with the contract's 429 and {@code Retry-After}, per caller, as a real server would, and a refused write
 * changes nothing; without the option ({@code AnswersMockTest}) it only counts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EnforcedRateLimitsMockTest {
    private static final String QUESTION = "{\"query\":\"What was Northwind Robotics' revenue last year?\"}";
    private MockServers mocks;
    private Http http;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.ANSWERS, Api.COUPONS).port(Api.ANSWERS, 0)
                .port(Api.COUPONS, 0).stateful(true).enforceRateLimits(true).build());
        http = new Http();
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    @Test
    void theSixthQuestionOfAMinuteIsRefusedWithTheContracts429ForThatKeyOnly() {
        String answer = mocks.url(Api.ANSWERS) + "/v1/answer";
        for (int i = 0; i < 5; i++) {
            assertThat(http.send("POST", answer, "application/json", QUESTION, "x-api-key", "key-enforced").status())
                    .as("question " + (i + 1)).isEqualTo(200);
        }

        Http.Answer refused = http.send("POST", answer, "application/json", QUESTION, "x-api-key", "key-enforced");
        Http.Answer other = http.send("POST", answer, "application/json", QUESTION, "x-api-key", "key-other");

        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(1, 60);
        assertThat(refused.json().path("success").asBoolean(true)).isFalse();
        assertThat(other.status()).isEqualTo(200);
    }

    @Test
    void aWriteRefusedByTheLimitChangesNothing() {
        String base = mocks.url(Api.COUPONS);
        String bearer = "Bearer " + mocks.token(Api.COUPONS, "admin-limits");
        String body = "{\"title\":\"Limit\",\"discount_percent\":5,\"category\":\"limits\"}";
        int created = 0;
        Http.Answer last = null;
        for (int i = 0; i < 501; i++) { // the admin category allows 500 an hour
            last = http.send("POST", base + "/write/v1/coupons", "application/json", body, "Authorization", bearer);
            created += last.status() == 201 ? 1 : 0;
        }

        List<String> listed = http.get(base + "/api/v1/coupons?category=limits&limit=1").json().findValuesAsText("total");
        assertThat(created).isEqualTo(500);
        assertThat(last.status()).isEqualTo(429);
        assertThat(last.json().at("/error/code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(listed).containsExactly("500");
    }
}
