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
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.exec.model.ActionKind;
import dev.contractkit.sdk.exec.model.CancelEvent;
import dev.contractkit.sdk.exec.model.CancelItem;
import dev.contractkit.sdk.exec.model.SubmitResponse;
import dev.contractkit.sdk.exec.model.Task;
import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.exec.model.TaskSpec;
import dev.contractkit.sdk.exec.model.TaskStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.Map;

import static dev.contractkit.sdk.pact.PactConfig.KIT_AUTHORIZATION;
import static dev.contractkit.sdk.pact.PactConfig.KIT_BEARER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's control-plane interactions as a consumer pact (Pact V4, provider {@code exec}). The cancel outcomes
 * depend on the task's state, so each has its own provider state:
 * <ul>
 *   <li>{@value #FREE}: neither id is in use</li>
 *   <li>{@value #DONE}: the task ran to {@code success}</li>
 *   <li>{@value #RUNNING}: an {@code os.sleep} task is running (and stays so for minutes)</li>
 *   <li>{@value #PENDING}: a task waits for a running dependency, so it has not started</li>
 * </ul>
 * Every interaction sends the kit token ({@code Authorization: Bearer test-kit-token}, the token the provider test
 * starts the server with).
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "exec", pactVersion = PactSpecVersion.V4)
class ExecConsumerPactTest {
    static final String FREE = "tasks pact-prepare and pact-pause do not exist";
    static final String DONE = "task pact-done has finished with success";
    static final String RUNNING = "task pact-running is running";
    static final String PENDING = "task pact-pending is pending behind a running task";
    static final String RFC3339 = FormsConsumerPactTest.RFC3339;

    @Pact(consumer = "kit-sdk")
    V4Pact submitAGraph(PactDslWithProvider builder) {
        return builder.given(FREE)
                .uponReceiving("a task graph of a no-op and a sleep that depends on it")
                .path("/tasks").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION).matchHeader("Content-Type", "application/json.*", "application/json; charset=UTF-8")
                .body("{\"tasks\":[{\"id\":\"pact-prepare\",\"type\":\"os.noop\",\"params\":{},\"depends_on\":[],\"annotations\":{}},"
                        + "{\"id\":\"pact-pause\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":10},\"depends_on\":[\"pact-prepare\"],"
                        + "\"retry\":1,\"timeout\":5000,\"annotations\":{}}]}")
                .willRespondWith().status(202).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().booleanValue("accepted", true)
                        .array("task_ids").stringValue("pact-prepare").stringValue("pact-pause").closeArray())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAFinishedTask(PactDslWithProvider builder) {
        return builder.given(DONE)
                .uponReceiving("a request for the finished task pact-done")
                .path("/tasks/pact-done").method("GET")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringValue("id", "pact-done").stringValue("type", "os.noop")
                        .stringValue("status", "success").integerType("attempts", 1).stringType("handle_id", "local-pact-done-1")
                        .stringMatcher("created_at", RFC3339, "2026-11-23T12:00:00Z")
                        .stringMatcher("updated_at", RFC3339, "2026-11-23T12:00:00.1Z")
                        .array("depends_on").closeArray())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact cancelARunningTask(PactDslWithProvider builder) {
        return builder.given(RUNNING)
                .uponReceiving("a request to cancel the running task pact-running")
                .path("/tasks/pact-running/cancel").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(cancelItems("pact-running", "cancelling"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact cancelAPendingTask(PactDslWithProvider builder) {
        return builder.given(PENDING)
                .uponReceiving("a request to cancel the pending task pact-pending")
                .path("/tasks/pact-pending/cancel").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(cancelItems("pact-pending", "cancelled"))
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact cancelAFinishedTask(PactDslWithProvider builder) {
        return builder.given(DONE)
                .uponReceiving("a request to cancel the finished task pact-done")
                .path("/tasks/pact-done/cancel").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(409).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().object("error").stringValue("code", "task_terminal")
                        .stringType("message", "task pact-done is already success; there is nothing to cancel")
                        .stringType("request_id", "7d0c5e1a-9b7f-4b8e-a1c2-3f4d5e6a7b8c").closeObject())
                .toPact(V4Pact.class);
    }

    private static PactDslJsonBody cancelItems(String id, String status) {
        return (PactDslJsonBody) new PactDslJsonBody().array("tasks").object()
                .stringValue("task_id", id).stringValue("status", status)
                .object("runtime").stringType("status", status).object("error").stringValue("code", "cancelled").closeObject().closeObject()
                .object("event").stringValue("type", "task_cancel_requested").stringValue("task_id", id)
                .stringMatcher("at", RFC3339, "2026-11-23T12:00:01Z").closeObject()
                .closeObject().closeArray();
    }

    private static ExecClient client(MockServer server) {
        return ExecClient.builder().config(PactConfig.of(server)).token(PactConfig.KIT_TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "submitAGraph")
    void submitReturnsTheAcceptedIds(MockServer server) {
        TaskGraph graph = new TaskGraph().tasks(List.of(
                new TaskSpec().id("pact-prepare").type(ActionKind.OS_NOOP),
                new TaskSpec().id("pact-pause").type(ActionKind.OS_SLEEP).params(Map.of("duration_ms", 10))
                        .dependsOn(List.of("pact-prepare")).retry(1).timeout(5000L)));
        SubmitResponse r = client(server).submitTaskGraph(graph).execute();
        assertThat(r.getAccepted()).isTrue();
        assertThat(r.getTaskIds()).containsExactly("pact-prepare", "pact-pause");
    }

    @Test
    @PactTestFor(pactMethod = "readAFinishedTask")
    void taskReadsTheTypedState(MockServer server) {
        Task t = client(server).getTask("pact-done").execute();
        assertThat(t.getStatus()).isEqualTo(TaskStatus.SUCCESS);
        assertThat(t.getType()).isEqualTo(ActionKind.OS_NOOP);
        assertThat(t.getUpdatedAt()).isAfterOrEqualTo(t.getCreatedAt());
    }

    @Test
    @PactTestFor(pactMethod = "cancelARunningTask")
    void cancellingARunningTaskAnswersCancelling(MockServer server) {
        CancelItem c = client(server).cancelTask("pact-running").execute().getTasks().get(0);
        assertThat(c.getStatus()).isEqualTo(TaskStatus.CANCELLING);
        assertThat(c.getEvent().getType()).isEqualTo(CancelEvent.TypeEnum.TASK_CANCEL_REQUESTED);
        assertThat(c.getRuntime().getError().getCode()).isEqualTo("cancelled");
    }

    @Test
    @PactTestFor(pactMethod = "cancelAPendingTask")
    void cancellingAPendingTaskAnswersCancelled(MockServer server) {
        CancelItem c = client(server).cancelTask("pact-pending").execute().getTasks().get(0);
        assertThat(c.getTaskId()).isEqualTo("pact-pending");
        assertThat(c.getStatus()).isEqualTo(TaskStatus.CANCELLED);
    }

    @Test
    @PactTestFor(pactMethod = "cancelAFinishedTask")
    void cancellingAFinishedTaskIsAConflictWithTheErrorCode(MockServer server) {
        assertThatThrownBy(() -> client(server).cancelTask("pact-done").execute()).isInstanceOfSatisfying(ConflictException.class,
                e -> assertThat(e.errorCode()).contains("task_terminal"));
    }
}
