package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
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
 * {@code paused} only and {@code status} is the contact state; the SDK pauses with
 * the form field {@code paused=true}. The interactions: {@link CodehostPacts}.
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "codehost-v5", pactVersion = PactSpecVersion.V4)
class CodehostV5ConsumerPactTest {
    static final String V5_STATUS = "online|offline|stale|not_connected";
    static final CodehostPacts PACTS = new CodehostPacts("v5", V5_STATUS,
            (b, paused, typed) -> typed ? b.booleanType("paused", paused) : b.booleanValue("paused", paused));

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
        return PACTS.pauseARunner(builder, "paused=true", b -> b.stringMatcher("status", V5_STATUS, "online"));
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAMissingRunner(PactDslWithProvider builder) {
        return PACTS.readAMissingRunner(builder);
    }

    private static CodehostV5Client client(MockServer server) {
        return CodehostV5Client.builder().config(PactConfig.of(server)).token(CodehostPacts.TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "listAllRunners")
    void allRunnersReadsThePageAndStopsWithoutANextPage(MockServer server) {
        List<Runner> runners = client(server).listAllRunnersAutoPaging(null, null, null, null, 1, CodehostV5Client.MAX_PAGE_SIZE).toList();
        assertThat(runners).hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(r -> assertThat(RunnerState.isPaused(r)).isEqualTo(r.getPaused()));
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
    void pauseSendsPausedTrueAndReadsThePausedRunner(MockServer server) {
        RunnerDetails r = client(server).pause(6).execute();
        assertThat(r.getPaused()).isTrue();
        assertThat(RunnerState.isPaused(r)).isTrue();
        assertThat(r.getStatus()).hasToString("online");
    }

    @Test
    @PactTestFor(pactMethod = "readAMissingRunner")
    void aMissingRunnerIsNotFoundWithTheMessage(MockServer server) {
        assertThatThrownBy(() -> client(server).getRunner(999L).execute()).isInstanceOfSatisfying(NotFoundException.class,
                e -> assertThat(e.body()).contains("404 Runner Not Found"));
    }
}
