package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.contractkit.reference.agent.AgentServerTest.assertValidStream;
import static dev.contractkit.reference.agent.AgentServerTest.types;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Knowledge bases, MCP servers and skills registered through the API (stored in the database) and used by runs;
 * registered MCP servers are called over Streamable HTTP with the official MCP Java SDK against an in-process MCP
 * server on a loopback socket; credentials stay on the server.
 */
class AgentResourcesTest {
    static final String TOKEN = "mcp-tok-7d1f0c2a9b4e";

    @TempDir
    Path dir;
    KitServer server;
    AgentClient client;

    @BeforeAll
    static void contract() {
        AgentServerTest.contract();
    }

    Settings settings() {
        return TestDatabases.embedded(dir);
    }

    void start() {
        server = KitServer.start(settings().with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentClient(server.url(Api.AGENT));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String mcpRegistration(String id, String url, String token) {
        return "{\"id\":\"" + id + "\",\"name\":\"Targets service\",\"url\":\"" + url + "\""
                + (token == null ? "" : ",\"token\":\"" + token + "\"") + "}";
    }

    static String withMcp(String id) {
        return "\"forwardedProps\":{\"run_config\":{\"enabledMcpServerIds\":[\"" + id + "\"]}}";
    }

    @Test
    void knowledgeBasesMcpServersAndSkillsAreRegisteredReadUpdatedAndDeletedAndSurviveARestart() throws Exception {
        start();
        AgentClient.Reply kb = client.call("POST", "/api/v1/knowledge-bases", "{\"id\":\"kb-targets\",\"name\":\"Sales targets\","
                + "\"documents\":[{\"title\":\"Targets\",\"text\":\"The revenue target for APAC is 60000 USD.\"}]}");
        assertThat(kb.status()).isEqualTo(201);
        assertThat(kb.body().path("builtIn").asBoolean()).isFalse();
        assertThat(kb.body().at("/documents/0/title").asText()).isEqualTo("Targets");
        assertThat(client.call("POST", "/api/v1/knowledge-bases", "{\"id\":\"kb-targets\",\"name\":\"x\",\"documents\":[]}")
                .status()).isEqualTo(409);
        AgentClient.Reply skill = client.call("POST", "/api/v1/skills",
                "{\"id\":\"skill-brief\",\"name\":\"Brief\",\"instructions\":\"Answer with the table only.\",\"enabled\":false}");
        assertThat(skill.status()).isEqualTo(201);
        AgentClient.Reply mcp = client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-a", "http://127.0.0.1:9/mcp", TOKEN));
        assertThat(mcp.status()).isEqualTo(201);
        assertThat(mcp.body().path("hasToken").asBoolean()).isTrue();
        assertThat(mcp.text()).doesNotContain(TOKEN);

        AgentClient.Reply updated = client.call("PUT", "/api/v1/skills/skill-brief",
                "{\"name\":\"Brief answers\",\"instructions\":\"Only the table.\",\"enabled\":true}");
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.body().path("instructions").asText()).isEqualTo("Only the table.");
        AgentClient.Reply keptToken = client.call("PUT", "/api/v1/mcp-servers/mcp-a",
                "{\"name\":\"Renamed\",\"url\":\"http://127.0.0.1:9/mcp\"}");
        assertThat(keptToken.body().path("hasToken").asBoolean()).isTrue();
        assertThat(keptToken.body().path("name").asText()).isEqualTo("Renamed");
        assertThat(client.call("PUT", "/api/v1/mcp-servers/mcp-a", "{\"name\":\"Renamed\",\"url\":\"http://127.0.0.1:9/mcp\","
                + "\"token\":\"\"}").body().path("hasToken").asBoolean()).isFalse();
        assertThat(client.call("PUT", "/api/v1/skills/skill-sql-analyst", "{\"name\":\"x\",\"instructions\":\"y\"}").status())
                .isEqualTo(409);
        assertThat(client.call("DELETE", "/api/v1/knowledge-bases/kb-sales-glossary", null).status()).isEqualTo(409);
        assertThat(client.call("GET", "/api/v1/skills/skill-none", null).status()).isEqualTo(404);
        assertThat(client.call("PUT", "/api/v1/knowledge-bases/kb-targets", "{\"name\":\"x\"}").status()).isEqualTo(400);

        server.close();
        start();
        assertThat(client.call("GET", "/api/v1/knowledge-bases", null).text()).contains("kb-targets", "kb-sales-glossary");
        assertThat(client.call("GET", "/api/v1/skills/skill-brief", null).body().path("name").asText()).isEqualTo("Brief answers");
        List<JsonNode> events = client.run(AgentClient.input("tr1", "rr1", "What is the revenue target for APAC?",
                "\"forwardedProps\":{\"run_config\":{\"enabledKnowledgeIds\":[\"kb-targets\"],\"enabledSkillIds\":[\"skill-brief\"],"
                        + "\"activeSkillId\":\"skill-brief\"}}"));
        assertValidStream(events);
        assertThat(AgentServerTest.custom(events, "kit.run_config").path("activeSkillId").asText()).isEqualTo("skill-brief");
        assertThat(events.toString()).contains("60000 USD");

        assertThat(client.call("DELETE", "/api/v1/knowledge-bases/kb-targets", null).status()).isEqualTo(204);
        assertThat(client.call("GET", "/api/v1/knowledge-bases/kb-targets", null).status()).isEqualTo(404);
        List<JsonNode> after = client.run(AgentClient.input("tr1", "rr2", "Revenue target?",
                "\"forwardedProps\":{\"run_config\":{\"enabledKnowledgeIds\":[\"kb-targets\"]}}"));
        assertThat(AgentServerTest.custom(after, "kit.run_config").path("excluded").toString())
                .contains("kb-targets", "not_registered");
    }

    @Test
    void aSelectedMcpServerIsCalledOverStreamableHttpAndItsToolAppearsAsAnAgUiToolCall() throws Exception {
        start();
        try (McpTestServer mcp = new McpTestServer(TOKEN)) {
            assertThat(client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-targets", mcp.url(), TOKEN)).status())
                    .isEqualTo(201);
            List<JsonNode> events = client.run(AgentClient.input("tm1", "rm1", "What are the revenue targets by region?",
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

            List<JsonNode> notSelected = client.run(AgentClient.input("tm1", "rm2", "What are the revenue targets?", null));
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
            List<JsonNode> events = client.run(AgentClient.input("tm2", "rm3", "Run whoami debug please", withMcp("mcp-leaky")));
            assertValidStream(events);
            assertThat(mcp.calledTools).containsExactly("whoami_debug");
            assertThat(events.toString()).contains("[redacted]").doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/threads/tm2/history", null).text()).doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/mcp-servers", null).text()).contains("mcp-leaky").doesNotContain(TOKEN);
            assertThat(client.call("GET", "/api/v1/mcp-servers/mcp-leaky", null).text()).doesNotContain(TOKEN);

            AgentClient.Reply tokenInRun = client.call("POST", "/api/agent", AgentClient.input("tm2", "rm4", "Targets?",
                    "\"forwardedProps\":{\"run_config\":{\"enabledMcpServerIds\":[\"mcp-leaky\"]},\"mcp\":{\"token\":\"" + TOKEN + "\"}}"));
            assertThat(tokenInRun.status()).isEqualTo(400);
            assertThat(tokenInRun.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
            assertThat(tokenInRun.text()).doesNotContain(TOKEN);
        }
    }

    @Test
    void credentialsInDocumentsInstructionsOrAnMcpUrlAreRefused() throws Exception {
        start();
        AgentClient.Reply kb = client.call("POST", "/api/v1/knowledge-bases", "{\"id\":\"kb-x\",\"name\":\"X\",\"documents\":"
                + "[{\"title\":\"db\",\"text\":\"use jdbc:postgresql://db/x?user=a&password=hunter22\"}]}");
        assertThat(kb.status()).isEqualTo(400);
        assertThat(kb.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        assertThat(kb.body().path("message").asText()).startsWith("body.documents[0].text");
        AgentClient.Reply skill = client.call("POST", "/api/v1/skills",
                "{\"id\":\"skill-x\",\"name\":\"X\",\"instructions\":\"call the API with api_key=sk-abcdefghijklmnopqrstu\"}");
        assertThat(skill.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        AgentClient.Reply userInfo = client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-x", "http://bob:pw123@127.0.0.1:9/mcp", null));
        assertThat(userInfo.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        AgentClient.Reply query = client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-y", "http://127.0.0.1:9/mcp?token=abc", null));
        assertThat(query.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        assertThat(client.call("GET", "/api/v1/knowledge-bases", null).text()).doesNotContain("kb-x");
        assertThat(client.call("GET", "/api/v1/mcp-servers", null).text()).doesNotContain("mcp-x", "mcp-y");
    }

    @Test
    void anMcpServerThatCannotBeReachedGivesAnErrorResultAndTheRunStillAnswers() throws Exception {
        start();
        try (McpTestServer mcp = new McpTestServer(TOKEN)) {
            client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-wrong", mcp.url(), "not-the-token-123"));
            List<JsonNode> events = client.run(AgentClient.input("tm3", "rm5", "Revenue targets by region?", withMcp("mcp-wrong")));
            assertValidStream(events);
            assertThat(events.get(events.size() - 1).path("outcome").asText()).isEqualTo("success");
            JsonNode failed = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")
                    && e.path("toolCallId").asText().equals("rm5-call-mcp-mcp-wrong-tools")).findFirst().orElseThrow();
            assertThat(failed.path("content").asText()).contains("could not be used");
            assertThat(events.toString()).doesNotContain("not-the-token-123");
            assertThat(mcp.calledTools).isEmpty();
        }
    }

    @Test
    void theSdksTypedResourceClientsRegisterReadUpdateAndDeleteAndNeverReturnAToken() {
        start();
        dev.contractkit.sdk.agent.AgentResources resources = dev.contractkit.sdk.agent.AgentResources.builder()
                .baseUrl(server.url(Api.AGENT)).build();
        var mcp = resources.mcpServers().register(new dev.contractkit.sdk.agent.model.McpServerRegistration()
                .id("mcp-sdk").name("From the SDK").url("http://127.0.0.1:9/mcp").token(TOKEN));
        assertThat(mcp.getHasToken()).isTrue();
        assertThat(resources.mcpServers().get("mcp-sdk").toString()).doesNotContain(TOKEN);
        assertThat(resources.mcpServers().update("mcp-sdk", new dev.contractkit.sdk.agent.model.McpServerUpdate()
                .name("Renamed").url("http://127.0.0.1:9/mcp")).getHasToken()).isTrue();
        var kb = resources.knowledgeBases().register(new dev.contractkit.sdk.agent.model.KnowledgeBaseRegistration()
                .id("kb-sdk").name("SDK docs").addDocumentsItem(new dev.contractkit.sdk.agent.model.KnowledgeDocument()
                        .title("Churn").text("Churn is the share of customers lost in a month.")));
        assertThat(kb.getBuiltIn()).isFalse();
        assertThat(resources.knowledgeBases().search("kb-sdk", "what is churn")).extracting("title").containsExactly("Churn");
        var skill = resources.skills().register(new dev.contractkit.sdk.agent.model.SkillRegistration()
                .id("skill-sdk").name("SDK skill").instructions("Be brief."));
        assertThat(resources.skills().list()).extracting("id").contains("skill-sql-analyst", "skill-sdk");
        assertThat(skill.getInstructions()).isEqualTo("Be brief.");
        resources.skills().delete("skill-sdk");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resources.skills().get("skill-sdk"))
                .isInstanceOf(dev.contractkit.sdk.NotFoundException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> resources.knowledgeBases().delete("kb-sales-glossary"))
                .isInstanceOf(dev.contractkit.sdk.ApiException.class).hasMessageContaining("built in");
        assertThat(resources.datasources().list()).extracting("id").contains("sample");
        assertThat(resources.modelProfiles()).extracting("id").contains("deterministic");
    }
}
