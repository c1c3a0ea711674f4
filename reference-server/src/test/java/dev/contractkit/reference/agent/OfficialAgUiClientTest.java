package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.agui.OfficialAgUiClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official AG-UI client ({@code @ag-ui/client} 1.0 {@code HttpAgent}) completes runs of the reference agent,
 * and every event of every path validates against {@code @ag-ui/core} 1.0's {@code EventSchemas}.
 */
class OfficialAgUiClientTest {
    @TempDir
    Path dir;
    KitServer server;

    void start(String stepDelay) {
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", stepDelay), List.of(Api.AGENT));
    }

    String agentUrl() {
        return server.url(Api.AGENT) + "/api/agent";
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void officialClientCompletesAnAnswerWithReasoningToolCallsArtifactsAndState() throws Exception {
        start("PT0S");
        ObjectNode args = OfficialAgUiClient.args(agentUrl(), AgentHttp.KIT_TOKEN, "agui-t1", "agui-r1",
                "What is the revenue by region?");
        // AG-UI 1.0's resume entries (the client sends them as given): accepted, unused by the kit's agent
        args.putArray("resume").addObject().put("interruptId", "int-earlier").put("status", "cancelled");
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args);
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.json().path("rejected").size()).as(r.toString()).isZero();
        assertThat(r.types()).contains("RUN_STARTED", "STATE_SNAPSHOT", "STEP_STARTED", "REASONING_START",
                "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END", "REASONING_END",
                "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT", "CUSTOM",
                "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "STEP_FINISHED");
        assertThat(r.types().get(r.types().size() - 1)).isEqualTo("RUN_FINISHED");
        assertThat(r.json().path("outcome").path("type").asText()).isEqualTo("success");
        assertThat(r.json().path("result").path("answerMessageId").asText()).isEqualTo("agui-r1-answer");
        assertThat(r.json().path("newMessages").asInt()).as("assistant tool call, tool result, answer").isGreaterThanOrEqualTo(3);
    }

    @Test
    void officialClientReceivesARunErrorThatValidates() throws Exception {
        start("PT0S");
        ObjectNode args = OfficialAgUiClient.args(agentUrl(), AgentHttp.KIT_TOKEN, "agui-t2", "agui-r2", "Revenue?");
        ObjectNode config = args.putObject("forwardedProps").putObject("run_config");
        config.putArray("enabledDatasourceIds").add("sample");
        config.put("activeDatasourceId", "no-such-datasource");
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args);
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.json().path("rejected").size()).as(r.toString()).isZero();
        assertThat(r.types()).first().isEqualTo("RUN_STARTED");
        assertThat(r.types().get(r.types().size() - 1)).isEqualTo("RUN_ERROR");
        assertThat(r.json().path("runError").path("code").asText()).as(r.toString()).isNotBlank();
    }

    @Test
    void officialClientSeesACancelledRunEndWithTheAgUiCancelledOutcome() throws Exception {
        start("PT0.5S");
        ObjectNode args = OfficialAgUiClient.args(agentUrl(), AgentHttp.KIT_TOKEN, "agui-t3", "agui-r3", "Units by month?");
        args.put("cancelAt", "REASONING_MESSAGE_START").put("cancelUrl", server.url(Api.AGENT) + "/api/v1/runs/agui-r3/cancel");
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args);
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.json().path("cancelStatus").asInt()).as(r.toString()).isEqualTo(202);
        assertThat(r.types().get(r.types().size() - 1)).isEqualTo("RUN_FINISHED");
        assertThat(r.json().path("outcome").toString()).isEqualTo("{\"type\":\"cancelled\"}");
        assertThat(r.types()).doesNotContain("TEXT_MESSAGE_START");
    }

    @Test
    void theCheckRejectsAReasoningMessageWithTheAssistantRole() throws Exception {
        String stream = """
                data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}

                data: {"type":"REASONING_START","messageId":"x"}

                data: {"type":"REASONING_MESSAGE_START","messageId":"x-msg","role":"assistant"}

                data: {"type":"REASONING_MESSAGE_END","messageId":"x-msg"}

                data: {"type":"REASONING_END","messageId":"x"}

                data: {"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"success"}}

                """;
        HttpServer canned = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        canned.createContext("/api/agent", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body = stream.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        canned.start();
        try {
            OfficialAgUiClient.Report r = OfficialAgUiClient.run(OfficialAgUiClient.args(
                    "http://127.0.0.1:" + canned.getAddress().getPort() + "/api/agent", null, "t", "r", "Revenue?"));
            assertThat(r.ok()).as(r.toString()).isFalse();
            assertThat(r.json().path("error").asText()).contains("reasoning");
            assertThat(r.types()).doesNotContain("RUN_FINISHED");
        } finally {
            canned.stop(0);
        }
    }
}
