package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.contractkit.reference.agent.AgentResourcesTest.TOKEN;
import static dev.contractkit.reference.agent.AgentResourcesTest.mcpRegistration;
import static dev.contractkit.reference.agent.AgentResourcesTest.withMcp;
import static dev.contractkit.reference.agent.AgentServerTest.assertValidStream;
import static dev.contractkit.reference.agent.AgentServerTest.types;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Registered MCP servers called by runs over Streamable HTTP with the official MCP Java SDK, against
 * {@link McpTestServer} (the SDK's server on a loopback socket): tools as AG-UI tool calls, the token sent only to
 * the MCP server, an unreachable server, cancel while a tool works.
 */
class AgentMcpTest {
    @TempDir
    Path dir;
    KitServer server;
    AgentHttp client;

    @BeforeAll
    static void contract() {
        AgentServerTest.contract();
    }

    void start() {
        server = KitServer.start(AgentHttp.settings(dir).with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aSelectedMcpServerIsCalledOverStreamableHttpAndItsToolAppearsAsAnAgUiToolCall() throws Exception {
        start();
        try (McpTestServer mcp = new McpTestServer(TOKEN)) {
            assertThat(client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-targets", mcp.url(), TOKEN)).status())
                    .isEqualTo(201);
            List<JsonNode> events = client.run(AgentHttp.input("tm1", "rm1", "What are the revenue targets by region?",
                    withMcp("mcp-targets")));
            assertValidStream(events);
            assertThat(AgentServerTest.custom(events, "kit.run_config").path("enabledMcpServerIds").toString())
                    .contains("mcp-targets");
            List<String> calls = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_START"))
                    .map(e -> e.path("toolCallName").asText()).toList();
            assertThat(calls).containsSubsequence("mcp_list_tools", "region_targets", "run_sql");
            JsonNode result = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")
                    && e.path("toolCallId").asText().equals("rm1-call-mcp-mcp-targets")).findFirst().orElseThrow();
            assertThat(result.path("content").asText()).contains("APAC 60000 USD");
            assertThat(mcp.calledTools).containsExactly("region_targets:What are the revenue targets by region?");
            assertThat(mcp.authorizations).isNotEmpty().allMatch(("Bearer " + TOKEN)::equals);
            assertThat(events.stream().filter(e -> e.path("type").asText().equals("TEXT_MESSAGE_CONTENT"))
                    .map(e -> e.path("delta").asText()).reduce("", String::concat)).contains("APAC 60000 USD");

            List<JsonNode> notSelected = client.run(AgentHttp.input("tm1", "rm2", "What are the revenue targets?", null));
            assertThat(types(notSelected)).contains("RUN_FINISHED");
            assertThat(notSelected.toString()).doesNotContain("mcp_list_tools");
            assertThat(mcp.calledTools).hasSize(1);
        }
    }

    @Test
    void anMcpTokenReachesOnlyTheMcpServerAndNeverAnEventTheHistoryOrAResponse() throws Exception {
        start();
        try (McpTestServer mcp = new McpTestServer(TOKEN)) {
            client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-leaky", mcp.url(), TOKEN));
            List<JsonNode> events = client.run(AgentHttp.input("tm2", "rm3", "Run whoami debug please", withMcp("mcp-leaky")));
            assertValidStream(events);
            assertThat(mcp.calledTools).containsExactly("whoami_debug");
            assertThat(events.toString()).contains("[redacted]").doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/threads/tm2/history", null).text()).doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/mcp-servers", null).text()).contains("mcp-leaky").doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/mcp-servers/mcp-leaky", null).text()).doesNotContain(TOKEN);

            List<JsonNode> echoed = client.run(AgentHttp.input("tm2", "rm3b", "region targets for " + TOKEN,
                    withMcp("mcp-leaky")));
            assertThat(mcp.calledTools).last().asString().endsWith(TOKEN);
            assertThat(echoed.toString()).as("the tool's arguments carry the token; the event stream must not")
                    .contains("region targets for [redacted]").doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/threads/tm2/history", null).text()).doesNotContain(TOKEN);

            AgentHttp.Reply tokenInRun = client.call("POST", "/api/agent", AgentHttp.input("tm2", "rm4", "Targets?",
                    "\"forwardedProps\":{\"run_config\":{\"enabledMcpServerIds\":[\"mcp-leaky\"]},\"mcp\":{\"token\":\"" + TOKEN + "\"}}"));
            assertThat(tokenInRun.status()).isEqualTo(400);
            assertThat(tokenInRun.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
            assertThat(tokenInRun.text()).doesNotContain(TOKEN);
        }
    }

    @Test
    void anMcpServerThatCannotBeReachedGivesAnErrorResultAndTheRunStillAnswers() throws Exception {
        start();
        try (McpTestServer mcp = new McpTestServer(TOKEN)) {
            client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-wrong", mcp.url(), "not-the-token-123"));
            List<JsonNode> events = client.run(AgentHttp.input("tm3", "rm5", "Revenue targets by region?", withMcp("mcp-wrong")));
            assertValidStream(events);
            assertThat(events.get(events.size() - 1).path("outcome").path("type").asText()).isEqualTo("success");
            JsonNode failed = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")
                    && e.path("toolCallId").asText().equals("rm5-call-mcp-mcp-wrong-tools")).findFirst().orElseThrow();
            assertThat(failed.path("content").asText()).contains("could not be used");
            assertThat(events.toString()).doesNotContain("not-the-token-123");
            assertThat(mcp.calledTools).isEmpty();
        }
    }

    @Test
    void cancelStopsARunWaitingForAnMcpToolWithoutWaitingForTheTool() throws Exception {
        start();
        try (McpTestServer mcp = new McpTestServer(TOKEN)) {
            client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-slow", mcp.url(), TOKEN));
            try (AgentHttp.Stream stream = client.open(AgentHttp.input("tm4", "rm6", "Need the slow report",
                    withMcp("mcp-slow")))) {
                JsonNode e;
                do {
                    e = stream.next();
                } while (!(e.path("type").asText().equals("TOOL_CALL_END") && e.path("toolCallId").asText().equals("rm6-call-mcp-mcp-slow")));
                assertThat(mcp.slowStarted.await(10, TimeUnit.SECONDS)).as("the tool was called").isTrue();
                assertThat(client.call("POST", "/api/v1/runs/rm6/cancel", null).status()).isEqualTo(202);
                List<JsonNode> events = stream.rest();
                assertThat(mcp.slowFinished).as("the stream ended while the MCP tool was still working").isFalse();
                assertValidStream(events);
                assertThat(events.get(events.size() - 1).path("outcome").path("type").asText()).isEqualTo("cancelled");
                assertThat(mcp.calledTools).containsExactly("slow_report");
            } finally {
                mcp.slowRelease.countDown();
            }
        }
    }
}
