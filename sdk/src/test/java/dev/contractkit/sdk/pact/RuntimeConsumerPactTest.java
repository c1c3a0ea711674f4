package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.runtime.RuntimeClient;
import dev.contractkit.sdk.runtime.model.ApiError;
import dev.contractkit.sdk.runtime.model.RuntimeTask;
import dev.contractkit.sdk.runtime.model.RuntimeTaskRequest;
import dev.contractkit.sdk.runtime.model.RuntimeTaskStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static dev.contractkit.sdk.pact.PactConfig.KIT_AUTHORIZATION;
import static dev.contractkit.sdk.pact.PactConfig.KIT_BEARER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's runtime-service interactions as a consumer pact (Pact V4, provider {@code runtime}). Refs are made by the
 * server, so the states that start a process hand theirs back as the provider-state value {@code ref}, which the
 * request path takes ({@code pathFromProviderState}):
 * <ul>
 *   <li>{@value #READY}: no process slot is busy</li>
 *   <li>{@value #SUCCEEDED}: a {@code echo pact} command has ended with exit code 0</li>
 *   <li>{@value #RUNNING}: a long {@code sleep} command is running</li>
 *   <li>{@value #MISSING}</li>
 * </ul>
 * Every interaction but the readiness probe sends the kit token ({@code Authorization: Bearer test-kit-token}, the
 * token the provider test starts the server with).
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "runtime", pactVersion = PactSpecVersion.V4)
class RuntimeConsumerPactTest {
    static final String READY = "the runtime has free process slots";
    static final String SUCCEEDED = "a runtime task that printed pact has succeeded";
    static final String RUNNING = "a runtime task is running";
    static final String MISSING = "runtime task rt-missing does not exist";
    static final String RFC3339 = FormsConsumerPactTest.RFC3339;
    static final String EXAMPLE_REF = "rt-3f2a9c";

    @Pact(consumer = "kit-sdk")
    V4Pact askReadiness(PactDslWithProvider builder) {
        return builder.given(READY)
                .uponReceiving("a readiness probe")
                .path("/readyz").method("GET")
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringValue("status", "ready").integerType("running", 0).integerType("capacity", 8))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact startACommand(PactDslWithProvider builder) {
        return builder.given(READY)
                .uponReceiving("a request to start the command echo pact")
                .path("/api/v1/tasks").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION).matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"task_id\":\"pact-1\",\"kind\":\"command\",\"command\":[\"echo\",\"pact\"],\"env\":{},\"timeout_ms\":30000}")
                .willRespondWith().status(202).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringMatcher("ref", "rt-[A-Za-z0-9._-]+", EXAMPLE_REF).stringValue("task_id", "pact-1")
                        .stringValue("kind", "command").stringMatcher("status", "running|succeeded", "running")
                        .integerType("pid", 4242).stringType("cwd", "/srv/kit/data/runtime")
                        .stringMatcher("started_at", RFC3339, "2026-11-23T12:00:00Z"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readASucceededTask(PactDslWithProvider builder) {
        return builder.given(SUCCEEDED)
                .uponReceiving("a request for a runtime task that has succeeded")
                .pathFromProviderState("/api/v1/tasks/${ref}", "/api/v1/tasks/" + EXAMPLE_REF).method("GET")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringMatcher("ref", "rt-[A-Za-z0-9._-]+", EXAMPLE_REF).stringValue("kind", "command")
                        .stringValue("status", "succeeded").numberValue("exit_code", 0).stringValue("stdout", "pact\n")
                        .stringValue("stderr", "").booleanValue("stdout_truncated", false)
                        .stringType("cwd", "/srv/kit/data/runtime")
                        .stringMatcher("started_at", RFC3339, "2026-11-23T12:00:00Z")
                        .stringMatcher("ended_at", RFC3339, "2026-11-23T12:00:00.05Z"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact killARunningTask(PactDslWithProvider builder) {
        return builder.given(RUNNING)
                .uponReceiving("a request to kill a running runtime task")
                .pathFromProviderState("/api/v1/tasks/${ref}/kill", "/api/v1/tasks/" + EXAMPLE_REF + "/kill").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringMatcher("ref", "rt-[A-Za-z0-9._-]+", EXAMPLE_REF).stringValue("status", "killed")
                        .stringType("cwd", "/srv/kit/data/runtime")
                        .stringMatcher("started_at", RFC3339, "2026-11-23T12:00:00Z")
                        .stringMatcher("ended_at", RFC3339, "2026-11-23T12:00:05.2Z"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAMissingTask(PactDslWithProvider builder) {
        return builder.given(MISSING)
                .uponReceiving("a request for runtime task rt-missing")
                .path("/api/v1/tasks/rt-missing").method("GET")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(404).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().object("error").stringValue("code", "not_found")
                        .stringType("message", "no runtime task rt-missing").stringType("request_id", "r-1").closeObject())
                .toPact(V4Pact.class);
    }

    private static RuntimeClient client(MockServer server) {
        return RuntimeClient.builder().config(PactConfig.of(server)).token(PactConfig.KIT_TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "askReadiness")
    void readyIsTrueOn200(MockServer server) {
        assertThat(client(server).ready().execute()).isTrue();
    }

    @Test
    @PactTestFor(pactMethod = "startACommand")
    void startReturnsTheStartedTask(MockServer server) {
        RuntimeTask t = client(server).startTask(new RuntimeTaskRequest().taskId("pact-1").kind(RuntimeTaskRequest.KindEnum.COMMAND)
                .command(List.of("echo", "pact")).timeoutMs(30_000L)).execute();
        assertThat(t.getRef()).startsWith("rt-");
        assertThat(t.getTaskId()).isEqualTo("pact-1");
        assertThat(t.getStartedAt()).isNotNull();
    }

    @Test
    @PactTestFor(pactMethod = "readASucceededTask")
    void taskReadsTheExitCodeAndOutput(MockServer server) {
        RuntimeTask t = client(server).getRuntimeTask(EXAMPLE_REF).execute();
        assertThat(t.getStatus()).isEqualTo(RuntimeTaskStatus.SUCCEEDED);
        assertThat(t.getExitCode()).isZero();
        assertThat(t.getStdout()).isEqualTo("pact\n");
    }

    @Test
    @PactTestFor(pactMethod = "killARunningTask")
    void killReturnsTheKilledTask(MockServer server) {
        RuntimeTask t = client(server).killTask(EXAMPLE_REF).execute();
        assertThat(t.getStatus()).isEqualTo(RuntimeTaskStatus.KILLED);
        assertThat(t.getEndedAt()).isAfterOrEqualTo(t.getStartedAt());
    }

    @Test
    @PactTestFor(pactMethod = "readAMissingTask")
    void aMissingTaskIsNotFoundWithTheErrorBody(MockServer server) {
        assertThatThrownBy(() -> client(server).task("rt-missing").execute()).isInstanceOfSatisfying(NotFoundException.class,
                e -> assertThat(e.errorBody(ApiError.class).orElseThrow().getError().getCode()).isEqualTo("not_found"));
    }
}
