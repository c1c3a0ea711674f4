package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Calls a registered MCP server over Streamable HTTP with the official MCP Java SDK (sync client). The server's
 * token is sent as {@code Authorization: Bearer <token>} and is never part of what this class returns: every text
 * it hands back has the token replaced by {@code [redacted]}.
 *
 * <p>The deterministic rule that picks a tool: the tool whose name's words (split on {@code _ - .} and
 * camelCase, three letters or more) occur most often in the question, ties broken by name; none when no word
 * matches. Its arguments: the question for every string property of the tool's input schema.
 */
final class McpTool {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** No JSON Schema validation of tool output (the SDK's default validator needs another networknt major). */
    private static final JsonSchemaValidator NO_OUTPUT_CHECK = (schema, content) -> JsonSchemaValidator.ValidationResponse.asValid(null);

    private McpTool() {
    }

    /** An open session with one MCP server. */
    static final class Session implements AutoCloseable {
        private final McpSyncClient client;
        private final String token;

        private Session(McpSyncClient client, String token) {
            this.client = client;
            this.token = token;
        }

        List<McpSchema.Tool> tools() {
            return client.listTools().tools();
        }

        /** @return the tool's text content (redacted), or the error it reported prefixed with {@code error: } */
        String call(String tool, Map<String, Object> arguments) {
            McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
            String text = r.content().stream().map(c -> c instanceof McpSchema.TextContent t ? t.text() : "[" + c.type() + "]")
                    .collect(Collectors.joining("\n"));
            return redact(Boolean.TRUE.equals(r.isError()) ? "error: " + text : text);
        }

        String redact(String text) {
            return token == null || token.isEmpty() || text == null ? text : text.replace(token, "[redacted]");
        }

        @Override
        public void close() {
            client.close();
        }
    }

    /**
     * Connects and initialises (at most 10 s per request), only ever to the target's checked addresses.
     *
     * @param target the MCP endpoint {@link McpAddressPolicy#check} accepted
     * @param token  the bearer token or null
     */
    static Session open(McpAddressPolicy.Target target, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder();
        if (token != null && !token.isEmpty()) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(target.base())
                // the client connects to the addresses the policy checked and refuses any other URI; no redirects
                .clientBuilder(PinnedHttpClient.builder(target, TIMEOUT))
                .endpoint(target.endpoint())
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .requestBuilder(request)
                .connectTimeout(TIMEOUT)
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(TIMEOUT)
                .initializationTimeout(TIMEOUT)
                .clientInfo(new McpSchema.Implementation("contract-kit-agent", "1.0.0"))
                .jsonSchemaValidator(NO_OUTPUT_CHECK)
                .build();
        try {
            client.initialize();
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return new Session(client, token);
    }

    /** @return the tool the question names (see the class comment), if any */
    static Optional<McpSchema.Tool> pick(List<McpSchema.Tool> tools, String question) {
        String q = question.toLowerCase(Locale.ROOT);
        return tools.stream()
                .filter(t -> score(t.name(), q) > 0)
                .min(Comparator.comparingInt((McpSchema.Tool t) -> -score(t.name(), q)).thenComparing(McpSchema.Tool::name));
    }

    private static int score(String name, String question) {
        String words = name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        return (int) Arrays.stream(words.split("[^\\p{L}\\p{N}]+")).filter(w -> w.length() >= 3).distinct()
                .filter(question::contains).count();
    }

    /** @return the question for every string property of the tool's input schema */
    static Map<String, Object> arguments(McpSchema.Tool tool, String question) {
        Map<String, Object> args = new LinkedHashMap<>();
        Object props = tool.inputSchema() == null ? null : tool.inputSchema().get("properties");
        if (props instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                if (v instanceof Map<?, ?> p && "string".equals(p.get("type"))) {
                    args.put(String.valueOf(k), question);
                }
            });
        }
        return args;
    }
}
