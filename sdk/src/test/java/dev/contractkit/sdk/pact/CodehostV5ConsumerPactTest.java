package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonArray;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.codehost.RunnerState;
import dev.contractkit.sdk.codehost.v5.model.Runner;
import dev.contractkit.sdk.codehost.v5.model.RunnerDetails;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's code-hosting v5 interactions as a consumer pact (Pact V4, provider {@code codehost-v5}). v5 runners carry
 * {@code paused} only and {@code status} is the contact state; the SDK pauses with the form field {@code paused=true}. Provider states:
 * {@value #RUNNERS}, {@value #RUNNER_6_ACTIVE}, {@value #NO_RUNNER_999}; every request carries the private token
 * {@value #TOKEN}, which the provider accepts.
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "codehost-v5", pactVersion = PactSpecVersion.V4)
class CodehostV5ConsumerPactTest {
    static final String TOKEN = "kit-pact-codehost-token";
    static final String RUNNERS = "the instance has runners";
    static final String RUNNER_6_ACTIVE = "runner 6 exists and is active";
    static final String NO_RUNNER_999 = "runner 999 does not exist";
    static final String V5_STATUS = "online|offline|stale|not_connected";

    @Pact(consumer = "kit-sdk")
    V4Pact listAllRunners(PactDslWithProvider builder) {
        return builder.given(RUNNERS)
                .uponReceiving("a v5 request for the first page of all runners")
                .path("/api/v5/runners/all").query("page=1&per_page=100").method("GET").headers("PRIVATE-TOKEN", TOKEN)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(PactDslJsonArray.arrayMinLike(2).integerType("id", 1).stringType("description", "shared-runner-1")
                        .booleanType("paused", false)
                        .stringMatcher("status", V5_STATUS, "online").stringType("runner_type", "instance_type").closeObject())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readARunner(PactDslWithProvider builder) {
        return builder.given(RUNNER_6_ACTIVE)
                .uponReceiving("a v5 request for runner 6")
                .path("/api/v5/runners/6").method("GET").headers("PRIVATE-TOKEN", TOKEN)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().integerType("id", 6).stringType("description", "project-runner-6")
                        .booleanValue("paused", false).stringMatcher("status", V5_STATUS, "online"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact pauseARunner(PactDslWithProvider builder) {
        return builder.given(RUNNER_6_ACTIVE)
                .uponReceiving("a v5 request pausing runner 6 with paused=true")
                .path("/api/v5/runners/6").method("PUT").headers("PRIVATE-TOKEN", TOKEN)
                .matchHeader("Content-Type", "application/x-www-form-urlencoded.*", "application/x-www-form-urlencoded")
                .body("paused=true", "application/x-www-form-urlencoded")
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().integerType("id", 6).booleanValue("paused", true).stringMatcher("status", V5_STATUS, "online"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAMissingRunner(PactDslWithProvider builder) {
        return builder.given(NO_RUNNER_999)
                .uponReceiving("a v5 request for runner 999")
                .path("/api/v5/runners/999").method("GET").headers("PRIVATE-TOKEN", TOKEN)
                .willRespondWith().status(404).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringValue("message", "404 Runner Not Found"))
                .toPact(V4Pact.class);
    }

    private static CodehostV5Client client(MockServer server) {
        return CodehostV5Client.builder().config(PactConfig.of(server)).token(TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "listAllRunners")
    void allRunnersReadsThePageAndStopsWithoutANextPage(MockServer server) {
        List<Runner> runners = client(server).allRunners().toList();
        assertThat(runners).hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(r -> assertThat(RunnerState.isPaused(r)).isEqualTo(r.getPaused()));
    }

    @Test
    @PactTestFor(pactMethod = "readARunner")
    void runnerReadsTheDetails(MockServer server) {
        RunnerDetails r = client(server).runner(6).execute();
        assertThat(r.getId()).isEqualTo(6L);
        assertThat(RunnerState.isPaused(r)).isFalse();
    }

    @Test
    @PactTestFor(pactMethod = "pauseARunner")
    void pauseSendsPausedTrueAndReadsThePausedRunner(MockServer server) {
        RunnerDetails r = client(server).pause(6).execute();
        assertThat(r.getPaused()).isTrue();
        assertThat(RunnerState.isPaused(r)).isTrue();
        assertThat(r.getStatus()).hasToString("online");
    }

    @Test
    @PactTestFor(pactMethod = "readAMissingRunner")
    void aMissingRunnerIsNotFoundWithTheMessage(MockServer server) {
        assertThatThrownBy(() -> client(server).runner(999).execute()).isInstanceOfSatisfying(NotFoundException.class,
                e -> assertThat(e.body()).contains("404 Runner Not Found"));
    }
}
