package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.JsonHttp;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The runtime service's bounded FIFO queue: one process slot, two queue places. */
class RuntimeQueueTest {
    @TempDir
    static java.nio.file.Path dir;
    static KitServer server;
    static JsonHttp http;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(dir).with("runtime.capacity", "1").with("runtime.queue-capacity", "2")
                .with("runtime.allow-commands", "true"), List.of(Api.RUNTIME));
        http = new JsonHttp(server.url(Api.RUNTIME), TestDatabases.TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String start(String script) {
        var r = http.post("/api/v1/tasks", "{\"kind\":\"script\",\"script\":\"" + script + "\"}");
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
        return r.body().path("ref").asText();
    }

    @Test
    void tasksBeyondTheSlotsWaitInTheQueueInOrderAndTheQueueDepthIsVisible() {
        String first = start("sleep 30");
        String second = start("echo second");
        String third = start("echo third");
        assertThat(http.get("/api/v1/tasks/" + second).body().path("status").asText()).isEqualTo("queued");
        assertThat(http.get("/api/v1/tasks/" + third).body().path("pid").isMissingNode()).isTrue();

        var ready = http.get("/readyz");
        assertThat(ready.status()).isEqualTo(503);
        assertThat(ready.body().path("queued").asInt()).isEqualTo(2);
        assertThat(ready.body().path("queue_capacity").asInt()).isEqualTo(2);
        assertThat(http.get("/healthz").body().path("queued").asInt()).isEqualTo(2);
        var full = http.post("/api/v1/tasks", "{\"kind\":\"script\",\"script\":\"echo fourth\"}");
        assertThat(full.status()).isEqualTo(503);
        assertThat(full.body().path("error").path("code").asText()).isEqualTo("not_ready");

        var killedWhileQueued = http.post("/api/v1/tasks/" + third + "/kill", null);
        assertThat(killedWhileQueued.body().path("status").asText()).isEqualTo("killed");
        assertThat(http.post("/api/v1/tasks/" + first + "/kill", null).body().path("status").asText()).isEqualTo("killed");

        JsonNode done = http.await("/api/v1/tasks/" + second, JsonHttp.status("succeeded"));
        assertThat(done.path("stdout").asText()).isEqualTo("second\n");
        assertThat(done.path("started_at").asText()).isNotEmpty();
        assertThat(http.get("/api/v1/tasks/" + second + "/events").body().path("events").findValuesAsText("type"))
                .containsExactly("queued", "started", "exited");
        assertThat(http.get("/api/v1/tasks/" + third).body().path("stdout").asText()).isEmpty();
        assertThat(http.await("/readyz", b -> b.path("queued").asInt() == 0 && b.path("running").asInt() == 0)
                .path("status").asText()).isEqualTo("ready");
    }
}
