package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.exec.model.TaskStatus;
import dev.contractkit.sdk.exec.model.CancelItem;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExecClientTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    final MockWebServer server = mock.server();

    static String task(String id, String status) {
        return "{\"id\":\"" + id + "\",\"type\":\"os.noop\",\"status\":\"" + status + "\",\"depends_on\":[],"
                + "\"created_at\":\"2026-11-23T12:00:00Z\",\"updated_at\":\"2026-11-23T12:00:00Z\"}";
    }

    @Test
    void submitAndWaitPollsUntilEveryTaskIsTerminal() throws Exception {
        server.enqueue(json(202, "{\"accepted\":true,\"task_ids\":[\"a\"]}"));
        server.enqueue(json(200, task("a", "running")));
        server.enqueue(json(200, task("a", "success")));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        TaskWait.Result r = exec.submitAndWait(new TaskGraph(), Duration.ofSeconds(10),
                Duration.ofMillis(1)).execute();

        assertThat(r.allTerminal()).isTrue();
        assertThat(r.tasks().get(0).getStatus()).isEqualTo(TaskStatus.SUCCESS);
        assertThat(server.takeRequest().getPath()).isEqualTo("/tasks");
        assertThat(server.takeRequest().getPath()).isEqualTo("/tasks/a");
        assertThat(server.takeRequest().getPath()).isEqualTo("/tasks/a");
    }

    @Test
    void aWaitWithNoTimeLeftReportsTheTasksNotAllTerminal() {
        server.enqueue(json(200, task("a", "running")));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        TaskWait.Result r = exec.awaitAll(List.of("a"), Duration.ZERO, Duration.ofMillis(1)).execute();

        assertThat(r.allTerminal()).isFalse();
        assertThat(r.tasks().get(0).getStatus()).isEqualTo(TaskStatus.RUNNING);
    }

    @Test
    void cancellingAFinishedTaskIsAConflictCarryingTheContractsError() {
        server.enqueue(json(409, "{\"error\":{\"code\":\"task_terminal\",\"message\":\"task a is already success\"}}"));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        assertThatThrownBy(() -> exec.cancelTask("a").execute()).isInstanceOf(ConflictException.class)
                .satisfies(e -> assertThat(((ConflictException) e).body()).contains("task_terminal"));
    }

    @Test
    void theBuildersTaskWaitIntervalIsTheWaitsDefault() {
        ExecClient plain = ExecClient.builder().baseUrl(server.url("/").toString()).build();
        ExecClient quick = ExecClient.builder().baseUrl(server.url("/").toString()).taskWaitInterval(Duration.ofMillis(1)).build();

        assertThat(plain.addOnSettings().get(ExecClientAddOns.WAIT_INTERVAL)).isEqualTo(Duration.ofMillis(200));
        assertThat(quick.addOnSettings().get(ExecClientAddOns.WAIT_INTERVAL)).isEqualTo(Duration.ofMillis(1));
        assertThatThrownBy(() -> ExecClient.builder().taskWaitInterval(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("taskWaitInterval");
    }

    @Test
    void aWaitWithoutAnIntervalPollsAtTheBuildersAndSendsTheCallsHeaderOnEveryPoll() throws Exception {
        server.enqueue(json(200, task("a", "running")));
        server.enqueue(json(200, task("a", "success")));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).taskWaitInterval(Duration.ofMillis(1)).build();

        TaskWait.Result r = exec.awaitAll(List.of("a"), Duration.ofSeconds(10)).header("X-Request-Id", "wait-1").execute();

        assertThat(r.allTerminal()).isTrue();
        assertThat(server.takeRequest().getHeader("X-Request-Id")).isEqualTo("wait-1");
        assertThat(server.takeRequest().getHeader("X-Request-Id")).isEqualTo("wait-1");
    }

    @Test
    @SuppressWarnings("removal")
    void todaysNamesStayForOneReleaseAsDelegatesOfTheContractsOperations() throws Exception {
        server.enqueue(json(200, "{\"tasks\":[{\"task_id\":\"a\",\"status\":\"cancelled\"}]}"));
        server.enqueue(json(200, task("a", "cancelled")));
        server.enqueue(new MockResponse().setResponseCode(204));
        server.enqueue(json(202, "{\"accepted\":true,\"task_ids\":[\"a\"]}"));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        CancelItem c = exec.cancel("a").execute();
        assertThat(c.getTaskId()).isEqualTo("a");
        assertThat(exec.task("a").execute().getStatus()).isEqualTo(TaskStatus.CANCELLED);
        assertThat(exec.delete("a").execute()).isNull();
        assertThat(exec.submit(new TaskGraph()).execute().getTaskIds()).containsExactly("a");

        List<String> sent = List.of(line(server.takeRequest()), line(server.takeRequest()), line(server.takeRequest()),
                line(server.takeRequest()));
        assertThat(sent).containsExactly("POST /tasks/a/cancel", "GET /tasks/a", "DELETE /tasks/a", "POST /tasks");
    }

    private static String line(RecordedRequest r) {
        return r.getMethod() + " " + r.getPath();
    }
}
