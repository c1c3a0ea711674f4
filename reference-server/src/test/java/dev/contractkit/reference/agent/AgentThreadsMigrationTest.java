package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** V80 on a database that has agent runs from before it: their threads are listed, newest first, and deletable. */
class AgentThreadsMigrationTest {
    @Test
    void threadsOfRunsStoredBeforeTheThreadTableExistedAreListedAndDeletable() throws Exception {
        try (TestDatabases.PostgresSchema schema = TestDatabases.PostgresSchema.create()) {
            Settings settings = AgentHttp.access(schema.settings());
            String url = settings.get("db.url").orElseThrow();
            String user = settings.get("db.user").orElseThrow();
            Flyway.configure().dataSource(url, user, "").locations("classpath:db/migration").target("70").load().migrate();
            try (Connection c = DriverManager.getConnection(url, user, "");
                 Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO agent_runs (run_id, thread_id, status, started_at, finished_at) VALUES "
                        + "('old-a-1', 'old-a', 'completed', TIMESTAMP WITH TIME ZONE '2026-01-01 10:00:00+00', "
                        + "TIMESTAMP WITH TIME ZONE '2026-01-01 10:00:01+00'), "
                        + "('old-b-1', 'old-b', 'completed', TIMESTAMP WITH TIME ZONE '2026-01-02 10:00:00+00', "
                        + "TIMESTAMP WITH TIME ZONE '2026-01-02 10:00:01+00'), "
                        + "('old-a-2', 'old-a', 'failed', TIMESTAMP WITH TIME ZONE '2026-01-03 10:00:00+00', "
                        + "TIMESTAMP WITH TIME ZONE '2026-01-03 10:00:01+00')");
                s.executeUpdate("INSERT INTO agent_events (run_id, seq, thread_id, type, payload) VALUES "
                        + "('old-b-1', 0, 'old-b', 'RUN_STARTED', '{\"type\":\"RUN_STARTED\"}')");
            }
            try (KitServer server = KitServer.start(settings.with("agent.step-delay", "PT0S"), List.of(Api.AGENT))) {
                AgentHttp client = new AgentHttp(server.url(Api.AGENT));
                JsonNode page = client.call("GET", "/api/v1/threads", null).body();
                assertThat(page.path("total").asInt()).isEqualTo(2);
                assertThat(page.path("items").findValuesAsText("threadId")).containsExactly("old-a", "old-b");
                JsonNode a = page.path("items").get(0);
                assertThat(a.path("runCount").asInt()).isEqualTo(2);
                assertThat(a.path("createdAt").asText()).startsWith("2026-01-01T10:00");
                assertThat(a.path("updatedAt").asText()).startsWith("2026-01-03T10:00");
                assertThat(a.path("lastRunId").asText()).isEqualTo("old-a-2");
                assertThat(a.path("lastRunStatus").asText()).isEqualTo("failed");
                assertThat(a.has("title")).isFalse();

                assertThat(client.call("DELETE", "/api/v1/threads/old-b", null).status()).isEqualTo(204);
                assertThat(client.call("GET", "/api/v1/threads", null).body().path("items").findValuesAsText("threadId"))
                        .containsExactly("old-a");
            }
        }
    }
}
