package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Ownership over real sockets (issue 35.5): two named principals of {@code KIT_AGENT_TOKENS} cannot see each other's
 * threads, runs, events, files or artifacts (404, as for what does not exist); the operator (the kit token) makes,
 * grants and revokes named tokens; a run may use only what the operator granted its principal; an MCP grant's tool
 * list is narrowed by a run's {@code enabledMcpTools}, never widened. One server for the class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentOwnershipTest {
    static final String ALICE = "alice-token-7f3c1e9a2b";
    static final String BOB = "bob-token-4d8a0f6c1e";
    static final String REVENUE = "What is the revenue by region?";

    @TempDir
    static Path dir;
    KitServer server;
    String base;

    Settings settings() {
        return AgentHttp.settings(dir);
    }

    /** Drops what {@link #settings()} made, after the server stopped. */
    void dropDatabase() {
    }

    @BeforeAll
    void start() throws IOException {
        server = KitServer.start(settings().with("agent.tokens", "alice=" + ALICE + ", bob=" + BOB), List.of(Api.AGENT));
        base = server.url(Api.AGENT);
        for (String who : List.of("alice", "bob")) {
            assertThat(call(AgentHttp.KIT_TOKEN, "PUT", "/api/v1/principals/" + who + "/grants",
                    "{\"grants\":[{\"kind\":\"db\",\"id\":\"sample\"}]}").status()).isEqualTo(200);
        }
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
        dropDatabase();
    }

    /** A request with this bearer token (null: none). */
    AgentHttp.Reply call(String token, String method, String path, String body) throws IOException {
        Request.Builder r = new Request.Builder().url(base + path).method(method, body == null
                ? (method.equals("POST") || method.equals("PUT") ? RequestBody.create(new byte[0]) : null)
                : RequestBody.create(body, MediaType.get("application/json")));
        r.header("Authorization", token == null ? "Basic eDp5" : "Bearer " + token);
        try (Response response = AgentHttp.HTTP.newCall(r.build()).execute()) {
            String text = response.body().string();
            JsonNode json;
            try {
                json = AgentHttp.JSON.readTree(text);
            } catch (IOException e) {
                json = AgentHttp.JSON.nullNode();
            }
            return new AgentHttp.Reply(response.code(), response.header("Content-Type"), json, text);
        }
    }

    /** @return the run's events (status 200), or the JSON error as the only element */
    List<JsonNode> run(String token, String threadId, String runId, String question, String runConfig) throws IOException {
        String extra = runConfig == null ? null : "\"forwardedProps\":{\"run_config\":" + runConfig + "}";
        AgentHttp.Reply r = call(token, "POST", "/api/agent", AgentHttp.input(threadId, runId, question, extra));
        if (r.status() != 200) {
            return List.of(AgentHttp.JSON.createObjectNode().put("status", r.status()).put("code",
                    r.body().path("code").asText()).put("message", r.body().path("message").asText()));
        }
        List<JsonNode> events = new ArrayList<>();
        for (String line : r.text().split("\n")) {
            if (line.startsWith("data: ")) {
                events.add(AgentHttp.JSON.readTree(line.substring(6)));
            }
        }
        return events;
    }

    String upload(String token, String name, String text) throws IOException {
        RequestBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", name, RequestBody.create(text.getBytes(StandardCharsets.UTF_8),
                        MediaType.get("text/csv"))).build();
        try (Response r = AgentHttp.HTTP.newCall(new Request.Builder().url(base + "/api/v1/files")
                .header("Authorization", "Bearer " + token).post(body).build()).execute()) {
            assertThat(r.code()).isEqualTo(201);
            return AgentHttp.JSON.readTree(r.body().string()).path("fileId").asText();
        }
    }

    static String last(List<JsonNode> events) {
        return events.get(events.size() - 1).path("type").asText();
    }

    static List<String> threadIds(AgentHttp.Reply list) {
        return list.body().path("items").findValuesAsText("threadId");
    }

    @Test
    void twoPrincipalsCannotSeeEachOthersThreadsRunsEventsFilesOrArtifacts() throws Exception {
        assertThat(last(run(ALICE, "own-a", "own-a-1", REVENUE, null))).isEqualTo("RUN_FINISHED");
        String file = upload(ALICE, "alice.csv", "REGION,TARGET\nAPAC,1\n");
        JsonNode artifacts = call(ALICE, "GET", "/api/v1/artifacts?threadId=own-a", null).body().path("items");
        assertThat(artifacts).as("the run made a result table").isNotEmpty();
        String artifact = artifacts.get(0).path("artifactId").asText();

        // bob: every one of alice's things is as if it did not exist
        assertThat(threadIds(call(BOB, "GET", "/api/v1/threads?limit=100", null))).doesNotContain("own-a");
        assertThat(call(BOB, "GET", "/api/v1/threads?limit=100", null).body().path("total").asInt()).isZero();
        for (String[] op : new String[][] {
                {"GET", "/api/v1/threads/own-a/history"},
                {"GET", "/api/v1/threads/own-a/runs/own-a-1/events"},
                {"POST", "/api/v1/runs/own-a-1/cancel"},
                {"GET", "/api/v1/artifacts/" + artifact + "/content"},
                {"DELETE", "/api/v1/artifacts/" + artifact},
                {"GET", "/api/v1/files/" + file + "/content"},
                {"DELETE", "/api/v1/files/" + file},
                {"DELETE", "/api/v1/threads/own-a"}}) {
            AgentHttp.Reply r = call(BOB, op[0], op[1], null);
            assertThat(r.status()).as(op[0] + " " + op[1]).isEqualTo(404);
            assertThat(r.body().path("code").asText()).as(op[0] + " " + op[1]).isEqualTo("NOT_FOUND");
            assertThat(r.text()).as("no trace of alice's data").doesNotContain("APAC", "alice");
        }
        assertThat(call(BOB, "GET", "/api/v1/artifacts?threadId=own-a", null).body().path("items")).isEmpty();
        assertThat(call(BOB, "GET", "/api/v1/files", null).body().path("items").findValuesAsText("fileId"))
                .doesNotContain(file);
        JsonNode intoAlicesThread = run(BOB, "own-a", "own-a-bob", REVENUE, null).get(0);
        assertThat(intoAlicesThread.path("status").asInt()).isEqualTo(404);
        assertThat(intoAlicesThread.path("code").asText()).isEqualTo("NOT_FOUND");
        List<JsonNode> withHerFile = run(BOB, "own-b", "own-b-1", REVENUE, "{\"fileIds\":[\"" + file + "\"]}");
        assertThat(AgentServerTest.custom(withHerFile, "kit.run_config").path("excluded").toString())
                .contains("{\"kind\":\"file\",\"id\":\"" + file + "\",\"reason\":\"not_registered\"}");
        JsonNode pinned = run(BOB, "own-b", "own-b-2", REVENUE, "{\"pinnedPaths\":[\"files/" + file + "\"]}").get(0);
        assertThat(pinned.path("status").asInt()).isEqualTo(400);
        JsonNode pinnedArtifact = run(BOB, "own-b", "own-b-3", REVENUE,
                "{\"pinnedPaths\":[\"artifacts/" + artifact + "\"]}").get(0);
        assertThat(pinnedArtifact.path("status").asInt()).isEqualTo(400);

        // alice still has everything; bob's own thread is his, and not hers
        assertThat(call(ALICE, "GET", "/api/v1/threads/own-a/history", null).status()).isEqualTo(200);
        assertThat(call(ALICE, "GET", "/api/v1/artifacts/" + artifact + "/content", null).text()).contains("APAC");
        assertThat(call(ALICE, "GET", "/api/v1/files/" + file + "/content", null).text()).contains("APAC");
        assertThat(call(ALICE, "GET", "/api/v1/threads/own-b/history", null).status()).isEqualTo(404);
        assertThat(threadIds(call(ALICE, "GET", "/api/v1/threads?limit=100", null))).contains("own-a")
                .doesNotContain("own-b");
        assertThat(threadIds(call(BOB, "GET", "/api/v1/threads?limit=100", null))).containsExactly("own-b");

        // the operator sees every principal's threads and files
        assertThat(threadIds(call(AgentHttp.KIT_TOKEN, "GET", "/api/v1/threads?limit=100", null)))
                .contains("own-a", "own-b");
        assertThat(call(AgentHttp.KIT_TOKEN, "GET", "/api/v1/threads/own-a/history", null).status()).isEqualTo(200);
        assertThat(call(AgentHttp.KIT_TOKEN, "GET", "/api/v1/files/" + file + "/content", null).status()).isEqualTo(200);
    }

    @Test
    void aTokenTheOperatorMakesWorksUntilItIsRevokedAndOnlyItsHashIsStored() throws Exception {
        AgentHttp.Reply made = call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/principals",
                "{\"name\":\"carol\",\"grants\":[{\"kind\":\"db\",\"id\":\"sample\"}]}");
        assertThat(made.status()).isEqualTo(201);
        String token = made.body().path("token").asText();
        assertThat(token).startsWith("kat_").hasSizeGreaterThan(40);
        assertThat(made.body().path("source").asText()).isEqualTo("api");

        assertThat(last(run(token, "own-c", "own-c-1", REVENUE, null))).isEqualTo("RUN_FINISHED");
        assertThat(threadIds(call(token, "GET", "/api/v1/threads", null))).containsExactly("own-c");
        AgentHttp.Reply listed = call(AgentHttp.KIT_TOKEN, "GET", "/api/v1/principals", null);
        assertThat(listed.body().path("items").findValuesAsText("name")).contains("alice", "bob", "carol");
        assertThat(listed.text()).doesNotContain(token);
        assertThat(call(AgentHttp.KIT_TOKEN, "GET", "/api/v1/principals/carol", null).text()).doesNotContain(token);
        assertThat(storedHashes()).doesNotContain(token).contains(Principals.hash(token));

        // named principals manage nothing
        assertThat(call(token, "GET", "/api/v1/principals", null).status()).isEqualTo(403);
        assertThat(call(ALICE, "POST", "/api/v1/principals", "{\"name\":\"mallory\"}").body().path("code").asText())
                .isEqualTo("FORBIDDEN");
        assertThat(call(ALICE, "DELETE", "/api/v1/principals/carol", null).status()).isEqualTo(403);
        assertThat(call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/principals", "{\"name\":\"carol\"}").status()).isEqualTo(409);
        assertThat(call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/principals", "{\"name\":\"alice\"}").status()).isEqualTo(409);
        assertThat(call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/principals", "{\"name\":\"operator\"}").status()).isEqualTo(409);
        assertThat(call(AgentHttp.KIT_TOKEN, "DELETE", "/api/v1/principals/alice", null).status())
                .as("a principal of KIT_AGENT_TOKENS is revoked there").isEqualTo(409);

        assertThat(call(AgentHttp.KIT_TOKEN, "DELETE", "/api/v1/principals/carol", null).status()).isEqualTo(204);
        AgentHttp.Reply revoked = call(token, "GET", "/api/v1/threads", null);
        assertThat(revoked.status()).isEqualTo(401);
        assertThat(revoked.body().path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(call(token, "POST", "/api/agent", AgentHttp.input("own-c", "own-c-2", REVENUE, null)).status())
                .isEqualTo(401);
        assertThat(call(AgentHttp.KIT_TOKEN, "DELETE", "/api/v1/principals/carol", null).status()).isEqualTo(404);
        assertThat(call("not-a-token-at-all-1234", "GET", "/api/v1/threads", null).status()).isEqualTo(401);
    }

    private List<String> storedHashes() throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = server.database().dataSource().getConnection();
             PreparedStatement s = c.prepareStatement("SELECT token_hash FROM agent_principals");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }

    @Test
    void aRunMayUseOnlyWhatTheOperatorGrantedAndOnlyTheOperatorChangesResources() throws Exception {
        String dave = call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/principals", "{\"name\":\"dave\"}").body()
                .path("token").asText();
        JsonNode refused = run(dave, "own-d", "own-d-1", REVENUE, "{\"activeDatasourceId\":\"sample\"}").get(0);
        assertThat(refused.path("status").asInt()).isEqualTo(403);
        assertThat(refused.path("code").asText()).isEqualTo("RESOURCE_NOT_GRANTED");
        assertThat(refused.path("message").asText()).contains("db 'sample'", "dave");
        JsonNode mentioned = run(dave, "own-d", "own-d-2", REVENUE, "{\"mentioned\":{\"skill\":[\"skill-summary\"]}}").get(0);
        assertThat(mentioned.path("code").asText()).isEqualTo("RESOURCE_NOT_GRANTED");
        assertThat(call(dave, "GET", "/api/v1/threads/own-d/history", null).status())
                .as("a refused run leaves nothing behind").isEqualTo(404);

        List<JsonNode> defaults = run(dave, "own-d", "own-d-3", REVENUE, null);
        assertThat(last(defaults)).isEqualTo("RUN_ERROR");
        assertThat(defaults.get(defaults.size() - 1).path("code").asText()).isEqualTo("NO_DATASOURCE_ENABLED");
        assertThat(AgentServerTest.custom(defaults, "kit.run_config").path("excluded").toString())
                .contains("{\"kind\":\"db\",\"id\":\"sample\",\"reason\":\"not_granted\"}");

        assertThat(call(AgentHttp.KIT_TOKEN, "PUT", "/api/v1/principals/dave/grants",
                "{\"grants\":[{\"kind\":\"db\",\"id\":\"sample\"}]}").status()).isEqualTo(200);
        assertThat(last(run(dave, "own-d", "own-d-4", REVENUE, "{\"activeDatasourceId\":\"sample\"}")))
                .isEqualTo("RUN_FINISHED");
        assertThat(call(AgentHttp.KIT_TOKEN, "PUT", "/api/v1/principals/nobody/grants", "{\"grants\":[]}").status())
                .isEqualTo(404);
        assertThat(call(AgentHttp.KIT_TOKEN, "PUT", "/api/v1/principals/dave/grants",
                "{\"grants\":[{\"kind\":\"db\",\"id\":\"sample\",\"tools\":[\"x\"]}]}").status()).isEqualTo(400);

        for (String[] op : new String[][] {
                {"POST", "/api/v1/datasources", "{\"id\":\"mine\",\"name\":\"Mine\",\"jdbcUrl\":\"jdbc:h2:mem:mine\"}"},
                {"PUT", "/api/v1/skills/skill-summary", "{\"name\":\"x\",\"description\":\"x\",\"instructions\":\"x\"}"},
                {"DELETE", "/api/v1/mcp-servers/anything", null}}) {
            AgentHttp.Reply r = call(dave, op[0], op[1], op[2]);
            assertThat(r.status()).as(op[0] + " " + op[1]).isEqualTo(403);
            assertThat(r.body().path("code").asText()).isEqualTo("FORBIDDEN");
        }
        assertThat(call(dave, "GET", "/api/v1/datasources", null).status()).as("reading is allowed").isEqualTo(200);
    }

    @Test
    void aRunsMcpToolFilterNarrowsTheGrantedToolsAndCannotWidenThem() throws Exception {
        try (McpTestServer mcp = new McpTestServer(AgentResourcesTest.TOKEN)) {
            assertThat(call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/mcp-servers",
                    AgentResourcesTest.mcpRegistration("mcp-own", mcp.url(), AgentResourcesTest.TOKEN)).status()).isEqualTo(201);
            String erin = call(AgentHttp.KIT_TOKEN, "POST", "/api/v1/principals", "{\"name\":\"erin\",\"grants\":["
                    + "{\"kind\":\"db\",\"id\":\"sample\"},{\"kind\":\"mcp\",\"id\":\"mcp-own\",\"tools\":[\"whoami_debug\"]}]}")
                    .body().path("token").asText();
            String question = "What are the revenue targets by region?";

            List<JsonNode> widened = run(erin, "own-e", "own-e-1", question,
                    "{\"enabledMcpServerIds\":[\"mcp-own\"],\"enabledMcpTools\":{\"mcp-own\":[\"region_targets\"]}}");
            JsonNode listed = AgentDataAnalysisTest.resultOf(widened, AgentDataAnalysisTest.calls(widened, "mcp_list_tools").get(0));
            assertThat(listed.path("tools")).as("the request asked for a tool its grant does not have").isEmpty();
            assertThat(AgentDataAnalysisTest.calls(widened, "region_targets")).isEmpty();
            assertThat(AgentServerTest.custom(widened, "kit.run_config").path("enabledMcpTools").path("mcp-own")).isEmpty();

            List<JsonNode> unfiltered = run(erin, "own-e", "own-e-2", question, "{\"enabledMcpServerIds\":[\"mcp-own\"]}");
            JsonNode all = AgentDataAnalysisTest.resultOf(unfiltered, AgentDataAnalysisTest.calls(unfiltered, "mcp_list_tools").get(0));
            assertThat(all.path("tools").findValuesAsText("name")).as("no filter in the request: the grant's").containsExactly("whoami_debug");
            assertThat(AgentDataAnalysisTest.calls(unfiltered, "region_targets")).isEmpty();
            assertThat(mcp.calledTools).noneMatch(t -> t.startsWith("region_targets"));

            JsonNode otherServer = run(erin, "own-e", "own-e-3", question,
                    "{\"enabledMcpTools\":{\"mcp-elsewhere\":[\"region_targets\"]}}").get(0);
            assertThat(otherServer.path("code").asText()).isEqualTo("RESOURCE_NOT_GRANTED");

            List<JsonNode> operator = run(AgentHttp.KIT_TOKEN, "own-op", "own-op-1", question,
                    "{\"enabledMcpServerIds\":[\"mcp-own\"],\"enabledMcpTools\":{\"mcp-own\":[\"region_targets\"]}}");
            assertThat(AgentDataAnalysisTest.calls(operator, "region_targets")).as("the operator is not limited").hasSize(1);
        }
    }

    @Test
    void badNamedTokenSettingsStopTheStartAndNeverEchoTheToken() {
        for (String bad : List.of("alice", "Alice=" + ALICE, "alice=short", "operator=" + ALICE,
                "alice=" + ALICE + ",bob=" + ALICE)) {
            assertThatThrownBy(() -> Principals.configured(Settings.of(java.util.Map.of("agent.tokens", bad))))
                    .as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("KIT_AGENT_TOKENS").hasMessageNotContaining(ALICE);
        }
        assertThat(Principals.configured(Settings.of(java.util.Map.of("agent.tokens", " a.b-c_d = " + ALICE + " "))))
                .containsEntry("a.b-c_d", ALICE);
    }
}
