package dev.contractkit.mock;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** MockServer's own control plane stays usable on the contract's port. */
class ControlPlaneTest {
    private static final String EXPECTATION = """
            {"httpRequest": {"method": "GET", "path": "/forms/7"},
             "httpResponse": {"statusCode": 200, "body": {"form": {"id": 7}}}}""";

    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeEach
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0).build());
        http = new Http();
        base = mocks.url(Api.FORMS);
    }

    @AfterEach
    void stop() {
        http.close();
        mocks.close();
    }

    @Test
    void expectationAddedThroughTheControlPlaneWinsOverTheContract() {
        assertThat(http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION).status()).isEqualTo(201);

        assertThat(http.get(base + "/forms/7").json().at("/form/id").asInt()).isEqualTo(7);
        assertThat(http.get(base + "/forms/8", "Authorization", Http.CREDENTIAL).json().at("/form/id").asInt()).isEqualTo(1);
    }

    @Test
    void verifyAndRetrieveSeeTheRequestsTheContractAnswered() {
        http.get(base + "/forms?count=2", "Authorization", Http.CREDENTIAL);

        Http.Answer verified = http.send("PUT", base + "/mockserver/verify", "application/json",
                "{\"httpRequest\": {\"path\": \"/forms\"}, \"times\": {\"atLeast\": 1, \"atMost\": 1}}");
        Http.Answer missing = http.send("PUT", base + "/mockserver/verify", "application/json",
                "{\"httpRequest\": {\"path\": \"/forms/1\"}, \"times\": {\"atLeast\": 1}}");
        Http.Answer retrieved = http.send("PUT", base + "/mockserver/retrieve?type=requests", "application/json", "");

        assertThat(verified.status()).isEqualTo(202);
        assertThat(missing.status()).isEqualTo(406);
        assertThat(retrieved.json().get(0).at("/queryStringParameters/count/0").asText()).isEqualTo("2");
    }

    @Test
    void theLogKeepsTheOrderAndTheAnswersOfRequestsTheContractAndAClientExpectationAnswered() {
        http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL); // the kit's fast path
        http.get(base + "/forms/1"); // refused: no credential
        http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION);
        http.get(base + "/forms/7"); // MockServer, the client's expectation

        Http.Answer retrieved = http.send("PUT", base + "/mockserver/retrieve?type=request_responses", "application/json", "");

        assertThat(retrieved.json().findValues("path")).extracting(p -> p.asText())
                .containsExactly("/forms/1", "/forms/1", "/forms/7");
        assertThat(retrieved.json().findValues("statusCode")).extracting(c -> c.asInt()).containsExactly(200, 401, 200);
        assertThat(retrieved.json().get(0).at("/httpResponse/body/form/id").asInt()).isEqualTo(1);
    }

    @Test
    void requestsTheContractAnsweredReachMockServersOwnLogWithinAMomentForTheDashboard() {
        http.get(base + "/forms/1", "Authorization", Http.CREDENTIAL);
        ApiMock mock = mocks.mock(Api.FORMS);

        // received, and answered from the contract's expectation; 5 s is liveness only (normally a quarter of a second)
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(mock.loggedEntries()).isEqualTo(2));
    }

    @Test
    void resetDropsOwnExpectationsButTheContractComesBack() {
        http.send("PUT", base + "/mockserver/expectation", "application/json", EXPECTATION);

        assertThat(http.send("PUT", base + "/mockserver/reset", null, "").status()).isEqualTo(200);

        Http.Answer answer = http.get(base + "/forms/7", "Authorization", Http.CREDENTIAL);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().at("/form/id").asInt()).isEqualTo(1);
        assertThat(http.get(base + "/forms/7").status()).isEqualTo(401);
    }
}
