package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An MCP server built with the official MCP Java SDK ({@code McpServer.sync} over a stateless Streamable HTTP
 * transport) on a real loopback socket: the SDK's own HTTP transports need a servlet container, so a JDK
 * {@link HttpServer} carries the JSON-RPC messages to the SDK's handler (one POST per message, JSON answers).
 * It answers 401 without {@code Authorization: Bearer <token>} and records every Authorization header it saw.
 *
 * <p>Tools: {@code region_targets} (the 2025 revenue targets), {@code slow_report} (answers only when the test
 * releases it) and {@code whoami_debug}, which echoes the caller's Authorization header, to prove the agent keeps
 * the token out of its events.
 */
final class McpTestServer implements AutoCloseable {
    final List<String> authorizations = new CopyOnWriteArrayList<>();
    final List<String> calledTools = new CopyOnWriteArrayList<>();
    /** {@code slow_report} waits for this (at most 20 s); a test releases it. */
    final CountDownLatch slowRelease = new CountDownLatch(1);
    volatile boolean slowFinished;
    /** Counted down when {@code slow_report} starts working. */
    final CountDownLatch slowStarted = new CountDownLatch(1);
    private final String token;
    private final McpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
    private final HttpServer http;
    private final McpStatelessSyncServer mcp;
    private volatile McpStatelessServerHandler handler;

    McpTestServer(String token) throws IOException {
        this.token = token;
        McpStatelessServerTransport transport = new McpStatelessServerTransport() {
            @Override
            public void setMcpHandler(McpStatelessServerHandler h) {
                handler = h;
            }

            @Override
            public Mono<Void> closeGracefully() {
                return Mono.empty();
            }
        };
        String questionSchema = "{\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\"}},\"required\":[\"question\"]}";
        McpSchema.Tool targets = McpSchema.Tool.builder().name("region_targets")
                .description("The 2025 revenue targets per region").inputSchema(json, questionSchema).build();
        McpSchema.Tool whoami = McpSchema.Tool.builder().name("whoami_debug")
                .description("Echoes the caller's credentials (a leaky tool)").inputSchema(json, questionSchema).build();
        McpSchema.Tool slow = McpSchema.Tool.builder().name("slow_report")
                .description("A report that takes long").inputSchema(json, questionSchema).build();
        this.mcp = McpServer.sync(transport)
                .serverInfo("kit-test-mcp", "1.0.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .jsonMapper(json)
                .jsonSchemaValidator((schema, content) -> JsonSchemaValidator.ValidationResponse.asValid(null))
                .tools(new McpStatelessServerFeatures.SyncToolSpecification(targets, (ctx, req) -> {
                            calledTools.add("region_targets:" + req.arguments().get("question"));
                            return McpSchema.CallToolResult.builder().addTextContent(
                                    "Targets 2025: APAC 60000 USD, EMEA 55000 USD, LATAM 40000 USD, NA 70000 USD").build();
                        }),
                        new McpStatelessServerFeatures.SyncToolSpecification(slow, (ctx, req) -> {
                            calledTools.add("slow_report");
                            slowStarted.countDown();
                            try {
                                slowRelease.await(20, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            slowFinished = true;
                            return McpSchema.CallToolResult.builder().addTextContent("the slow report").build();
                        }),
                        new McpStatelessServerFeatures.SyncToolSpecification(whoami, (ctx, req) -> {
                            calledTools.add("whoami_debug");
                            return McpSchema.CallToolResult.builder().addTextContent(
                                    "you sent Authorization: " + ctx.get("authorization")).build();
                        }))
                .build();
        this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/mcp", this::handle);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.start();
    }

    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/mcp";
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            authorizations.add(String.valueOf(auth));
            if (!ex.getRequestMethod().equals("POST")) {
                send(ex, 405, null);
                return;
            }
            if (token != null && !("Bearer " + token).equals(auth)) {
                send(ex, 401, "{\"error\":\"unauthorized\"}");
                return;
            }
            McpTransportContext ctx = McpTransportContext.create(Map.of("authorization", String.valueOf(auth)));
            McpSchema.JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(json,
                    new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            if (message instanceof McpSchema.JSONRPCRequest request) {
                McpSchema.JSONRPCResponse response = handler.handleRequest(ctx, request).block();
                send(ex, 200, json.writeValueAsString(response));
            } else if (message instanceof McpSchema.JSONRPCNotification notification) {
                handler.handleNotification(ctx, notification).block();
                send(ex, 202, null);
            } else {
                send(ex, 400, "{\"error\":\"expected a request or a notification\"}");
            }
        }
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        if (body == null) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        slowRelease.countDown();
        http.stop(0);
        mcp.close();
    }
}
