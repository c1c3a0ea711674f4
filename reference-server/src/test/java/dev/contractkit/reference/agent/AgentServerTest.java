package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import dev.contractkit.agui.EventOrder;
import dev.contractkit.specs.agui.EventSchemas;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The agent over a real socket on the embedded database: the SSE stream, cancel, disconnect, restore, run config. */
class AgentServerTest {
    static EventSchemas schemas;

    @TempDir
    Path dir;
    KitServer server;
    AgentHttp client;

    @BeforeAll
    static void contract() {
        schemas = EventSchemas.load();
    }

    Settings settings() {
        return AgentHttp.settings(dir);
    }

    void start(String stepDelay) {
        Settings s = settings().with("agent.step-delay", stepDelay);
        server = KitServer.start(s, List.of(Api.AGENT));
        client = new AgentHttp(server.url(Api.AGENT));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    static void assertValidStream(List<JsonNode> events) {
        assertThat(EventOrder.check(events)).isEmpty();
        for (JsonNode e : events) {
            assertThat(schemas.validate(e)).as(e.toString()).isEmpty();
        }
    }

    static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.path("type").asText()).toList();
    }

    static JsonNode custom(List<JsonNode> events, String name) {
        return events.stream().filter(e -> name.equals(e.path("name").asText())).findFirst().orElseThrow().path("value");
    }

    @Test
    void aRunStreamsToolCallsReasoningAndAMarkdownTableThatFollowTheContract() throws Exception {
        start("PT0S");
        List<JsonNode> events = client.run(AgentHttp.input("t1", "r1", "What is the revenue by region?", null));
        assertValidStream(events);
        assertThat(types(events).get(0)).isEqualTo("RUN_STARTED");
        assertThat(events.get(1).path("name").asText()).isEqualTo("kit.run_config");
        assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");
        assertThat(events.get(events.size() - 1).path("outcome").path("type").asText()).isEqualTo("success");
        assertThat(types(events)).contains("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT",
                "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "REASONING_MESSAGE_CONTENT",
                "STEP_STARTED", "STEP_FINISHED", "STATE_SNAPSHOT");
        assertThat(events).filteredOn(e -> e.path("type").asText().equals("TOOL_CALL_START"))
                .extracting(e -> e.path("toolCallName").asText()).contains("inspect_schema", "run_sql");
        String answer = String.join("", events.stream().filter(e -> e.path("type").asText().equals("TEXT_MESSAGE_CONTENT"))
                .map(e -> e.path("delta").asText()).toList());
        assertThat(answer).contains("| REGION | REVENUE |", "| APAC |", "| EMEA |", "| LATAM |", "| NA |");
        assertThat(custom(events, "kit.sql_audit").path("sql").asText()).startsWith("SELECT region, SUM(revenue)");
        assertThat(custom(events, "kit.sql_audit").path("rowCount").asInt()).isEqualTo(4);
        assertThat(custom(events, "kit.token_usage").path("totalTokens").asInt()).isPositive();
        assertThat(custom(events, "kit.workspace").path("workspaceId").asText()).isEqualTo("default");
        String artifact = custom(events, "kit.artifact").path("downloadPath").asText();
        AgentHttp.Reply csv = client.call("GET", artifact, null);
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.text()).startsWith("REGION,REVENUE\n").contains("APAC,");
    }

    @Test
    void theStreamIsFlushedAsItHappensRunStartedArrivesWhileTheRunIsStillGoing() throws Exception {
        start("PT0.1S");
        try (AgentHttp.Stream stream = client.open(AgentHttp.input("t2", "r2", "Revenue by product?", null))) {
            assertThat(stream.response.header("Content-Type")).startsWith("text/event-stream");
            JsonNode first = stream.next();
            assertThat(first.path("type").asText()).isEqualTo("RUN_STARTED");
            JsonNode history = client.call("GET", "/api/v1/threads/t2/history", null).body();
            assertThat(history.at("/runs/0/status").asText()).isEqualTo("started");
            assertThat(types(List.copyOf(history.at("/runs/0/events").findParents("type")))).doesNotContain("RUN_FINISHED");
            List<JsonNode> all = stream.rest();
            assertValidStream(all);
            assertThat(all.get(all.size() - 1).path("outcome").path("type").asText()).isEqualTo("success");
        }
    }

    @Test
    void cancelStopsARunningRunWithinASecondAndEndsItsStreamAsCancelled() throws Exception {
        start("PT0.5S");
        try (AgentHttp.Stream stream = client.open(AgentHttp.input("t3", "r3", "Units by month?", null))) {
            while (!stream.next().path("type").asText().equals("REASONING_MESSAGE_START")) {
                // read up to the point where the run pauses in the middle of its reasoning
            }
            long asked = System.nanoTime();
            AgentHttp.Reply cancel = client.call("POST", "/api/v1/runs/r3/cancel", null);
            assertThat(cancel.status()).isEqualTo(202);
            assertThat(cancel.body().path("status").asText()).isEqualTo("canceling");
            List<JsonNode> events = stream.rest();
            long millis = (System.nanoTime() - asked) / 1_000_000;
            assertThat(millis).as("ms from cancel to the end of the stream").isLessThan(1000);
            assertValidStream(events);
            JsonNode last = events.get(events.size() - 1);
            assertThat(last.path("type").asText()).isEqualTo("RUN_FINISHED");
            assertThat(last.path("outcome").path("type").asText()).isEqualTo("cancelled");
            assertThat(types(events)).doesNotContain("TEXT_MESSAGE_START");
        }
        AgentHttp.Reply again = client.call("POST", "/api/v1/runs/r3/cancel", null);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body().path("status").asText()).isEqualTo("canceled");
        assertThat(client.call("POST", "/api/v1/runs/nope/cancel", null).body().path("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void aClientThatDisconnectsDoesNotStopTheRunWhichCompletesAndIsStored() throws Exception {
        start("PT0.1S");
        try (AgentHttp.Stream stream = client.open(AgentHttp.input("t4", "r4", "Revenue by region?", null))) {
            assertThat(stream.next().path("type").asText()).isEqualTo("RUN_STARTED");
        }
        JsonNode run = Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> client.call("GET", "/api/v1/threads/t4/history", null).body().at("/runs/0"),
                        r -> r.has("finishedAt"));
        assertThat(run.path("status").asText()).isEqualTo("completed");
        List<JsonNode> stored = new ArrayList<>();
        run.path("events").forEach(stored::add); // each element is one event (findParents would also find outcome)
        assertValidStream(stored);
        assertThat(stored.get(stored.size() - 1).path("outcome").path("type").asText()).isEqualTo("success");
        assertThat(types(stored)).contains("TEXT_MESSAGE_CONTENT");
    }

    @Test
    void historyByThreadReturnsEveryPastRunsEventsInTheOrderTheyWereSent() throws Exception {
        start("PT0S");
        List<JsonNode> first = client.run(AgentHttp.input("t5", "r5a", "Revenue by region?", null));
        List<JsonNode> second = client.run(AgentHttp.input("t5", "r5b", "Units by product?", null));
        AgentHttp.Reply history = client.call("GET", "/api/v1/threads/t5/history", null);
        assertThat(history.status()).isEqualTo(200);
        assertThat(history.body().path("runs")).hasSize(2);
        assertThat(history.body().at("/runs/0/runId").asText()).isEqualTo("r5a");
        assertThat(history.body().at("/runs/0/status").asText()).isEqualTo("completed");
        assertThat(List.copyOf(history.body().at("/runs/0/events").findParents("type"))).isNotEmpty();
        assertThat(history.body().at("/runs/0/events")).containsExactlyElementsOf(first);
        assertThat(history.body().at("/runs/1/events")).containsExactlyElementsOf(second);
        assertThat(client.call("GET", "/api/v1/threads/nothing-here/history", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/artifacts?threadId=t5", null).body().path("items")).hasSize(2);
    }

    @Test
    void artifactsAndHistorySurviveARestart() throws Exception {
        start("PT0S");
        List<JsonNode> first = client.run(AgentHttp.input("t6", "r6", "Revenue by region?", null));
        List<JsonNode> second = client.run(AgentHttp.input("t6", "r6b", "Units by product?", null));
        String path = custom(first, "kit.artifact").path("downloadPath").asText();
        String csv = client.call("GET", path, null).text();
        server.close();
        start("PT0S");
        assertThat(client.call("GET", path, null).text()).startsWith("REGION,REVENUE").isEqualTo(csv);
        assertThat(client.call("GET", "/api/v1/artifacts?threadId=t6", null).body().path("items")).hasSize(2);
        JsonNode history = client.call("GET", "/api/v1/threads/t6/history", null).body();
        assertThat(history.path("runs")).hasSize(2);
        assertThat(history.at("/runs/0/runId").asText()).isEqualTo("r6");
        assertThat(history.at("/runs/0/events")).containsExactlyElementsOf(first);
        assertThat(history.at("/runs/1/events")).containsExactlyElementsOf(second);
    }

    @Test
    void forwardedPropsRunConfigWinsOverStateAndUnknownIdsAreReportedAsExcluded() throws Exception {
        start("PT0S");
        String extra = "\"state\":{\"run_config\":{\"activeDatasourceId\":\"nope\",\"skill_mode\":\"none\"}},"
                + "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"sample\",\"enabledKnowledgeIds\":"
                + "[\"kb-sales-glossary\",\"kb-missing\",\"kb-archive\"],\"mentioned\":{\"skill\":[\"skill-summary\"]}}}";
        List<JsonNode> events = client.run(AgentHttp.input("t7", "r7", "Revenue by region?", extra));
        assertValidStream(events);
        JsonNode config = custom(events, "kit.run_config");
        assertThat(config.path("source").asText()).isEqualTo("forwardedProps");
        assertThat(config.path("activeDatasourceId").asText()).isEqualTo("sample");
        assertThat(config.path("skill_mode").asText()).as("state fills fields forwardedProps leaves out").isEqualTo("none");
        assertThat(config.path("enabledKnowledgeIds")).extracting(JsonNode::asText).containsExactly("kb-sales-glossary");
        assertThat(config.path("enabledSkillIds")).extracting(JsonNode::asText).contains("skill-summary");
        assertThat(config.path("excluded").toString())
                .contains("{\"kind\":\"kb\",\"id\":\"kb-missing\",\"reason\":\"not_registered\"}")
                .contains("{\"kind\":\"kb\",\"id\":\"kb-archive\",\"reason\":\"disabled_by_policy\"}");
        assertThat(events.get(events.size() - 1).path("outcome").path("type").asText()).isEqualTo("success");
    }

    @Test
    void anActiveDataSourceThatIsNotEnabledEndsTheRunWithAClearRunError() throws Exception {
        start("PT0S");
        String extra = "\"forwardedProps\":{\"run_config\":{\"enabledDatasourceIds\":[\"sample\"],\"activeDatasourceId\":\"warehouse\"}}";
        List<JsonNode> events = client.run(AgentHttp.input("t8", "r8", "Revenue by region?", extra));
        assertValidStream(events);
        assertThat(types(events)).containsExactly("RUN_STARTED", "CUSTOM", "RUN_ERROR");
        assertThat(events.get(2).path("code").asText()).isEqualTo("ACTIVE_DATASOURCE_NOT_ENABLED");
        assertThat(events.get(2).path("message").asText()).contains("warehouse");
        String skill = "\"forwardedProps\":{\"run_config\":{\"enabledSkillIds\":[\"skill-sql-analyst\"],\"activeSkillId\":\"skill-exporter\"}}";
        List<JsonNode> skillRun = client.run(AgentHttp.input("t8", "r8b", "Revenue by region?", skill));
        assertThat(skillRun.get(skillRun.size() - 1).path("code").asText()).isEqualTo("ACTIVE_SKILL_NOT_ENABLED");
        assertThat(client.call("GET", "/api/v1/threads/t8/history", null).body().at("/runs/0/status").asText()).isEqualTo("failed");
    }

    @Test
    void credentialsInMessagesOrForwardedPropsAreRejectedBeforeAnyRunStarts() throws Exception {
        start("PT0S");
        AgentHttp.Reply inMessage = client.call("POST", "/api/agent",
                AgentHttp.input("t9", "r9", "connect with jdbc:postgresql://db/x?user=a&password=hunter22", null));
        assertThat(inMessage.status()).isEqualTo(400);
        assertThat(inMessage.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        assertThat(inMessage.body().path("message").asText()).startsWith("messages[0].content");
        AgentHttp.Reply inProps = client.call("POST", "/api/agent", AgentHttp.input("t9", "r9b", "Revenue?",
                "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"sample\"},\"apiKey\":\"sk-abcdefghijklmnopqrstuv\"}"));
        assertThat(inProps.body().path("code").asText()).isEqualTo("CREDENTIALS_NOT_ALLOWED");
        assertThat(inProps.body().path("message").asText()).startsWith("forwardedProps.apiKey");
        assertThat(client.call("GET", "/api/v1/threads/t9/history", null).status()).isEqualTo(404);
    }

    @Test
    void aRegisteredJdbcDataSourceIsQueriedAndItsPasswordNeverLeavesTheServer() throws Exception {
        start("PT0S");
        String url = "jdbc:h2:mem:agent_ext_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url, "reader", "s3cret-Passw0rd");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE stock (item VARCHAR(20), qty INT)");
            s.execute("INSERT INTO stock VALUES ('bolt', 40), ('nut', 75)");
            AgentHttp.Reply reg = client.call("POST", "/api/v1/datasources", "{\"id\":\"inventory\",\"name\":\"Inventory\","
                    + "\"jdbcUrl\":\"" + url + "\",\"username\":\"reader\",\"password\":\"s3cret-Passw0rd\"}");
            assertThat(reg.status()).isEqualTo(201);
            assertThat(reg.body().path("hasPassword").asBoolean()).isTrue();
            assertThat(reg.text()).doesNotContain("s3cret");
            assertThat(client.call("POST", "/api/v1/datasources", "{\"id\":\"inventory\",\"name\":\"x\",\"jdbcUrl\":\"jdbc:h2:mem:x\"}")
                    .status()).isEqualTo(409);
            assertThat(client.call("GET", "/api/v1/datasources", null).text()).contains("inventory").doesNotContain("s3cret");
            List<JsonNode> events = client.run(AgentHttp.input("t10", "r10", "What is in stock?",
                    "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"inventory\"}}"));
            assertValidStream(events);
            assertThat(custom(events, "kit.sql_audit").path("datasourceId").asText()).isEqualTo("inventory");
            assertThat(events.toString()).contains("bolt", "nut").doesNotContain("s3cret");
        }
    }

    @Test
    void knowledgeBasesAreSearchableAndTheAgentQuotesWhatItFound() throws Exception {
        start("PT0S");
        AgentHttp.Reply hits = client.call("GET", "/api/v1/knowledge-bases/kb-sales-glossary/search?q=revenue%20per%20region", null);
        assertThat(hits.status()).isEqualTo(200);
        assertThat(hits.body().path("items")).extracting(n -> n.path("title").asText()).containsExactlyInAnyOrder("Revenue", "Region");
        assertThat(client.call("GET", "/api/v1/knowledge-bases/kb-sales-glossary/search?q=zebra", null).body().path("items")).isEmpty();
        assertThat(client.call("GET", "/api/v1/knowledge-bases/kb-archive/search?q=revenue", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/knowledge-bases/kb-sales-glossary/search", null).status()).isEqualTo(400);
        List<JsonNode> events = client.run(AgentHttp.input("t12", "r12", "What is the revenue by region?", null));
        String answer = String.join("", events.stream().filter(e -> e.path("type").asText().equals("TEXT_MESSAGE_CONTENT"))
                .map(e -> e.path("delta").asText()).toList());
        assertThat(answer).contains("> Revenue: Revenue is units sold times the list price");
        String noKb = "\"forwardedProps\":{\"run_config\":{\"enabledKnowledgeIds\":[]}}";
        List<JsonNode> without = client.run(AgentHttp.input("t12", "r12b", "What is the revenue by region?", noKb));
        assertThat(without).noneMatch(e -> "search_knowledge".equals(e.path("toolCallName").asText()));
    }

    @Test
    void skillModeChoosesTheSkillsAndAnUnreachableDataSourceEndsWithSqlFailed() throws Exception {
        start("PT0S");
        List<JsonNode> all = client.run(AgentHttp.input("t13", "r13", "Revenue by product?",
                "\"forwardedProps\":{\"run_config\":{\"skill_mode\":\"all\",\"enabledSkillIds\":[\"skill-sql-analyst\",\"skill-summary\"]}}"));
        assertThat(String.join("", all.stream().map(e -> e.path("delta").asText()).toList())).contains("Largest: **");
        List<JsonNode> none = client.run(AgentHttp.input("t13", "r13b", "Revenue by product?",
                "\"forwardedProps\":{\"run_config\":{\"skill_mode\":\"none\"}}"));
        assertThat(custom(none, "kit.run_config").has("activeSkillId")).isFalse();
        assertThat(String.join("", none.stream().map(e -> e.path("delta").asText()).toList())).doesNotContain("Largest:");

        assertThat(client.call("POST", "/api/v1/datasources", "{\"id\":\"gone\",\"name\":\"Gone\","
                + "\"jdbcUrl\":\"jdbc:postgresql://127.0.0.1:1/nothing\"}").status()).isEqualTo(201);
        List<JsonNode> failed = client.run(AgentHttp.input("t13", "r13c", "Revenue?",
                "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"gone\"}}"));
        assertValidStream(failed);
        JsonNode last = failed.get(failed.size() - 1);
        assertThat(last.path("type").asText()).isEqualTo("RUN_ERROR");
        assertThat(last.path("code").asText()).isEqualTo("SQL_FAILED");
        assertThat(last.path("message").asText()).contains("gone");
        assertThat(types(failed).subList(0, failed.size() - 1)).endsWith("TOOL_CALL_END", "STEP_FINISHED");
    }

    AgentHttp.Reply upload(String name, String mediaType, byte[] bytes) throws Exception {
        Request r = new Request.Builder().url(server.url(Api.AGENT) + "/api/v1/files?name=" + name)
                .post(RequestBody.create(bytes, MediaType.get(mediaType))).build();
        try (Response response = AgentHttp.HTTP.newCall(r).execute()) {
            String text = response.body().string();
            return new AgentHttp.Reply(response.code(), response.header("Content-Type"), AgentHttp.JSON.readTree(text), text);
        }
    }

    @Test
    void filesAreUploadedListedDownloadedAndUsableAsRunConfigFileIds() throws Exception {
        start("PT0S");
        byte[] csv = "region,target\nAPAC,100000\n".getBytes(StandardCharsets.UTF_8);
        AgentHttp.Reply up = upload("targets.csv", "application/octet-stream", csv);
        assertThat(up.status()).isEqualTo(201);
        assertThat(up.body().path("mediaType").asText()).isEqualTo("text/csv");
        assertThat(up.body().path("sizeBytes").asInt()).isEqualTo(csv.length);
        String id = up.body().path("fileId").asText();
        assertThat(client.call("GET", "/api/v1/files", null).body().path("items")).extracting(n -> n.path("fileId").asText())
                .containsExactly(id);
        AgentHttp.Reply down = client.call("GET", up.body().path("downloadPath").asText(), null);
        assertThat(down.status()).isEqualTo(200);
        assertThat(down.text()).isEqualTo("region,target\nAPAC,100000\n");
        assertThat(upload("x.csv", "application/json", csv).status()).isEqualTo(415);
        assertThat(upload("empty.csv", "application/octet-stream", new byte[0]).status()).isEqualTo(400);
        assertThat(client.call("GET", "/api/v1/files/file-nope/content", null).status()).isEqualTo(404);

        List<JsonNode> events = client.run(AgentHttp.input("t14", "r14", "Revenue by region?",
                "\"forwardedProps\":{\"run_config\":{\"fileIds\":[\"" + id + "\",\"file-missing\"]}}"));
        JsonNode config = custom(events, "kit.run_config");
        assertThat(config.path("fileIds")).extracting(JsonNode::asText).containsExactly(id);
        assertThat(config.path("excluded").toString()).contains("{\"kind\":\"file\",\"id\":\"file-missing\",\"reason\":\"not_registered\"}");
    }

    @Test
    void badRequestsGetTheContractsErrorShapeNotAStream() throws Exception {
        start("PT0S");
        AgentHttp.Reply malformed = client.call("POST", "/api/agent", "{not json");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.body().path("code").asText()).isEqualTo("INVALID_REQUEST");
        AgentHttp.Reply missing = client.call("POST", "/api/agent", "{\"runId\":\"x\",\"messages\":[]}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body().path("message").asText()).contains("threadId");
        AgentHttp.Reply badConfig = client.call("POST", "/api/agent", AgentHttp.input("t11", "r11", "q",
                "\"forwardedProps\":{\"run_config\":{\"skill_mode\":\"sometimes\"}}"));
        assertThat(badConfig.status()).isEqualTo(400);
        assertThat(badConfig.body().path("message").asText()).contains("forwardedProps.run_config.skill_mode");
        client.run(AgentHttp.input("t11", "r11", "Revenue by region?", null));
        AgentHttp.Reply reused = client.call("POST", "/api/agent", AgentHttp.input("t11", "r11", "again", null));
        assertThat(reused.status()).isEqualTo(409);
        assertThat(reused.body().path("code").asText()).isEqualTo("RUN_EXISTS");
    }
}
