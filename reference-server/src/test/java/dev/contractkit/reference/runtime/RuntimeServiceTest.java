package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The runtime service alone over a real socket: real processes, working directory, output, time-out, kill. */
class RuntimeServiceTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final String TOKEN = "test-kit-token";

    @TempDir
    Path dir;
    KitServer server;
    String base;

    record Reply(int status, JsonNode body) {
    }

    @BeforeEach
    void start() {
        server = KitServer.start(TestDatabases.embedded(dir).with("runtime.capacity", "1").with("runtime.queue-capacity", "0")
                .with("runtime.allow-commands", "true")
                .with("token", TOKEN), List.of(Api.RUNTIME));
        base = server.url(Api.RUNTIME);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    Reply call(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + TOKEN);
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Reply(r.statusCode(), JSON.readTree(r.body()));
    }

    JsonNode awaitEnd(String ref) {
        return await("task " + ref + " ends").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> call("GET", "/api/v1/tasks/" + ref, null).body(),
                        t -> !t.path("status").asText().equals("running"));
    }

    @Test
    void aCommandRunsInItsWorkingDirectoryWithItsOutputCaptured() throws Exception {
        Files.createDirectories(dir.resolve("runtime-work/job"));
        var started = call("POST", "/api/v1/tasks", "{\"kind\":\"command\",\"command\":[\"sh\",\"-c\",\"pwd; echo oops >&2; exit 4\"],"
                + "\"cwd\":\"job\",\"task_id\":\"t1\"}");
        assertThat(started.status()).as(started.body().toString()).isEqualTo(202);
        JsonNode done = awaitEnd(started.body().path("ref").asText());
        assertThat(done.path("status").asText()).isEqualTo("failed");
        assertThat(done.path("exit_code").asInt()).isEqualTo(4);
        assertThat(done.path("stdout").asText().trim()).isEqualTo(dir.resolve("runtime-work/job").toRealPath().toString());
        assertThat(done.path("stderr").asText()).isEqualTo("oops\n");
        assertThat(done.path("task_id").asText()).isEqualTo("t1");
    }

    @Test
    void aScriptPastItsTimeOutIsEndedAsTimedOut() throws Exception {
        var started = call("POST", "/api/v1/tasks", "{\"kind\":\"script\",\"script\":\"echo begun; sleep 30\",\"timeout_ms\":200}");
        JsonNode done = awaitEnd(started.body().path("ref").asText());
        assertThat(done.path("status").asText()).isEqualTo("timed_out");
        assertThat(done.path("stdout").asText()).isEqualTo("begun\n");
    }

    @Test
    void killEndsTheWholeProcessTreeAndReadinessFollowsTheFreeSlots() throws Exception {
        assertThat(call("GET", "/readyz", null).status()).isEqualTo(200);
        var started = call("POST", "/api/v1/tasks", "{\"kind\":\"script\",\"script\":\"sleep 30 & sleep 30 & wait\"}");
        String ref = started.body().path("ref").asText();
        long pid = started.body().path("pid").asLong();
        List<ProcessHandle> children = await("the script's two children").atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> ProcessHandle.of(pid).orElseThrow().children().toList(), c -> c.size() == 2);
        var ready = call("GET", "/readyz", null);
        assertThat(ready.status()).as("capacity 1, one running").isEqualTo(503);
        assertThat(ready.body().path("status").asText()).isEqualTo("not_ready");
        assertThat(call("POST", "/api/v1/tasks", "{\"kind\":\"command\",\"command\":[\"true\"]}").status()).isEqualTo(503);

        var killed = call("POST", "/api/v1/tasks/" + ref + "/kill", null);
        assertThat(killed.status()).isEqualTo(200);
        assertThat(killed.body().path("status").asText()).isEqualTo("killed");
        assertThat(children).noneMatch(ProcessHandle::isAlive);
        assertThat(call("GET", "/readyz", null).status()).isEqualTo(200);
        var events = call("GET", "/api/v1/tasks/" + ref + "/events", null).body().path("events");
        assertThat(events.findValuesAsText("type")).containsExactly("started", "kill_requested", "killed");
    }

    @Test
    void badRequestsGetTheContractsErrorShape() throws Exception {
        var noCommand = call("POST", "/api/v1/tasks", "{\"kind\":\"command\"}");
        assertThat(noCommand.status()).isEqualTo(400);
        assertThat(noCommand.body().path("error").path("code").asText()).isEqualTo("invalid_request");
        var outside = call("POST", "/api/v1/tasks", "{\"kind\":\"command\",\"command\":[\"true\"],\"cwd\":\"../..\"}");
        assertThat(outside.status()).isEqualTo(400);
        assertThat(outside.body().path("error").path("message").asText()).contains("outside the work root");
        var missing = call("GET", "/api/v1/tasks/rt-nothing", null);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body().path("error").path("code").asText()).isEqualTo("not_found");
    }
}
