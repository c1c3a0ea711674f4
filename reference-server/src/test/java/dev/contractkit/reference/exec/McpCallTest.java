package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code mcp.call} against two tiny real MCP servers written here: one over HTTP (a JDK listener answering JSON-RPC
 * {@code initialize} and {@code tools/call}) and one over stdio (a bash process reading JSON-RPC lines).
 */
class McpCallTest {
    @TempDir
    static Path dir;
    static HttpServer mcpHttp;
    static KitServer server;
    static ExecHttp http;
    static final List<String> httpCalls = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws IOException {
        mcpHttp = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        mcpHttp.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        mcpHttp.createContext("/mcp", McpCallTest::answer);
        mcpHttp.start();
        Path stdio = dir.resolve("stdio-mcp.sh");
        Files.writeString(stdio, """
                #!/usr/bin/env bash
                # a stdio MCP server: one JSON-RPC message per line in, one per line out
                while IFS= read -r line; do
                  id=; [[ $line =~ \\"id\\":(\\"[^\\"]*\\"|[0-9]+) ]] && id=${BASH_REMATCH[1]}
                  case "$line" in
                    *'"method":"initialize"'*)
                      v=2025-06-18; [[ $line =~ \\"protocolVersion\\":\\"([^\\"]*)\\" ]] && v=${BASH_REMATCH[1]}
                      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"%s","capabilities":{"tools":{}},"serverInfo":{"name":"stdio-echo","version":"1"}}}\\n' "$id" "$v" ;;
                    *'"method":"tools/call"'*)
                      t=; [[ $line =~ \\"text\\":\\"([^\\"]*)\\" ]] && t=${BASH_REMATCH[1]}
                      printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"stdio echo: %s (secret: %s)"}],"isError":false}}\\n' "$id" "$t" "${KIT_TOKEN:-none}" ;;
                    *'"id":'*) printf '{"jsonrpc":"2.0","id":%s,"result":{}}\\n' "$id" ;;
                  esac
                done
                """);
        Files.setPosixFilePermissions(stdio, PosixFilePermissions.fromString("rwx------"));
        String servers = "web=http://127.0.0.1:" + mcpHttp.getAddress().getPort() + "/mcp,local=stdio:bash " + stdio
                + ",missing=stdio:" + dir.resolve("no-such-program");
        server = KitServer.start(TestDatabases.embedded(dir).with("token", ExecHttp.TOKEN).with("exec.poll-ms", "20")
                .with("exec.mcp-servers", servers), List.of(Api.EXEC));
        http = new ExecHttp(server.url(Api.EXEC));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        mcpHttp.stop(0);
    }

    /** The HTTP MCP server: {@code initialize}, {@code tools/call} of {@code echo} and {@code broken}; 202 for notifications. */
    private static void answer(HttpExchange ex) throws IOException {
        try (ex) {
            if (!ex.getRequestMethod().equals("POST")) {
                ex.sendResponseHeaders(405, -1);
                return;
            }
            JsonNode m = ExecHttp.JSON.readTree(ex.getRequestBody());
            if (!m.has("id")) {
                ex.sendResponseHeaders(202, -1);
                return;
            }
            ObjectNode reply = ExecHttp.JSON.createObjectNode().put("jsonrpc", "2.0");
            reply.set("id", m.get("id"));
            String method = m.path("method").asText();
            if (method.equals("initialize")) {
                ObjectNode r = reply.putObject("result").put("protocolVersion", m.at("/params/protocolVersion").asText());
                r.putObject("capabilities").putObject("tools");
                r.putObject("serverInfo").put("name", "http-echo").put("version", "1");
            } else if (method.equals("tools/call")) {
                String tool = m.at("/params/name").asText();
                httpCalls.add(tool + ":" + m.at("/params/arguments/text").asText());
                ObjectNode r = reply.putObject("result");
                r.putArray("content").addObject().put("type", "text").put("text", tool.equals("echo")
                        ? "echo: " + m.at("/params/arguments/text").asText() : "the tool broke");
                r.put("isError", !tool.equals("echo"));
            } else {
                reply.putObject("result");
            }
            byte[] bytes = ExecHttp.JSON.writeValueAsBytes(reply);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, bytes.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(bytes);
            }
        }
    }

    private JsonNode act(String id, String server, String tool, String text) {
        var r = http.post("/adapters/actions", "{\"action_id\":\"" + id + "\",\"action\":{\"kind\":\"mcp.call\",\"input\":"
                + "{\"server\":\"" + server + "\",\"tool\":\"" + tool + "\",\"arguments\":{\"text\":\"" + text + "\"}}}}");
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
        return http.awaitTerminal(id);
    }

    @Test
    void anMcpCallToAnHttpServerRunsTheToolAndKeepsItsResult() {
        JsonNode task = act("mcp-web", "web", "echo", "hello over http");
        assertThat(task.path("status").asText()).as(task.toString()).isEqualTo("success");
        assertThat(task.at("/result/result/content/0/text").asText()).isEqualTo("echo: hello over http");
        assertThat(task.at("/result/server").asText()).isEqualTo("web");
        assertThat(httpCalls).contains("echo:hello over http");
    }

    @Test
    void anMcpCallToAStdioServerRunsItAsAProcessWithoutTheServersSecrets() {
        JsonNode task = act("mcp-local", "local", "echo", "hello over stdio");
        assertThat(task.path("status").asText()).as(task.toString()).isEqualTo("success");
        assertThat(task.at("/result/result/content/0/text").asText()).isEqualTo("stdio echo: hello over stdio (secret: none)");
    }

    @Test
    void aToolErrorAndAnUnknownServerFailTheTaskWithTheirCodes() {
        JsonNode broken = act("mcp-broken", "web", "broken", "x");
        assertThat(broken.path("status").asText()).isEqualTo("failed");
        assertThat(broken.at("/error/code").asText()).isEqualTo("mcp_tool_error");
        assertThat(broken.at("/result/result/isError").asBoolean()).isTrue();
        JsonNode unknown = act("mcp-unknown", "nowhere", "echo", "x");
        assertThat(unknown.path("status").asText()).isEqualTo("failed");
        assertThat(unknown.at("/error/code").asText()).isEqualTo("mcp_unavailable");
        assertThat(unknown.at("/error/message").asText()).contains("local").contains("web");
        JsonNode missing = act("mcp-missing", "missing", "echo", "x");
        assertThat(missing.path("status").asText()).isEqualTo("failed");
        assertThat(missing.at("/error/code").asText()).isEqualTo("mcp_error");
        assertThat(missing.at("/error/message").asText()).contains("cannot run");
    }

    @Test
    void capabilitiesAndTheToolManifestAdvertiseMcpCallWithTheConfiguredServers() {
        assertThat(http.get("/adapters/capabilities").body().path("enabled_kinds").toString()).contains("mcp.call");
        JsonNode tool = null;
        for (JsonNode t : http.get("/adapters/tools").body().path("tools")) {
            if (t.path("action_kind").asText().equals("mcp.call")) {
                tool = t;
            }
        }
        assertThat(tool).isNotNull();
        assertThat(tool.at("/input_schema/properties/server/enum").toString()).isEqualTo("[\"local\",\"missing\",\"web\"]");
    }
}
