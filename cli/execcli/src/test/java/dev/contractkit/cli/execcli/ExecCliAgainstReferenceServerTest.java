package dev.contractkit.cli.execcli;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import static dev.contractkit.cli.execcli.ExecCliProcess.run;
import static org.assertj.core.api.Assertions.assertThat;

/** execcli as a separate process against the reference server's control plane and runtime service. */
class ExecCliAgainstReferenceServerTest {
    @TempDir
    static Path dir;
    static KitServer server;
    static Map<String, String> env;
    static final String TOKEN = "test-kit-token";

    @BeforeAll
    static void start() {
        server = KitServer.start(Settings.of(Map.of("data-dir", dir.toString(), "exec.port", "0", "runtime.port", "0",
                "exec.allow-runtime", "true", "runtime.allow-commands", "true", "exec.poll-ms", "20", "token", TOKEN)),
                List.of(Api.EXEC, Api.RUNTIME));
        env = Map.of("EXEC_URL", server.url(Api.EXEC), "EXEC_RUNTIME_URL", server.url(Api.RUNTIME), "EXEC_TOKEN", TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static JsonNode http(String path) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.url(Api.EXEC) + path))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        return ExecCliProcess.JSON.readTree(r.body());
    }

    @Test
    void capabilitiesToolsAndHealthPrintTheResponseBodyAsData() throws Exception {
        for (String[] c : new String[][]{{"capabilities", "/adapters/capabilities"}, {"tools", "/adapters/tools"}}) {
            var o = run(env, null, c[0]);
            assertThat(o.exit()).isZero();
            assertThat(o.json().path("ok").asBoolean()).isTrue();
            assertThat(o.json().path("data")).isEqualTo(http(c[1]));
        }
        var health = run(env, null, "health");
        assertThat(health.exit()).isZero();
        assertThat(health.json().path("data").path("status").asText()).isEqualTo("ok");
    }

    @Test
    void translateReadsAFileAndActReadsStandardInputThenWaitReportsTerminalTasks() throws Exception {
        Path file = dir.resolve("action.json");
        Files.writeString(file, "{\"action_id\":\"cli-t\",\"action\":{\"kind\":\"bash\",\"input\":{\"command\":\"ls\"}}}");
        var t = run(env, null, "translate", "-file", file.toString());
        assertThat(t.exit()).isZero();
        assertThat(t.json().path("data").path("translation_trace").path("normalized_kind").asText()).isEqualTo("os.shell");
        assertThat(t.json().path("data").path("accepted").asBoolean()).isFalse();

        var act = run(env, "{\"action_id\":\"cli-a\",\"action\":{\"kind\":\"sleep\",\"input\":{\"duration_ms\":50}}}", "act");
        assertThat(act.exit()).isZero();
        assertThat(act.json().path("data").path("task_ids").get(0).asText()).isEqualTo("cli-a");

        var w = run(env, null, "wait", "cli-a", "--timeout", "20", "--interval", "20");
        assertThat(w.exit()).isZero();
        assertThat(w.json().path("data").path("all_terminal").asBoolean()).isTrue();
        assertThat(w.json().path("data").path("tasks").get(0).path("id").asText()).isEqualTo("cli-a");
        assertThat(w.json().path("data").path("tasks").get(0).path("status").asText()).isEqualTo("success");
        assertThat(OffsetDateTime.parse(w.json().path("data").path("deadline_rfc3339").asText())).isNotNull();
    }

    @Test
    void submitThenAWaitThatTimesOutExitsThree() throws Exception {
        var s = run(env, "{\"tasks\":[{\"id\":\"cli-slow\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":20000}}]}", "submit", "-file", "-");
        assertThat(s.exit()).isZero();
        assertThat(s.json().path("data").path("task_ids").get(0).asText()).isEqualTo("cli-slow");
        var w = run(env, null, "wait", "cli-slow", "--timeout", "0.3", "--interval", "50");
        assertThat(w.exit()).isEqualTo(3);
        assertThat(w.json().path("ok").asBoolean()).isFalse();
        assertThat(w.json().path("data").path("all_terminal").asBoolean()).isFalse();
        run(env, null, "cancel", "cli-slow");
    }

    @Test
    void cancelWithWaitEndsARunningRuntimeTaskCancelled() throws Exception {
        run(env, "{\"action_id\":\"cli-rt\",\"action\":{\"kind\":\"runtime.script\",\"input\":{\"script\":\"sleep 30\"}}}", "act");
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> !http("/tasks/cli-rt").path("runtime").path("ref").isMissingNode());
        var c = run(env, null, "cancel", "cli-rt", "--wait", "--timeout", "20", "--interval", "20");
        assertThat(c.exit()).as(c.stdout()).isZero();
        JsonNode item = c.json().path("data").path("tasks").get(0);
        assertThat(item.path("task_id").asText()).isEqualTo("cli-rt");
        assertThat(item.path("status").asText()).isEqualTo("cancelling");
        assertThat(item.path("runtime").path("status").asText()).isEqualTo("cancelling");
        assertThat(item.path("runtime").path("error").path("code").asText()).isEqualTo("cancelled");
        assertThat(item.path("event").path("type").asText()).isEqualTo("task_cancel_requested");
        assertThat(item.path("event").path("task_id").asText()).isEqualTo("cli-rt");
        assertThat(c.json().path("data").path("wait").path("tasks").get(0).path("status").asText()).isEqualTo("cancelled");
        assertThat(c.json().path("data").path("all_terminal").asBoolean()).isTrue();
        assertThat(c.json().path("data").path("wait").path("all_terminal").asBoolean()).isTrue();
    }

    @Test
    void ensureRunningFindsBothAlreadyUp() throws Exception {
        var e = run(env, null, "ensure-running", "--with-runtime");
        assertThat(e.exit()).isZero();
        JsonNode d = e.json().path("data");
        assertThat(d.path("control_plane").path("reachable").asBoolean()).isTrue();
        assertThat(d.path("control_plane").path("started_by").asText()).isEqualTo("already-up");
        assertThat(d.path("control_plane").path("health_status_code").asInt()).isEqualTo(200);
        assertThat(d.path("runtime").path("url").asText()).isEqualTo(server.url(Api.RUNTIME));
        assertThat(d.path("runtime").path("ready_status_code").asInt()).isEqualTo(200);
        assertThat(d.path("manual_hints").isEmpty()).isTrue();
    }

    @Test
    void anHttpErrorOfTheServerIsExitOneWithItsStatusAndBody() throws Exception {
        var missing = run(env, null, "wait", "no-such-task", "--timeout", "1");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.json().path("error").path("status_code").asInt()).isEqualTo(404);
        assertThat(missing.json().path("error").path("body").asText()).contains("not_found");
        var badGraph = run(env, "{\"tasks\":[]}", "submit");
        assertThat(badGraph.exit()).isEqualTo(1);
        assertThat(badGraph.json().path("error").path("status_code").asInt()).isEqualTo(400);
    }

    @Test
    void aMissingOrWrongTokenIsExitOneWithA401ThatSaysWhereTheTokenComesFrom() throws Exception {
        Map<String, String> noToken = Map.of("EXEC_URL", server.url(Api.EXEC), "KIT_DATA_DIR", dir.resolve("elsewhere").toString());
        Map<String, String> wrongToken = Map.of("EXEC_URL", server.url(Api.EXEC), "EXEC_TOKEN", "not-the-kit-token");
        for (Map<String, String> e : List.of(noToken, wrongToken)) {
            var o = run(e, "{\"tasks\":[{\"id\":\"cli-no-token\",\"type\":\"os.noop\"}]}", "submit");
            assertThat(o.exit()).as(o.stdout()).isEqualTo(1);
            assertThat(o.json().path("error").path("status_code").asInt()).isEqualTo(401);
            assertThat(o.json().path("error").path("message").asText()).contains("EXEC_TOKEN").contains("KIT_TOKEN")
                    .contains("kit-token").doesNotContain("not-the-kit-token");
        }
        var fromFile = run(Map.of("EXEC_URL", server.url(Api.EXEC), "KIT_DATA_DIR", tokenDir().toString()), null,
                "wait", "cli-no-token", "--timeout", "1");
        assertThat(fromFile.json().path("error").path("status_code").asInt()).as("the token file was read and accepted: "
                + fromFile.stdout()).isEqualTo(404);
    }

    /** A data directory whose kit-token file holds the server's token. */
    static Path tokenDir() throws Exception {
        Path d = Files.createDirectories(dir.resolve("token-dir"));
        Files.writeString(d.resolve("kit-token"), TOKEN + "\n");
        return d;
    }

    @Test
    void usageErrorsAreExitTwoWithTheEnvelope() throws Exception {
        assertThat(run(env, null).exit()).isEqualTo(2);
        assertThat(run(env, null, "frobnicate").exit()).isEqualTo(2);
        assertThat(run(env, null, "wait").exit()).isEqualTo(2);
        assertThat(run(env, null, "wait", "x", "--timeout", "soon").exit()).isEqualTo(2);
        assertThat(run(env, "not json", "act").exit()).isEqualTo(2);
        assertThat(run(env, null, "health", "--wait").exit()).isEqualTo(2);
    }

    @Test
    void theSingleSourceFileRunsWithoutAnyBuild() throws Exception {
        var o = ExecCliProcess.runSource(env, "health");
        assertThat(o.exit()).isZero();
        assertThat(o.json().path("data").path("status").asText()).isEqualTo("ok");
    }

    @Test
    void cancelOfSeveralIdsCancelsEveryOneAndReportsEachOutcomeInOneObject() throws Exception {
        var s = run(env, "{\"tasks\":[{\"id\":\"m-a\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":20000}},"
                + "{\"id\":\"m-b\",\"type\":\"os.noop\"},"
                + "{\"id\":\"m-c\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":20000}}]}", "submit");
        assertThat(s.exit()).as(s.stdout()).isZero();
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> http("/tasks/m-b").path("status").asText().equals("success")
                        && http("/tasks/m-c").path("status").asText().equals("running"));

        var c = run(env, null, "cancel", "m-a", "m-b", "m-c");
        assertThat(c.exit()).as("an already finished task is an HTTP 409: exit 1; " + c.stdout()).isEqualTo(1);
        JsonNode items = c.json().path("data").path("tasks");
        assertThat(items).hasSize(3);
        assertThat(items.get(0).path("task_id").asText()).isEqualTo("m-a");
        assertThat(items.get(0).path("event").path("type").asText()).isEqualTo("task_cancel_requested");
        assertThat(items.get(1).path("task_id").asText()).isEqualTo("m-b");
        assertThat(items.get(1).path("ok").asBoolean()).isFalse();
        assertThat(items.get(1).path("status").asText()).isEqualTo("success");
        assertThat(items.get(1).path("error").path("status_code").asInt()).isEqualTo(409);
        assertThat(items.get(2).path("task_id").asText()).as("the id after the finished one is cancelled too").isEqualTo("m-c");
        assertThat(items.get(2).path("status").asText()).isIn("cancelling", "cancelled");
        assertThat(c.json().path("error").path("message").asText()).contains("1 of 3").contains("m-b");
        assertThat(http("/tasks/m-c").path("status").asText()).isIn("cancelling", "cancelled");

        var w = run(env, null, "cancel", "m-a", "m-b", "m-c", "--wait", "--timeout", "20", "--interval", "20");
        assertThat(w.exit()).as("with --wait a finished task reports its final state: " + w.stdout()).isZero();
        assertThat(w.json().path("data").path("all_terminal").asBoolean()).isTrue();
        JsonNode waited = w.json().path("data").path("wait").path("tasks");
        assertThat(waited).hasSize(3);
        assertThat(waited.get(0).path("status").asText()).isEqualTo("cancelled");
        assertThat(waited.get(1).path("status").asText()).isEqualTo("success");
        assertThat(waited.get(2).path("status").asText()).isEqualTo("cancelled");

        var missing = run(env, null, "cancel", "no-such-task", "m-a", "--wait", "--timeout", "5", "--interval", "20");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.json().path("data").path("tasks").get(0).path("error").path("status_code").asInt()).isEqualTo(404);
        assertThat(missing.json().path("data").path("wait").path("tasks").get(0).path("id").asText()).isEqualTo("m-a");
    }

    @Test
    void ensureRunningReportsAnExecRuntimeUrlThatIsNotTheControlPlanesOwn() throws Exception {
        HttpServer other = HttpServer.create(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        other.createContext("/", ex -> {
            byte[] b = "{\"status\":\"ready\"}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        other.start();
        try {
            String otherUrl = "http://127.0.0.1:" + other.getAddress().getPort();
            Map<String, String> e = Map.of("EXEC_URL", server.url(Api.EXEC), "EXEC_RUNTIME_URL", otherUrl, "EXEC_TOKEN", TOKEN);
            var with = run(e, null, "ensure-running", "--with-runtime");
            assertThat(with.exit()).as(with.stdout()).isEqualTo(5);
            JsonNode d = with.json().path("data");
            assertThat(d.path("control_plane").path("runtime_url").asText()).isEqualTo(server.url(Api.RUNTIME));
            assertThat(d.path("runtime").path("matches_control_plane").asBoolean()).isFalse();
            assertThat(d.path("manual_hints").toString()).contains(server.url(Api.RUNTIME)).contains(otherUrl);
            var without = run(e, null, "ensure-running");
            assertThat(without.exit()).as("without --with-runtime the mismatch is a hint").isZero();
            assertThat(without.json().path("data").path("manual_hints").toString()).contains(server.url(Api.RUNTIME));
        } finally {
            other.stop(0);
        }
    }

    @Test
    void getListAndDeleteReadAndForgetTasks() throws Exception {
        var submitted = run(env, "{\"tasks\":[{\"id\":\"gld-a\",\"type\":\"os.noop\"},{\"id\":\"gld-b\",\"type\":\"os.noop\"}]}",
                "submit");
        assertThat(submitted.exit()).as(submitted.stdout()).isZero();
        assertThat(run(env, null, "wait", "gld-a", "gld-b", "--timeout", "20", "--interval", "20").exit()).isZero();

        var got = run(env, null, "get", "gld-a");
        assertThat(got.exit()).isZero();
        assertThat(got.json().path("data")).isEqualTo(http("/tasks/gld-a"));

        var page = run(env, null, "list", "--status", "success", "--limit", "1");
        assertThat(page.exit()).as(page.stdout()).isZero();
        assertThat(page.json().path("data").path("tasks")).hasSize(1);
        assertThat(page.json().path("data").path("limit").asInt()).isEqualTo(1);
        assertThat(page.json().path("data").path("total").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(page.json().path("data").path("tasks").get(0).path("status").asText()).isEqualTo("success");
        var badFilter = run(env, null, "list", "--status", "sleeping");
        assertThat(badFilter.exit()).isEqualTo(1);
        assertThat(badFilter.json().path("error").path("status_code").asInt()).isEqualTo(400);
        assertThat(run(env, null, "list", "--limit", "ten").exit()).isEqualTo(2);

        var deleted = run(env, null, "delete", "gld-a", "gld-none", "gld-b");
        assertThat(deleted.exit()).as(deleted.stdout()).isEqualTo(1);
        assertThat(deleted.json().path("data").path("deleted").toString()).isEqualTo("[\"gld-a\",\"gld-b\"]");
        assertThat(deleted.json().path("data").path("failed").get(0).path("task_id").asText()).isEqualTo("gld-none");
        assertThat(deleted.json().path("data").path("failed").get(0).path("error").path("status_code").asInt()).isEqualTo(404);
        var gone = run(env, null, "get", "gld-a");
        assertThat(gone.exit()).isEqualTo(1);
        assertThat(gone.json().path("error").path("status_code").asInt()).isEqualTo(404);
        assertThat(run(env, null, "delete", "gld-b").exit()).isEqualTo(1);
    }
}
