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

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
        Settings settings = TestDatabases.embedded(dir).with("exec.poll-ms", "20").with("exec.net-allow", "127.0.0.1")
                .with("exec.sandbox-dir", dir.resolve("sandbox").toString());
        ExecSettings exec = ExecSettings.from(settings);
        TaskStore store = new TaskStore(database.dataSource(), mapper, "replica-under-test");
        TaskRunner runner = new TaskRunner(store, new WorkFactory(exec, new RuntimeServiceClient(exec.runtimeUrl(), mapper,
                TestDatabases.TOKEN)), exec.pollMillis(), exec.backOff(), workDone);
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

    private JsonNode action(String id, String kind, String input) throws Exception {
        return mapper.readTree("{\"action_id\":\"" + id + "\",\"action\":{\"kind\":\"" + kind + "\",\"input\":" + input + "}}");
    }

    @Test
    void aTaskDeletedWhileItRunsNeverWritesIntoTheNewTaskGivenItsId() throws Exception {
        List<CountDownLatch> entered = List.of(new CountDownLatch(1), new CountDownLatch(1));
        List<CountDownLatch> release = List.of(new CountDownLatch(1), new CountDownLatch(1));
        List<Thread> threads = new CopyOnWriteArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        start(id -> {
            int n = calls.getAndIncrement();
            if (n < 2) {
                threads.add(Thread.currentThread());
                entered.get(n).countDown();
                try {
                    release.get(n).await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        plane.act(action("gen", "os.sleep", "{\"duration_ms\":1}"));
        assertThat(entered.get(0).await(30, TimeUnit.SECONDS)).isTrue();
        plane.delete("gen");
        plane.act(action("gen", "os.noop", "{}"));
        assertThat(entered.get(1).await(30, TimeUnit.SECONDS)).as("the new task's work ended too").isTrue();

        release.get(0).countDown();
        Thread old = threads.get(0);
        await().atMost(Duration.ofSeconds(10)).until(() -> !old.isAlive());
        JsonNode task = plane.task("gen");
        assertThat(task.path("type").asText()).isEqualTo("os.noop");
        assertThat(task.path("status").asText()).as("the deleted task's outcome was not written into the new one")
                .isEqualTo("running");
        assertThat(task.has("result")).isFalse();

        release.get(1).countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> plane.task("gen").path("status").asText(), "success"::equals);
        assertThat(plane.task("gen").path("result").has("slept_ms")).isFalse();
    }

    @Test
    void anOsHttpTaskWaitingForAnAnswerEndsCancelledAtOnce() throws Exception {
        start(id -> {
        });
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().start(() -> {
                List<Socket> held = new ArrayList<>();
                try {
                    while (true) {
                        held.add(silent.accept()); // accepted, never answered
                    }
                } catch (IOException closed) {
                    held.forEach(h -> {
                        try {
                            h.close();
                        } catch (IOException ignored) {
                            // closing
                        }
                    });
                }
            });
            plane.act(action("http-hang", "os.http", "{\"url\":\"http://127.0.0.1:" + silent.getLocalPort() + "/\"}"));
            await().atMost(Duration.ofSeconds(10)).until(() -> plane.task("http-hang").path("status").asText(), "running"::equals);
            plane.cancel("http-hang");
            await().atMost(Duration.ofSeconds(5)).until(() -> plane.task("http-hang").path("status").asText(), "cancelled"::equals);
            assertThat(plane.task("http-hang").at("/error/code").asText()).isEqualTo("cancelled");
            assertThat(plane.unfinished()).isZero();
            silent.close();
            acceptor.join(5_000);
        }
    }

    @Test
    void anOsFileTaskBlockedOnAFifoEndsCancelledAtOnce() throws Exception {
        start(id -> {
        });
        Path fifo = dir.resolve("sandbox").resolve("fifo");
        Files.createDirectories(fifo.getParent());
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0).as("mkfifo").isTrue();
        plane.act(action("file-hang", "os.file", "{\"op\":\"read\",\"path\":\"fifo\"}"));
        await().atMost(Duration.ofSeconds(10)).until(() -> plane.task("file-hang").path("status").asText(), "running"::equals);
        plane.cancel("file-hang");
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> plane.task("file-hang").path("status").asText(), "cancelled"::equals);
        } finally {
            // a writer lets the reader blocked in open() go (a file read ignores interrupts)
            try (var w = Files.newOutputStream(fifo)) {
                w.write('x');
            }
        }
        assertThat(plane.task("file-hang").at("/error/code").asText()).isEqualTo("cancelled");
    }
}
