package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.RunnerState;
import dev.contractkit.sdk.codehost.v4.model.Runner;
import dev.contractkit.sdk.codehost.v4.model.RunnerDetails;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's code-hosting v4 interactions as a consumer pact (Pact V4, provider {@code codehost-v4}). v4 runners carry
 * both {@code active} and {@code paused}; the SDK pauses with the form field {@code active=false}. The interactions: {@link CodehostPacts}.
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "codehost-v4", pactVersion = PactSpecVersion.V4)
class CodehostV4ConsumerPactTest {
    static final String V4_STATUS = "online|offline|stale|never_contacted|paused";
    static final CodehostPacts PACTS = new CodehostPacts("v4", V4_STATUS,
            (b, paused, typed) -> typed ? b.booleanType("active", !paused).booleanType("paused", paused)
                    : b.booleanValue("active", !paused).booleanValue("paused", paused));

    @Pact(consumer = "kit-sdk")
    V4Pact listAllRunners(PactDslWithProvider builder) {
        return PACTS.listAllRunners(builder);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readARunner(PactDslWithProvider builder) {
        return PACTS.readARunner(builder);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact pauseARunner(PactDslWithProvider builder) {
        return PACTS.pauseARunner(builder, "active=false", b -> b.stringValue("status", "paused"));
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAMissingRunner(PactDslWithProvider builder) {
        return PACTS.readAMissingRunner(builder);
    }

    private static CodehostV4Client client(MockServer server) {
        return CodehostV4Client.builder().config(PactConfig.of(server)).token(CodehostPacts.TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "listAllRunners")
    void allRunnersReadsThePageAndStopsWithoutANextPage(MockServer server) {
        List<Runner> runners = client(server).listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV4Client.MAX_PAGE_SIZE).toList();
        assertThat(runners).hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(r -> assertThat(RunnerState.isPaused(r)).isEqualTo(!r.getActive()));
    }

    @Test
    @PactTestFor(pactMethod = "readARunner")
    void runnerReadsTheDetails(MockServer server) {
        RunnerDetails r = client(server).getRunner(6L).execute();
        assertThat(r.getId()).isEqualTo(6L);
        assertThat(RunnerState.isPaused(r)).isFalse();
    }

    @Test
    @PactTestFor(pactMethod = "pauseARunner")
    void pauseSendsActiveFalseAndReadsThePausedRunner(MockServer server) {
        RunnerDetails r = client(server).pause(6).execute();
        assertThat(r.getActive()).isFalse();
        assertThat(RunnerState.isPaused(r)).isTrue();
        assertThat(r.getStatus()).hasToString("paused");
    }

    @Test
    @PactTestFor(pactMethod = "readAMissingRunner")
    void aMissingRunnerIsNotFoundWithTheMessage(MockServer server) {
        assertThatThrownBy(() -> client(server).getRunner(999L).execute()).isInstanceOfSatisfying(NotFoundException.class,
                e -> assertThat(e.body()).contains("404 Runner Not Found"));
    }
}
