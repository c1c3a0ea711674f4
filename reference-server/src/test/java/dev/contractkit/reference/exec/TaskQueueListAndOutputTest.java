package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.JsonHttp;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;


/**
 * One control plane and one runtime service whose single process slot makes it busy at once: queueing, retries
 * with back-off, listing and output streaming, over real sockets and real processes.
 */
class TaskQueueListAndOutputTest {
    @TempDir
    static Path dir;
    static KitServer server;
    static ExecHttp http;
    static JsonHttp runtime;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(dir).with("token", ExecHttp.TOKEN).with("exec.allow-runtime", "true")
                .with("runtime.allow-commands", "true").with("runtime.capacity", "1").with("runtime.queue-capacity", "16")
                .with("exec.allowed-commands", "sh").with("exec.sandbox-dir", dir.resolve("sandbox").toString())
                .with("exec.poll-ms", "20").with("exec.retry-base-ms", "400"), List.of(Api.EXEC, Api.RUNTIME));
        http = new ExecHttp(server.url(Api.EXEC));
        runtime = new JsonHttp(server.url(Api.RUNTIME), ExecHttp.TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static String id(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static void submit(String tasksJson) {
        var r = http.post("/tasks", "{\"tasks\":[" + tasksJson + "]}");
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
    }

    static String runtimeScript(String id, String script) {
        return "{\"id\":\"" + id + "\",\"type\":\"runtime.script\",\"params\":{\"script\":\"" + script + "\"},\"timeout\":20000}";
    }

    @Test
    void runtimeTasksBeyondTheRuntimesSlotsQueueInsteadOfFailing() {
        List<String> ids = new ArrayList<>();
        StringBuilder graph = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            String id = id("queued");
            ids.add(id);
            graph.append(i == 0 ? "" : ",").append(runtimeScript(id, "sleep 0.3; echo " + id));
        }
        submit(graph.toString());
        JsonNode health = http.await("/health", h -> h.path("runtime_queued").asInt() >= 1);
        assertThat(health.path("retry_waiting").isInt()).isTrue();
        assertThat(runtime.get("/readyz").body().path("queued").asInt()).isPositive();
        for (String id : ids) {
            JsonNode t = http.awaitTerminal(id);
            assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("success");
            assertThat(t.path("attempts").asInt()).isEqualTo(1);
            assertThat(t.path("result").path("stdout").asText()).isEqualTo(id + "\n");
        }
    }

    @Test
    void retriesWaitAGrowingJitteredBackOffAndSayWhenTheNextAttemptIs() {
        String id = id("retry");
        submit("{\"id\":\"" + id + "\",\"type\":\"cli.run\",\"params\":{\"command\":[\"sh\",\"-c\",\"exit 3\"]},\"retry\":2}");
        JsonNode waiting = http.await("/tasks/" + id, t -> t.path("runtime").path("status").asText().equals("backing_off"));
        assertThat(waiting.path("status").asText()).isEqualTo("running");
        assertThat(Instant.parse(waiting.path("runtime").path("next_attempt_at").asText())).isAfter(
                Instant.parse(waiting.path("updated_at").asText()).plusMillis(150));
        JsonNode done = http.awaitTerminal(id);
        assertThat(done.path("status").asText()).isEqualTo("failed");
        assertThat(done.path("attempts").asInt()).isEqualTo(3);
        // first retry after 200..400 ms, the second after 400..800 ms
        assertThat(Duration.between(Instant.parse(done.path("created_at").asText()),
                Instant.parse(done.path("updated_at").asText()))).isGreaterThanOrEqualTo(Duration.ofMillis(600));
    }

    @Test
    void aCancelEndsTheWaitForTheNextAttemptAtOnce() {
        String id = id("retry-cancel");
        submit("{\"id\":\"" + id + "\",\"type\":\"cli.run\",\"params\":{\"command\":[\"sh\",\"-c\",\"exit 3\"]},\"retry\":10}");
        http.await("/tasks/" + id, t -> t.path("runtime").path("status").asText().equals("backing_off"));
        assertThat(http.post("/tasks/" + id + "/cancel", null).status()).isEqualTo(200);
        JsonNode done = http.awaitTerminal(id);
        assertThat(done.path("status").asText()).isEqualTo("cancelled");
        assertThat(done.path("attempts").asInt()).isLessThan(11);
    }

    @Test
    void theListFiltersByStatusAndPagesNewestFirst() {
        String sleeper = id("list-sleep");
        String a = id("list-a");
        String b = id("list-b");
        submit("{\"id\":\"" + a + "\",\"type\":\"os.noop\"},{\"id\":\"" + b + "\",\"type\":\"os.noop\"},"
                + "{\"id\":\"" + sleeper + "\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":30000}}");
        http.awaitTerminal(a);
        http.awaitTerminal(b);
        http.awaitStatus(sleeper, java.util.Set.of("running"));

        JsonNode running = http.get("/tasks?status=running").body();
        assertThat(ids(running)).contains(sleeper).doesNotContain(a, b);
        running.path("tasks").forEach(t -> assertThat(t.path("status").asText()).isEqualTo("running"));
        JsonNode finished = http.get("/tasks?status=success,failed&limit=500").body();
        assertThat(ids(finished)).contains(a, b).doesNotContain(sleeper);

        JsonNode all = http.get("/tasks?limit=500").body();
        int total = all.path("total").asInt();
        assertThat(total).isEqualTo(all.path("tasks").size()).isGreaterThanOrEqualTo(3);
        List<String> order = ids(all);
        JsonNode page = http.get("/tasks?limit=2&offset=1").body();
        assertThat(page.path("total").asInt()).isEqualTo(total);
        assertThat(page.path("limit").asInt()).isEqualTo(2);
        assertThat(page.path("offset").asInt()).isEqualTo(1);
        assertThat(ids(page)).isEqualTo(order.subList(1, 3));
        List<Instant> created = new ArrayList<>();
        all.path("tasks").forEach(t -> created.add(Instant.parse(t.path("created_at").asText())));
        assertThat(created).isSortedAccordingTo(java.util.Comparator.reverseOrder());

        var bad = http.get("/tasks?status=sleeping");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().path("error").path("code").asText()).isEqualTo("invalid_request");
        assertThat(http.get("/tasks?limit=0").status()).isEqualTo(400);
        http.post("/tasks/" + sleeper + "/cancel", null);
    }

    static List<String> ids(JsonNode list) {
        List<String> ids = new ArrayList<>();
        list.path("tasks").forEach(t -> ids.add(t.path("id").asText()));
        return ids;
    }

    @Test
    void theOutputStreamsWhileARuntimeTaskRunsThenEnds() throws Exception {
        String id = id("stream");
        submit(runtimeScript(id, "echo one; sleep 2; echo two >&2"));
        HttpResponse<java.io.InputStream> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(server.url(Api.EXEC) + "/tasks/" + id + "/output"))
                .header("Authorization", "Bearer " + ExecHttp.TOKEN).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        List<String[]> events = new ArrayList<>();
        String statusWhenFirstOutputArrived = null;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String event = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("event: ")) {
                    event = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    events.add(new String[] {event, line.substring(6)});
                    if (event.equals("output") && statusWhenFirstOutputArrived == null) {
                        statusWhenFirstOutputArrived = http.get("/tasks/" + id).body().path("status").asText();
                    }
                }
            }
        }
        assertThat(statusWhenFirstOutputArrived).isEqualTo("running");
        List<String> kinds = events.stream().map(e -> e[0]).toList();
        assertThat(kinds.getFirst()).isEqualTo("status");
        assertThat(kinds.getLast()).isEqualTo("end");
        List<JsonNode> outputs = events.stream().filter(e -> e[0].equals("output")).map(e -> json(e[1])).toList();
        assertThat(outputs).extracting(o -> o.path("stream").asText() + ":" + o.path("text").asText())
                .containsExactly("stdout:one\n", "stderr:two\n");
        assertThat(json(events.getLast()[1]).path("status").asText()).isEqualTo("success");

        var missing = http.get("/tasks/no-such-task/output");
        assertThat(missing.status()).isEqualTo(404);
    }

    @Test
    void theOutputOfAFinishedTaskComesAtOnceAndADeletedTaskIsGone() {
        String id = id("finished");
        submit("{\"id\":\"" + id + "\",\"type\":\"cli.run\",\"params\":{\"command\":[\"sh\",\"-c\",\"echo done\"]}}");
        http.awaitTerminal(id);
        var r = http.get("/tasks/" + id + "/output");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body().asText()).contains("event: status\n").contains("\"text\":\"done\\n\"")
                .endsWith("\n\n").contains("event: end\n");
        assertThat(http.delete("/tasks/" + id).status()).isEqualTo(204);
        assertThat(http.get("/tasks/" + id + "/output").status()).isEqualTo(404);
        assertThat(ids(http.get("/tasks?limit=500").body())).doesNotContain(id);
    }

    static JsonNode json(String text) {
        try {
            return JsonHttp.JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

}
