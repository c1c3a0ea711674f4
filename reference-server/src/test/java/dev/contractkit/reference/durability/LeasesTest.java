package dev.contractkit.reference.durability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Replicas on one PostgreSQL: the unfinished runs and tasks of a replica that stopped renewing its lease are ended
 * by a survivor once the lease has run out, with a reason; a live replica's work is left alone.
 */
class LeasesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aSurvivorEndsTheRunsAndTasksOfAReplicaWhoseLeaseRanOutAndLeavesLiveOnesAlone() throws Exception {
        try (TestDatabases.PostgresSchema schema = TestDatabases.PostgresSchema.create();
             KitServer survivor = KitServer.start(schema.settings().with("replica.id", "survivor")
                     .with("replica.heartbeat-ms", "200").with("replica.lease-ms", "1500"), List.of(Api.AGENT, Api.EXEC));
             HttpClient http = HttpClient.newHttpClient()) {
            try (Connection c = survivor.database().dataSource().getConnection()) {
                execute(c, "INSERT INTO kit_leases (replica_id, started_at, heartbeat_at) VALUES ('ghost', ?, ?)",
                        Timestamp.from(Instant.now()), Timestamp.from(Instant.now()));
                run(c, "r-ghost", "ghost");
                run(c, "r-live", "survivor");
                execute(c, "INSERT INTO exec_tasks (id, type, spec, status, progress, attempts, created_at, updated_at, owner) "
                        + "VALUES ('ghost-task', 'os.sleep', '{\"id\":\"ghost-task\",\"type\":\"os.sleep\",\"input\":{}}', "
                        + "'running', 0, 1, ?, ?, 'ghost')", Timestamp.from(Instant.now()), Timestamp.from(Instant.now()));
            }
            String agent = survivor.url(Api.AGENT);
            assertThat(history(http, agent, "t-r-ghost").path("status").asText()).as("the ghost's lease is fresh")
                    .isEqualTo("started");

            JsonNode ended = await().atMost(Duration.ofSeconds(15))
                    .until(() -> history(http, agent, "t-r-ghost"), r -> r.path("status").asText().equals("failed"));
            assertThat(ended.path("reason").asText()).contains("stopped sending heartbeats").contains("survivor");
            assertThat(ended.path("events")).hasSize(2);
            assertThat(ended.at("/events/1/type").asText()).isEqualTo("RUN_ERROR");
            assertThat(ended.at("/events/1/code").asText()).isEqualTo("RUN_INTERRUPTED");
            JsonNode task = JSON.readTree(get(http, survivor.url(Api.EXEC) + "/tasks/ghost-task"));
            assertThat(task.path("status").asText()).isEqualTo("failed");
            assertThat(task.at("/error/code").asText()).isEqualTo("interrupted");
            assertThat(history(http, agent, "t-r-live").path("status").asText()).as("the survivor's own run")
                    .isEqualTo("started");
        }
    }

    private static void run(Connection c, String runId, String owner) throws SQLException {
        execute(c, "INSERT INTO agent_runs (run_id, thread_id, status, started_at, owner) VALUES (?, ?, 'started', ?, ?)",
                runId, "t-" + runId, Timestamp.from(Instant.now()), owner);
        execute(c, "INSERT INTO agent_events (run_id, seq, thread_id, type, payload) VALUES (?, 0, ?, 'RUN_STARTED', ?)",
                runId, "t-" + runId, "{\"type\":\"RUN_STARTED\",\"threadId\":\"t-" + runId + "\",\"runId\":\"" + runId + "\"}");
    }

    private static void execute(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            ps.executeUpdate();
        }
    }

    private static JsonNode history(HttpClient http, String agent, String thread) throws Exception {
        return JSON.readTree(get(http, agent + "/api/v1/threads/" + thread + "/history")).at("/runs/0");
    }

    private static String get(HttpClient http, String url) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + TestDatabases.TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(url + ": " + r.body()).isEqualTo(200);
        return r.body();
    }
}
