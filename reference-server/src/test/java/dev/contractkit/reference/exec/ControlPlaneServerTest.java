package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The control plane and the runtime service over real sockets, real processes, the embedded database. */
class ControlPlaneServerTest {
    @TempDir
    Path dir;
    KitServer server;
    ExecHttp http;

    /** Starts the control plane and the runtime with the tests' kit token ({@link ExecHttp#TOKEN}). */
    void start(Settings settings) {
        server = KitServer.start(settings.with("token", ExecHttp.TOKEN), List.of(Api.EXEC, Api.RUNTIME));
        http = new ExecHttp(server.url(Api.EXEC));
    }

    /** The store the suite runs on: the embedded database here, PostgreSQL in the subclass. */
    Settings base() {
        return TestDatabases.embedded(dir);
    }

    Settings enabled() {
        return base().with("exec.allow-runtime", "true").with("runtime.allow-commands", "true").with("exec.allow-shell", "true")
                .with("exec.allowed-commands", "echo,sh").with("exec.sandbox-dir", dir.resolve("sandbox").toString())
                .with("exec.poll-ms", "20");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyKindAndAliasTranslatesWithoutRunningAnything() {
        start(base());
        for (ActionKind kind : ActionKind.values()) {
            for (String name : concat(kind.id(), kind.aliases())) {
                String input = switch (kind) {
                    case OS_SHELL -> "{\"command\":\"echo hi\"}";
                    case CLI_RUN -> "{\"command\":[\"echo\",\"hi\"]}";
                    case OS_FILE -> "{\"op\":\"read\",\"path\":\"a.txt\"}";
                    case OS_HTTP -> "{\"url\":\"http://127.0.0.1:1/\"}";
                    case OS_DNS -> "{\"host\":\"localhost\"}";
                    case OS_TCP -> "{\"host\":\"127.0.0.1\",\"port\":1}";
                    case OS_SLEEP -> "{\"duration_ms\":10}";
                    case OS_NOOP -> "{}";
                    case RUNTIME_COMMAND -> "{\"command\":[\"echo\",\"hi\"]}";
                    case RUNTIME_SCRIPT -> "{\"script\":\"echo hi\"}";
                    case MCP_CALL -> "{\"server\":\"files\",\"tool\":\"list\"}";
                    case TASK_GRAPH_SUBMIT -> "{\"tasks\":[{\"id\":\"g-" + name.replace('.', '-') + "\",\"type\":\"os.noop\"}]}";
                };
                var r = http.post("/adapters/translate", "{\"adapter\":\"codex\",\"agent_id\":\"ag\",\"action_id\":\"t-"
                        + name.replace('.', '-') + "\",\"action\":{\"kind\":\"" + name + "\",\"input\":" + input + "}}");
                assertThat(r.status()).as(name + ": " + r.body()).isEqualTo(200);
                assertThat(r.body().path("accepted").asBoolean()).isFalse();
                assertThat(r.body().path("translation_trace").path("schema_version").asText()).isEqualTo("agent.v1");
                assertThat(r.body().path("translation_trace").path("source_kind").asText()).isEqualTo(name);
                assertThat(r.body().path("translation_trace").path("normalized_kind").asText()).isEqualTo(kind.id());
                String taskId = r.body().path("task_ids").get(0).asText();
                assertThat(http.get("/tasks/" + taskId).status()).as("translate stores nothing").isEqualTo(404);
            }
        }
    }

    private static List<String> concat(String first, List<String> rest) {
        return Stream.concat(Stream.of(first), rest.stream()).toList();
    }

    @Test
    void badGraphsAreRefusedWithAClear400() {
        start(base());
        assertRefused("{\"tasks\":[]}", "empty");
        assertRefused("{\"tasks\":[{\"id\":\"a\",\"type\":\"os.noop\"},{\"id\":\"a\",\"type\":\"os.noop\"}]}", "duplicate task id: a");
        assertRefused("{\"tasks\":[{\"id\":\"a\",\"type\":\"os.noop\",\"depends_on\":[\"zz\"]}]}", "unknown task zz");
        assertRefused("{\"tasks\":[{\"id\":\"a\",\"type\":\"os.noop\",\"depends_on\":[\"a\"]}]}", "depends on itself");
        assertRefused("{\"tasks\":[{\"id\":\"a\",\"type\":\"os.noop\",\"depends_on\":[\"c\"]},{\"id\":\"b\",\"type\":\"os.noop\",\"depends_on\":[\"a\"]},"
                + "{\"id\":\"c\",\"type\":\"os.noop\",\"depends_on\":[\"b\"]}]}", "cycle: a -> c -> b -> a");
        var malformed = http.post("/tasks", "{\"tasks\":");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.body().path("error").path("code").asText()).isEqualTo("invalid_request");
        var unknownType = http.post("/tasks", "{\"tasks\":[{\"id\":\"a\",\"type\":\"os.teleport\"}]}");
        assertThat(unknownType.status()).isEqualTo(400);
        assertThat(unknownType.body().path("error").path("message").asText()).contains("tasks[0].type");
    }

