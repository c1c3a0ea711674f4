package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ChildEnvironment;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code mcp.call}: one {@code tools/call} on a configured MCP server (see {@link McpServers}) with the official MCP
 * Java SDK: initialize, call, close. A stdio server is started for the call with the allow-listed environment of
 * local commands only. The result is the tool's {@code CallToolResult}; a result with {@code isError} fails the task
 * ({@code mcp_tool_error}, the result kept), and so does a server that cannot be reached ({@code mcp_error}).
 */
final class McpCall {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** No JSON Schema validation of tool output (as in the agent's MCP client). */
    private static final JsonSchemaValidator NO_OUTPUT_CHECK = (schema, content) -> JsonSchemaValidator.ValidationResponse.asValid(null);

    private McpCall() {
    }

    static JsonNode call(McpServers.Server server, String tool, Map<String, Object> arguments, Duration timeout,
                         ChildEnvironment env) throws WorkFailed {
        McpClientTransport transport = transport(server, timeout, env);
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(timeout)
                .initializationTimeout(timeout)
                .clientInfo(new McpSchema.Implementation("contract-kit-exec", "1.0.0"))
                .jsonSchemaValidator(NO_OUTPUT_CHECK)
                .build();
        McpSchema.CallToolResult result;
        try {
            client.initialize();
            result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new WorkFailed("cancelled", "the MCP call was stopped", null, false);
            }
            throw new WorkFailed("mcp_error", "MCP server " + server.name() + ": " + message(e), null);
        } finally {
            client.close();
        }
        ObjectNode out = JSON.createObjectNode().put("server", server.name()).put("tool", tool);
        out.set("result", JSON.valueToTree(result));
        if (Boolean.TRUE.equals(result.isError())) {
            String text = result.content() == null ? "" : result.content().stream()
                    .map(c -> c instanceof McpSchema.TextContent t ? t.text() : "[" + c.type() + "]")
                    .collect(Collectors.joining("\n"));
            throw new WorkFailed("mcp_tool_error", "the tool " + tool + " reported an error: " + text, out, false);
        }
        return out;
    }

    private static String message(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t && (t.getMessage() == null || t.getMessage().isBlank())) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    private static boolean runnable(String program, String path) {
        if (program.contains("/")) {
            return Files.isRegularFile(Path.of(program)) && Files.isExecutable(Path.of(program));
        }
        for (String d : path.split(":")) {
            Path p = Path.of(d.isEmpty() ? "." : d, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return true;
            }
        }
        return false;
    }

    private static McpClientTransport transport(McpServers.Server server, Duration timeout, ChildEnvironment env)
            throws WorkFailed {
        JacksonMcpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        if (server.stdio()) {
            // the SDK swallows a program that cannot start and waits for its time-out: tell at once
            String program = server.command().get(0);
            if (!runnable(program, env.inherited().getOrDefault("PATH", ""))) {
                throw new WorkFailed("mcp_error", "MCP server " + server.name() + ": cannot run " + program
                        + " (not an executable file, nor on the PATH)", null, false);
            }
            ServerParameters params = ServerParameters.builder(server.command().get(0))
                    .args(server.command().subList(1, server.command().size())).env(env.inherited()).build();
            return new StdioClientTransport(params, mapper) {
                @Override
                protected ProcessBuilder getProcessBuilder() {
                    ProcessBuilder pb = new ProcessBuilder();
                    pb.environment().clear(); // only the allow-listed variables (set by the SDK from params), no secrets
                    return pb;
                }
            };
        }
        URI uri = server.url();
        String endpoint = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            endpoint = endpoint + "?" + uri.getRawQuery();
        }
        return HttpClientStreamableHttpTransport.builder(uri.getScheme() + "://" + uri.getRawAuthority())
                .endpoint(endpoint)
                .jsonMapper(mapper)
                .connectTimeout(timeout)
                .build();
    }
}
