package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentResources;
import dev.contractkit.sdk.agent.model.DatasourceRegistration;
import dev.contractkit.sdk.agent.model.DatasourceUpdate;
import dev.contractkit.sdk.agent.model.KnowledgeBaseRegistration;
import dev.contractkit.sdk.agent.model.KnowledgeDocument;
import dev.contractkit.sdk.agent.model.McpServerRegistration;
import dev.contractkit.sdk.agent.model.McpServerUpdate;
import dev.contractkit.sdk.agent.model.SkillRegistration;
import dev.contractkit.specs.Api;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.contractkit.reference.agent.AgentServerTest.assertValidStream;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Knowledge bases, MCP servers, skills and data sources registered through the API (stored in the database), used
 * by runs and by the SDK's typed resource clients; credentials stay on the server. MCP calls: {@link AgentMcpTest}.
 */
class AgentResourcesTest {
    static final String TOKEN = "mcp-tok-7d1f0c2a9b4e";

    @TempDir
    Path dir;
    KitServer server;
    AgentHttp client;

    @BeforeAll
    static void contract() {
        AgentServerTest.contract();
    }

    Settings settings() {
        return AgentHttp.settings(dir);
    }

    void start() {
        server = KitServer.start(settings().with("agent.step-delay", "PT0S"), List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
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
        AgentHttp.Reply kb = client.call("POST", "/api/v1/knowledge-bases", "{\"id\":\"kb-targets\",\"name\":\"Sales targets\","
                + "\"documents\":[{\"title\":\"Targets\",\"text\":\"The revenue target for APAC is 60000 USD.\"}]}");
        assertThat(kb.status()).isEqualTo(201);
        assertThat(kb.body().path("builtIn").asBoolean()).isFalse();
        assertThat(kb.body().at("/documents/0/title").asText()).isEqualTo("Targets");
        assertThat(client.call("POST", "/api/v1/knowledge-bases", "{\"id\":\"kb-targets\",\"name\":\"x\",\"documents\":[]}")
                .status()).isEqualTo(409);
        AgentHttp.Reply skill = client.call("POST", "/api/v1/skills",
                "{\"id\":\"skill-brief\",\"name\":\"Brief\",\"instructions\":\"Answer with the table only.\",\"enabled\":false}");
        assertThat(skill.status()).isEqualTo(201);
        AgentHttp.Reply mcp = client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-a", "http://127.0.0.1:9/mcp", TOKEN));
        assertThat(mcp.status()).isEqualTo(201);
        assertThat(mcp.body().path("hasToken").asBoolean()).isTrue();
        assertThat(mcp.text()).doesNotContain(TOKEN);

        AgentHttp.Reply updated = client.call("PUT", "/api/v1/skills/skill-brief",
                "{\"name\":\"Brief answers\",\"instructions\":\"Only the table.\",\"enabled\":true}");
        assertThat(updated.status()).isEqualTo(200);
        assertThat(updated.body().path("instructions").asText()).isEqualTo("Only the table.");
        AgentHttp.Reply keptToken = client.call("PUT", "/api/v1/mcp-servers/mcp-a",
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
        List<JsonNode> events = client.run(AgentHttp.input("tr1", "rr1", "What is the revenue target for APAC?",
                "\"forwardedProps\":{\"run_config\":{\"enabledKnowledgeIds\":[\"kb-targets\"],\"enabledSkillIds\":[\"skill-brief\"],"
                        + "\"activeSkillId\":\"skill-brief\"}}"));
        assertValidStream(events);
        assertThat(AgentServerTest.custom(events, "kit.run_config").path("activeSkillId").asText()).isEqualTo("skill-brief");
        assertThat(events.toString()).contains("60000 USD");
        assertThat(events.stream().filter(e -> e.path("type").asText().equals("REASONING_MESSAGE_CONTENT"))
                .map(e -> e.path("delta").asText()).reduce("", String::concat)).contains("Only the table.");

        assertThat(client.call("DELETE", "/api/v1/knowledge-bases/kb-targets", null).status()).isEqualTo(204);
        assertThat(client.call("GET", "/api/v1/knowledge-bases/kb-targets", null).status()).isEqualTo(404);
        List<JsonNode> after = client.run(AgentHttp.input("tr1", "rr2", "Revenue target?",
                "\"forwardedProps\":{\"run_config\":{\"enabledKnowledgeIds\":[\"kb-targets\"]}}"));
        assertThat(AgentServerTest.custom(after, "kit.run_config").path("excluded").toString())
                .contains("kb-targets", "not_registered");
    }

    @Test
    void credentialsInDocumentsInstructionsOrAnMcpUrlAreRefused() throws Exception {
        start();
        AgentHttp.Reply kb = client.call("POST", "/api/v1/knowledge-bases", "{\"id\":\"kb-x\",\"name\":\"X\",\"documents\":"
                + "[{\"title\":\"db\",\"text\":\"use jdbc:postgresql://db/x?user=a&password=hunter22\"}]}");
        assertThat(kb.status()).isEqualTo(400);
        assertThat(kb.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        assertThat(kb.body().path("message").asText()).startsWith("body.documents[0].text");
        AgentHttp.Reply skill = client.call("POST", "/api/v1/skills",
                "{\"id\":\"skill-x\",\"name\":\"X\",\"instructions\":\"call the API with api_key=sk-abcdefghijklmnopqrstu\"}");
        assertThat(skill.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        AgentHttp.Reply userInfo = client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-x", "http://bob:pw123@127.0.0.1:9/mcp", null));
        assertThat(userInfo.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        AgentHttp.Reply query = client.call("POST", "/api/v1/mcp-servers", mcpRegistration("mcp-y", "http://127.0.0.1:9/mcp?token=abc", null));
        assertThat(query.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        assertThat(client.call("GET", "/api/v1/knowledge-bases", null).text()).doesNotContain("kb-x");
        assertThat(client.call("GET", "/api/v1/mcp-servers", null).text()).doesNotContain("mcp-x", "mcp-y");
    }

    @Test
    void theSdksTypedResourceClientsRegisterReadUpdateAndDeleteAndNeverReturnAToken() {
        start();
        AgentResources resources = AgentClient.builder()
                .baseUrl(server.url(Api.AGENT)).token(AgentHttp.KIT_TOKEN).build().resources();  // the one agent client
        var mcp = resources.mcpServers().register(new McpServerRegistration()
                .id("mcp-sdk").name("From the SDK").url("http://127.0.0.1:9/mcp").token(TOKEN)).execute();
        assertThat(mcp.getHasToken()).isTrue();
        assertThat(resources.mcpServers().get("mcp-sdk").execute().toString()).doesNotContain(TOKEN);
        assertThat(resources.mcpServers().update("mcp-sdk", new McpServerUpdate()
                .name("Renamed").url("http://127.0.0.1:9/mcp")).execute().getHasToken()).isTrue();
        var kb = resources.knowledgeBases().register(new KnowledgeBaseRegistration()
                .id("kb-sdk").name("SDK docs").addDocumentsItem(new KnowledgeDocument()
                        .title("Churn").text("Churn is the share of customers lost in a month."))).execute();
        assertThat(kb.getBuiltIn()).isFalse();
        assertThat(resources.knowledgeBases().search("kb-sdk", "what is churn").execute()).extracting("title").containsExactly("Churn");
        var skill = resources.skills().register(new SkillRegistration()
                .id("skill-sdk").name("SDK skill").instructions("Be brief.")).execute();
        assertThat(resources.skills().list().execute()).extracting("id").contains("skill-sql-analyst", "skill-sdk");
        assertThat(skill.getInstructions()).isEqualTo("Be brief.");
        resources.skills().delete("skill-sdk").execute();
        Assertions.assertThatThrownBy(() -> resources.skills().get("skill-sdk").execute())
                .isInstanceOf(NotFoundException.class);
        Assertions.assertThatThrownBy(() -> resources.knowledgeBases().delete("kb-sales-glossary").execute())
                .isInstanceOf(ApiException.class).hasMessageContaining("built in");
        assertThat(resources.datasources().list().execute()).extracting("id").contains("sample");
        resources.datasources().register(new DatasourceRegistration().id("wh")
                .name("Warehouse").jdbcUrl("jdbc:h2:mem:nothing").username("reader").password("s3cret-Passw0rd")).execute();
        var renamed = resources.datasources().update("wh", new DatasourceUpdate()
                .name("Renamed").jdbcUrl("jdbc:h2:mem:nothing").enabled(false)).execute();
        assertThat(renamed.getHasPassword()).isTrue();
        assertThat(renamed.getEnabled()).isFalse();
        assertThat(resources.datasources().get("wh").execute().getName()).isEqualTo("Renamed");
        Assertions.assertThatThrownBy(() -> resources.datasources().delete("sample").execute())
                .isInstanceOf(ConflictException.class);
        resources.datasources().delete("wh").execute();
        assertThat(resources.datasources().list().execute()).extracting("id").doesNotContain("wh");
        assertThat(resources.modelProfiles().execute()).extracting("id").contains("deterministic");
    }

}
