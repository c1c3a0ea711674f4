package dev.contractkit.specs.agui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The official AG-UI TypeScript client ({@code @ag-ui/client} {@code HttpAgent.runAgent}, pinned in
 * {@code specs/tools/agui/package.json}) run by node through {@code specs/tools/agui/run-agent.mjs}; every event
 * it receives is also parsed with {@code @ag-ui/core}'s {@code EventSchemas}. The packages are installed by the
 * project's own script ({@code ensure.sh}, also run by the specs build). No node or no install fails the test:
 * it never skips. Shared with the mock's and the reference server's tests through this module's test jar.
 */
public final class OfficialAgUiClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TOOLS = locate();

    /** What run-agent.mjs printed: {ok, types, rejected, outcome, result, error, runError, newMessages}. */
    public record Report(JsonNode json, String stderr) {
        public boolean ok() {
            return json.path("ok").asBoolean();
        }

        public List<String> types() {
            List<String> out = new ArrayList<>();
            json.path("types").forEach(t -> out.add(t.asText()));
            return out;
        }

        @Override
        public String toString() {
            return json.toString() + (stderr.isBlank() ? "" : "\nstderr: " + stderr);
        }
    }

    private OfficialAgUiClient() {
    }

    public static ObjectNode args(String url, String token, String threadId, String runId, String question) {
        ObjectNode a = JSON.createObjectNode().put("url", url).put("threadId", threadId).put("runId", runId)
                .put("question", question);
        if (token != null) {
            a.put("token", token);
        }
        return a;
    }

    /** Runs {@code HttpAgent.runAgent} with these arguments (see run-agent.mjs). */
    public static Report run(ObjectNode args) throws IOException, InterruptedException {
        ensureInstalled();
        Path out = Files.createTempFile("agui-run", ".json");
        Path err = Files.createTempFile("agui-run", ".err");
        try {
            Process p = new ProcessBuilder("node", TOOLS.resolve("run-agent.mjs").toString(), JSON.writeValueAsString(args))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("run-agent.mjs did not end within 60 s: " + Files.readString(err));
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8).trim();
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            if (stdout.isEmpty()) {
                throw new AssertionError("run-agent.mjs printed nothing (exit " + p.exitValue() + "): " + stderr);
            }
            return new Report(JSON.readTree(stdout.lines().reduce((a, b) -> b).orElseThrow()), stderr);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static synchronized void ensureInstalled() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", TOOLS.resolve("ensure.sh").toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new AssertionError("the official AG-UI packages are not installed (specs/tools/agui/ensure.sh: node 20+ and"
                    + " npm are needed): " + log);
        }
    }

    private static Path locate() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path tools = d.resolve("specs/tools/agui");
            if (Files.isRegularFile(tools.resolve("run-agent.mjs"))) {
                return tools;
            }
        }
        throw new IllegalStateException("specs/tools/agui not found above " + Path.of("").toAbsolutePath());
    }
}
