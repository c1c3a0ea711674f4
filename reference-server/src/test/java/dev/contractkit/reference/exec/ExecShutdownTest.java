package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Stopping the server while exec tasks run: the stop waits for the task threads, so nothing writes to the database
 * after it (a test's data directory, deleted right after, once failed with "Failed to delete temp directory").
 */
class ExecShutdownTest {
    @TempDir
    Path dir;

    @Test
    void closingTheRunnerWaitsForATaskThatIsSavingItsResult() throws Exception {
        ObjectMapper mapper = Json.snakeCase();
        Settings settings = TestDatabases.embedded(dir).with("exec.poll-ms", "20")
                .with("exec.sandbox-dir", dir.resolve("sandbox").toString());
        try (Database database = Database.open(settings)) {
            ExecSettings exec = ExecSettings.from(settings);
            TaskStore store = new TaskStore(database.dataSource(), mapper, "replica-under-test");
            CountDownLatch workEnded = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            TaskRunner runner = new TaskRunner(store, new WorkFactory(exec, new RuntimeServiceClient(exec.runtimeUrl(),
                    mapper, TestDatabases.TOKEN)), exec.pollMillis(), exec.backOff(), id -> {
                workEnded.countDown();
                awaitIgnoringInterrupts(release); // a save that is under way when the stop comes
            });
            ControlPlane plane = new ControlPlane(exec, new Translator(new ContractRules(
                    ContractDocument.load(Api.EXEC.mainContract())), exec), store, runner, Cluster.single().bus());
            plane.act(mapper.readTree("{\"action_id\":\"saving\",\"action\":{\"kind\":\"os.noop\",\"input\":{}}}"));
            assertThat(workEnded.await(30, TimeUnit.SECONDS)).as("the work ended and the task is about to save").isTrue();

            CompletableFuture<Void> close = CompletableFuture.runAsync(plane::close);
            try {
                await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5)).until(() -> !close.isDone());
            } finally {
                release.countDown();
            }
            close.get(30, TimeUnit.SECONDS);
            assertThat(store.find("saving").orElseThrow().status()).as("saved before the close returned")
                    .isEqualTo("success");
        }
    }

    @Test
    void theDataDirectoryCanBeDeletedRightAfterTheServerStopsWhileTasksRun() {
        Path data = dir.resolve("data");
        Settings settings = TestDatabases.embedded(data).with("token", ExecHttp.TOKEN).with("exec.poll-ms", "20")
                .with("exec.sandbox-dir", dir.resolve("sandbox").toString());
        KitServer server = KitServer.start(settings, List.of(Api.EXEC));
        ExecHttp http = new ExecHttp(server.url(Api.EXEC));
        String chain = IntStream.range(0, 40).mapToObj(i -> "{\"id\":\"c" + i + "\",\"type\":\"os.sleep\",\"params\":"
                + "{\"duration_ms\":5}" + (i == 0 ? "" : ",\"depends_on\":[\"c" + (i - 1) + "\"]") + "}")
                .collect(Collectors.joining(","));
        String parallel = IntStream.range(0, 20).mapToObj(i -> "{\"id\":\"p" + i + "\",\"type\":\"os.sleep\",\"params\":"
                + "{\"duration_ms\":" + (i * 25) + "}}").collect(Collectors.joining(","));
        assertThat(http.post("/tasks", "{\"tasks\":[" + chain + "," + parallel + "]}").status()).isEqualTo(202);
        http.awaitStatus("c3", Set.of("success"));
        assertThat(http.get("/tasks/c39").body().path("status").asText()).as("tasks still run at the stop")
                .isEqualTo("pending");

        server.close();
        deleteTree(data);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> Files.notExists(data));
    }

    /** Waits through the stop's interrupt: the save after it is what the close must wait for, not cut short. */
    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                // the stop's interrupt: keep waiting for the test to release the save
            }
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
