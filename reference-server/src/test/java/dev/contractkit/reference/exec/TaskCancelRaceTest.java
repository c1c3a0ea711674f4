package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The cancel that arrives after a task's work ended and before its result is saved (issue 21): the task is held at
 * exactly that point by the runner's {@code workDone} seam, so the race happens every time, without sleeps.
 */
class TaskCancelRaceTest {
    @TempDir
    Path dir;
    Database database;
    ControlPlane plane;
    final ObjectMapper mapper = Json.snakeCase();

    @BeforeEach
    void open() {
        database = Database.open(TestDatabases.embedded(dir));
    }

    @AfterEach
    void close() {
        if (plane != null) {
            plane.close();
        }
        database.close();
    }

    private void start(Consumer<String> workDone) {
        Settings settings = TestDatabases.embedded(dir).with("exec.poll-ms", "20");
        ExecSettings exec = ExecSettings.from(settings);
        TaskStore store = new TaskStore(database.dataSource(), mapper, "replica-under-test");
        TaskRunner runner = new TaskRunner(store, new Works(exec, new RuntimeClient(exec.runtimeUrl(), mapper,
                TestDatabases.TOKEN)), exec.pollMillis(), workDone);
        plane = new ControlPlane(exec, new Translator(new ContractRules(ContractDocument.load(Api.EXEC.mainContract())),
                exec), store, runner, Cluster.single().bus());
    }

    private JsonNode noop(String id) throws Exception {
        return mapper.readTree("{\"action_id\":\"" + id + "\",\"action\":{\"kind\":\"os.noop\",\"input\":{}}}");
    }

    @Test
    void aCancelBetweenTheEndOfTheWorkAndTheSaveOfItsResultEndsTheTaskCancelledNotCancelling() throws Exception {
        CountDownLatch workEnded = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        start(id -> {
            workEnded.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        plane.act(noop("race"));
        assertThat(workEnded.await(30, TimeUnit.SECONDS)).as("the work ended and the task waits to save it").isTrue();
        assertThat(plane.task("race").path("status").asText()).isEqualTo("running");

        JsonNode cancel = plane.cancel("race");
        assertThat(cancel.at("/tasks/0/status").asText()).isEqualTo("cancelling");
        release.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> plane.task("race").path("status").asText(),
                s -> !s.equals("running") && !s.equals("cancelling"));
        JsonNode task = plane.task("race");
        assertThat(task.path("status").asText()).isEqualTo("cancelled");
        assertThat(task.at("/error/code").asText()).isEqualTo("cancelled");
        assertThat(task.at("/runtime/status").asText()).isEqualTo("cancelled");
        assertThat(plane.unfinished()).isZero();
    }

    @Test
    void aCancelAfterTheResultIsSavedFindsTheTaskEndedAndChangesNothing() throws Exception {
        start(id -> {
        });
        plane.act(noop("done"));
        await().atMost(Duration.ofSeconds(10)).until(() -> plane.task("done").path("status").asText(), "success"::equals);
        assertThatThrownBy(() -> plane.cancel("done")).isInstanceOf(ApiError.class)
                .extracting(e -> ((ApiError) e).code()).isEqualTo("task_terminal");
        assertThat(plane.task("done").path("status").asText()).isEqualTo("success");
    }
}
