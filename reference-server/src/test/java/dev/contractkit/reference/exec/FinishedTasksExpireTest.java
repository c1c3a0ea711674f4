package dev.contractkit.reference.exec;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code KIT_EXEC_RETENTION_MS}: finished tasks are forgotten after it, unfinished ones never. */
class FinishedTasksExpireTest {
    @TempDir
    Path dir;

    @Test
    void aFinishedTaskIsForgottenAfterTheRetentionTimeAndARunningOneIsKept() {
        try (KitServer server = KitServer.start(TestDatabases.embedded(dir).with("token", ExecHttp.TOKEN)
                .with("exec.retention-ms", "500").with("replica.heartbeat-ms", "100").with("replica.lease-ms", "2000"),
                List.of(Api.EXEC))) {
            ExecHttp http = new ExecHttp(server.url(Api.EXEC));
            assertThat(http.get("/health").body().path("retention_ms").asLong()).isEqualTo(500);
            assertThat(http.post("/tasks", "{\"tasks\":[{\"id\":\"quick\",\"type\":\"os.noop\"},"
                    + "{\"id\":\"slow\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":60000}}]}").status()).isEqualTo(202);
            http.awaitTerminal("quick");
            await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(50))
                    .until(() -> http.get("/tasks/quick").status() == 404);
            assertThat(http.get("/tasks/slow").body().path("status").asText()).isIn(Set.of("pending", "running"));
            assertThat(http.post("/tasks", "{\"tasks\":[{\"id\":\"quick\",\"type\":\"os.noop\"}]}").status())
                    .as("the id is free again").isEqualTo(202);
            http.post("/tasks/slow/cancel", null);
        }
    }
}