    @Test
    void aBadActionIsRefusedNamingItsField() {
        start(base());
        var noKind = http.post("/adapters/translate", "{\"action\":{}}");
        assertThat(noKind.status()).isEqualTo(400);
        assertThat(noKind.body().path("error").path("message").asText()).isEqualTo("action.kind: is required");
        var retry = http.post("/adapters/actions", "{\"action\":{\"kind\":\"sleep\",\"retry\":99}}");
        assertThat(retry.body().path("error").path("message").asText()).startsWith("action.retry:");
        var unknown = http.post("/adapters/translate", "{\"action\":{\"kind\":\"teleport\"}}");
        assertThat(unknown.body().path("error").path("code").asText()).isEqualTo("unknown_action_kind");
    }

    private void assertRefused(String graph, String message) {
        var r = http.post("/tasks", graph);
        assertThat(r.status()).as(r.body().toString()).isEqualTo(400);
        assertThat(r.body().path("error").path("code").asText()).isEqualTo("invalid_task_graph");
        assertThat(r.body().path("error").path("message").asText()).contains(message);
    }

    @Test
    void tasksRunInDependencyOrderAndAFailedDependencySkipsItsDependants() throws Exception {
        start(enabled());
        var r = http.post("/tasks", "{\"tasks\":["
                + "{\"id\":\"late\",\"type\":\"os.noop\",\"depends_on\":[\"first\"]},"
                + "{\"id\":\"first\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":100}},"
                + "{\"id\":\"boom\",\"type\":\"os.shell\",\"params\":{\"command\":\"echo out; exit 3\"},\"retry\":2},"
                + "{\"id\":\"after-boom\",\"type\":\"os.noop\",\"depends_on\":[\"boom\"]},"
                + "{\"id\":\"after-after\",\"type\":\"os.noop\",\"depends_on\":[\"after-boom\"]}]}");
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
        JsonNode first = http.awaitTerminal("first");
        JsonNode late = http.awaitTerminal("late");
        assertThat(first.path("status").asText()).isEqualTo("success");
        assertThat(late.path("status").asText()).isEqualTo("success");
        assertThat(OffsetDateTime.parse(late.path("updated_at").asText()))
                .isAfterOrEqualTo(OffsetDateTime.parse(first.path("updated_at").asText()));
        JsonNode boom = http.awaitTerminal("boom");
        assertThat(boom.path("status").asText()).isEqualTo("failed");
        assertThat(boom.path("attempts").asInt()).as("retry 2 = three attempts").isEqualTo(3);
        assertThat(boom.path("error").path("code").asText()).isEqualTo("exit_code");
        assertThat(boom.path("result").path("stdout").asText()).isEqualTo("out\n");
        assertThat(http.awaitTerminal("after-boom").path("status").asText()).isEqualTo("skipped");
        assertThat(http.awaitTerminal("after-after").path("status").asText()).isEqualTo("skipped");
    }

    @Test
    void anAttemptPastItsTimeOutFails() throws Exception {
        start(enabled());
        http.post("/tasks", "{\"tasks\":[{\"id\":\"slow\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":10000},\"timeout\":100}]}");
        JsonNode slow = http.awaitTerminal("slow");
        assertThat(slow.path("status").asText()).isEqualTo("failed");
        assertThat(slow.path("error").path("code").asText()).isEqualTo("timeout");
    }

    @Test
    void actTranslatesStoresAndExecutes() throws Exception {
        start(enabled());
        var r = http.post("/adapters/actions", "{\"adapter\":\"claudecode\",\"agent_id\":\"a1\",\"session_id\":\"s1\","
                + "\"action_id\":\"say\",\"action\":{\"kind\":\"command\",\"input\":{\"command\":[\"echo\",\"hello\"]}}}");
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
        assertThat(r.body().path("accepted").asBoolean()).isTrue();
        assertThat(r.body().path("task_ids").get(0).asText()).isEqualTo("say");
        JsonNode task = http.awaitTerminal("say");
        assertThat(task.path("status").asText()).as(task.toString()).isEqualTo("success");
        assertThat(task.path("result").path("stdout").asText()).isEqualTo("hello\n");
        assertThat(task.path("runtime").path("executor").asText()).isEqualTo("runtime");
        assertThat(task.path("runtime").path("ref").asText()).startsWith("rt-");
        assertThat(http.post("/adapters/actions", "{\"action_id\":\"say\",\"action\":{\"kind\":\"os.noop\"}}").status())
                .as("an id in use").isEqualTo(409);
    }

    @Test
    void cancellingARunningRuntimeTaskKillsItsProcessTreeAndEndsCancelled() throws Exception {
        start(enabled());
        Path marker = dir.resolve("child-still-alive");
        http.post("/adapters/actions", "{\"action_id\":\"long\",\"action\":{\"kind\":\"runtime.script\",\"input\":{\"script\":"
                + "\"(sleep 2; touch " + marker + ") & sleep 30\"}}}");
        JsonNode running = http.awaitStatus("long", Set.of("running"));
        assertThat(running.path("status").asText()).isEqualTo("running");
        waitForRef("long");
        var cancel = http.post("/tasks/long/cancel", null);
        assertThat(cancel.status()).as(cancel.body().toString()).isEqualTo(200);
        JsonNode item = cancel.body().path("tasks").get(0);
        assertThat(item.path("task_id").asText()).isEqualTo("long");
        assertThat(item.path("status").asText()).isEqualTo("cancelling");
        assertThat(item.path("runtime").path("status").asText()).isEqualTo("cancelling");
        assertThat(item.path("runtime").path("error").path("code").asText()).isEqualTo("cancelled");
        assertThat(item.path("event").path("type").asText()).isEqualTo("task_cancel_requested");
        assertThat(item.path("event").path("task_id").asText()).isEqualTo("long");
        JsonNode done = http.awaitTerminal("long");
        assertThat(done.path("status").asText()).isEqualTo("cancelled");
        String ref = done.path("runtime").path("ref").asText();
        var rt = new ExecHttp(server.url(Api.RUNTIME)).get("/api/v1/tasks/" + ref);
        assertThat(rt.body().path("status").asText()).isEqualTo("killed");
        // the background child would have touched the marker after 2 s: it stays absent for longer than that
        await().during(Duration.ofMillis(2500)).atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(Files.exists(marker)).as("the child of the killed shell is gone too")
                        .isFalse());
        assertThat(http.post("/tasks/long/cancel", null).status()).as("a finished task").isEqualTo(409);
    }

    private void waitForRef(String id) {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> !http.get("/tasks/" + id).body().path("runtime").path("ref").isMissingNode());
    }

    @Test
    void cancellingAPendingTaskCancelsItAtOnceAndDeleteOnlyForgets() throws Exception {
        start(enabled());
        http.post("/tasks", "{\"tasks\":[{\"id\":\"gate\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":5000}},"
                + "{\"id\":\"waiting\",\"type\":\"os.noop\",\"depends_on\":[\"gate\"]}]}");
        var cancel = http.post("/tasks/waiting/cancel", null);
        assertThat(cancel.body().path("tasks").get(0).path("status").asText()).isEqualTo("cancelled");
        assertThat(cancel.body().path("tasks").get(0).path("event").path("type").asText()).isEqualTo("task_cancel_requested");
        http.awaitStatus("gate", Set.of("running"));
        var gateCancel = http.post("/tasks/gate/cancel", null);
        assertThat(gateCancel.body().path("tasks").get(0).path("status").asText()).isEqualTo("cancelling");
        assertThat(http.awaitTerminal("gate").path("status").asText()).isEqualTo("cancelled");
        assertThat(http.delete("/tasks/gate").status()).isEqualTo(204);
        assertThat(http.get("/tasks/gate").status()).isEqualTo(404);
        assertThat(http.delete("/tasks/gate").status()).isEqualTo(404);
    }

    @Test
    void commandsAndFilesAreRefusedUnlessEnabled() {
        start(base());
        for (String kind : List.of("os.shell", "cli.run", "os.file", "runtime.command", "runtime.script", "mcp.call")) {
            String input = switch (kind) {
                case "os.shell" -> "{\"command\":\"id\"}";
                case "mcp.call" -> "{\"server\":\"files\",\"tool\":\"list\"}";
                case "cli.run", "runtime.command" -> "{\"command\":[\"id\"]}";
                case "os.file" -> "{\"path\":\"x\"}";
                default -> "{\"script\":\"id\"}";
            };
            var r = http.post("/adapters/actions", "{\"action\":{\"kind\":\"" + kind + "\",\"input\":" + input + "}}");
            assertThat(r.status()).as(kind).isEqualTo(403);
            assertThat(r.body().path("error").path("code").asText()).isEqualTo("action_disabled");
            assertThat(r.body().path("error").path("message").asText()).contains("KIT_EXEC_");
        }
        assertThat(http.get("/adapters/capabilities").body().path("enabled_kinds").toString())
                .doesNotContain("os.shell").doesNotContain("mcp.call").contains("os.noop");
        assertThat(http.get("/adapters/tools").body().path("tools").findValuesAsText("action_kind"))
                .as("the tool manifest offers only what can run").contains("os.noop", "os.http")
                .doesNotContain("os.shell", "os.file", "cli.run", "runtime.command", "runtime.script", "mcp.call");
    }

    @Test
    void anOversizedBodyAndTooBigAGraphAreRefused() {
        start(base().with("exec.max-body-bytes", "200").with("exec.max-graph-tasks", "2"));
        var big = http.post("/tasks", "{\"tasks\":[{\"id\":\"" + "a".repeat(300) + "\",\"type\":\"os.noop\"}]}");
        assertThat(big.status()).isEqualTo(413);
        assertThat(big.body().path("error").path("code").asText()).isEqualTo("body_too_large");
        var many = http.post("/tasks", "{\"tasks\":[{\"id\":\"a\",\"type\":\"os.noop\"},{\"id\":\"b\",\"type\":\"os.noop\"},"
                + "{\"id\":\"c\",\"type\":\"os.noop\"}]}");
        assertThat(many.status()).isEqualTo(429);
        assertThat(many.body().path("error").path("code").asText()).isEqualTo("too_many_tasks");
    }

    @Test
    void cliRunOnlyStartsAllowedPrograms() throws Exception {
        start(enabled());
        http.post("/tasks", "{\"tasks\":[{\"id\":\"ok\",\"type\":\"cli.run\",\"params\":{\"command\":[\"echo\",\"fine\"]}},"
                + "{\"id\":\"no\",\"type\":\"cli.run\",\"params\":{\"command\":[\"id\"]}}]}");
        assertThat(http.awaitTerminal("ok").path("result").path("stdout").asText()).isEqualTo("fine\n");
        JsonNode no = http.awaitTerminal("no");
        assertThat(no.path("status").asText()).isEqualTo("failed");
        assertThat(no.path("error").path("code").asText()).isEqualTo("refused");
    }

    @Test
    void tasksAndStateSurviveInTheDatabase() throws Exception {
        start(enabled());
        http.post("/tasks", "{\"tasks\":[{\"id\":\"kept\",\"type\":\"os.noop\"}]}");
        assertThat(http.awaitTerminal("kept").path("status").asText()).isEqualTo("success");
        server.close();
        start(enabled());
        assertThat(http.get("/tasks/kept").body().path("status").asText()).isEqualTo("success");
        assertThat(http.get("/health").body().path("status").asText()).isEqualTo("ok");
    }

    @Test
    void cancellingARunningShellEndsItsWholeProcessTree() throws Exception {
        start(enabled());
        http.post("/tasks", "{\"tasks\":[{\"id\":\"sh\",\"type\":\"os.shell\",\"params\":{\"command\":"
                + "\"sleep 30 & sleep 30 & echo $$ > pid; wait\"}}]}");
        http.awaitStatus("sh", Set.of("running"));
        Path pidFile = dir.resolve("sandbox/pid");
        await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(pidFile) && !Files.readString(pidFile).isBlank());
        ProcessHandle shell = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).orElseThrow();
        List<ProcessHandle> children = shell.children().toList();
        assertThat(children).hasSize(2);

        var cancel = http.post("/tasks/sh/cancel", null);
        assertThat(cancel.body().path("tasks").get(0).path("status").asText()).isEqualTo("cancelling");
        assertThat(cancel.body().path("tasks").get(0).path("runtime").path("executor").asText()).isEqualTo("local");
        assertThat(http.awaitTerminal("sh").path("status").asText()).isEqualTo("cancelled");
        // the signals are sent before the task is cancelled; the processes exit a moment later
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            assertThat(shell.isAlive()).isFalse();
            assertThat(children).noneMatch(ProcessHandle::isAlive);
        });
    }

    @Test
    void deletingARunningTaskForgetsItWithoutStoppingTheServer() throws Exception {
        start(enabled());
        http.post("/tasks", "{\"tasks\":[{\"id\":\"busy\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":300}}]}");
        http.awaitStatus("busy", Set.of("running"));
        assertThat(http.delete("/tasks/busy").status()).isEqualTo(204);
        assertThat(http.get("/tasks/busy").status()).isEqualTo(404);
        // the 300 ms sleep ends with nothing left to record: clean-up is not undone by the finishing work
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(3))
                .untilAsserted(() -> assertThat(http.get("/tasks/busy").status())
                        .as("clean-up is not undone by the finishing work").isEqualTo(404));
        assertThat(http.post("/tasks", "{\"tasks\":[{\"id\":\"busy\",\"type\":\"os.noop\"}]}").status())
                .as("the id is free again").isEqualTo(202);
        assertThat(http.awaitTerminal("busy").path("status").asText()).isEqualTo("success");
    }
}
