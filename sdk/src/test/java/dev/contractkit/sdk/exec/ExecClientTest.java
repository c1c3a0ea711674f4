package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.exec.model.TaskStatus;
import dev.contractkit.sdk.runtime.RuntimeClient;
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

        assertThatThrownBy(() -> exec.cancel("a").execute()).isInstanceOf(ConflictException.class)
                .satisfies(e -> assertThat(((ConflictException) e).body()).contains("task_terminal"));
    }

    @Test
    void aBusyRuntimeIsNotReadyAndIsAskedOnlyOnce() {
        server.enqueue(json(503, "{\"status\":\"not_ready\",\"running\":8,\"capacity\":8}"));
        RuntimeClient runtime = RuntimeClient.builder().baseUrl(server.url("/").toString()).build();

        assertThat(runtime.ready().execute()).isFalse();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }
}
