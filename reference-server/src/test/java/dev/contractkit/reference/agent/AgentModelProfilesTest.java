package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.mock.RecordedRequest;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.ChatCompletionsMock;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.agui.OfficialAgUiClient;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Runs on a model profile against the kit's own mock of the OpenAI-compatible chat-completions contract
 * ({@code specs/openapi/models/chat-completions.yaml}): the profile list (no key), the tool loop on the sample
 * database (streamed tool call, SQL, streamed answer, the provider's token usage), the official AG-UI client, a
 * provider 429 and an unreachable provider (RUN_ERROR with a clear code, no artifact), and skills (their
 * instructions reach the model, their tools restrict the run, their answer shape holds with {@code deterministic}).
 * One mock and one server for the class.
 */
class AgentModelProfilesTest {
    static final String KEY = "sk-kit-test-model-key-0123456789";
    static final OkHttpClient PLAIN = new OkHttpClient();
    @TempDir
    static Path dir;
    static ChatCompletionsMock mock;
    static KitServer server;
    static AgentHttp http;

    @BeforeAll
    static void start() throws IOException {
        mock = ChatCompletionsMock.start(KEY, dir);
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once closed: connection refused
        }
        server = KitServer.start(mock.withProfile(AgentHttp.settings(dir.resolve("data")), "mock")
                .with("agent.model-profiles", "mock,down")
                .with("agent.model.down.model", "gpt-4o-mini")
                .with("agent.model.down.endpoint", "http://127.0.0.1:" + closed + "/v1")
                .with("agent.model.down.timeout", "PT5S"), List.of(Api.AGENT));
        http = new AgentHttp(server.url(Api.AGENT));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (mock != null) {
            mock.close();
        }
    }

    @BeforeEach
    void resetMock() {
        mock.reset();
    }

    static String onProfile(String profile, String extra) {
        return "\"forwardedProps\":{\"run_config\":{\"activeDatasourceId\":\"sample\",\"activeLlmProfileId\":\"" + profile
                + "\"" + (extra == null ? "" : "," + extra) + "}}";
    }

    static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.path("type").asText()).toList();
    }

    static List<JsonNode> custom(List<JsonNode> events, String name) {
        return events.stream().filter(e -> name.equals(e.path("name").asText())).toList();
    }

    static String text(List<JsonNode> events, String type) {
        return events.stream().filter(e -> e.path("type").asText().equals(type)).map(e -> e.path("delta").asText())
                .collect(Collectors.joining());
    }

    @Test
    void theProfilesAreListedWithTheirModelAndEndpointButNeverTheKey() throws IOException {
        AgentHttp.Reply reply = http.call("GET", "/api/v1/model-profiles", null);
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body().path("items")).extracting(n -> n.path("id").asText()).containsExactly("deterministic", "mock", "down");
        JsonNode profile = reply.body().path("items").get(1);
        assertThat(profile.path("provider").asText()).isEqualTo("openai-compatible");
        assertThat(profile.path("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(profile.path("endpoint").asText()).isEqualTo(mock.endpoint());
        assertThat(profile.path("hasKey").asBoolean()).isTrue();
        assertThat(reply.body().path("items").get(2).path("hasKey").asBoolean()).isFalse();
        assertThat(reply.body().path("items").get(0).path("default").asBoolean()).isTrue();
        assertThat(reply.text()).doesNotContain(KEY).doesNotContain("model-key");
    }

    @Test
    void aRunOnAModelAnswersFromTheSampleDatabaseThroughAStreamedToolCall() throws IOException {
        mock.answerOnceWithExample("toolCall");
        List<JsonNode> events = http.run(AgentHttp.input("mt1", "mr1", "What is the revenue by region?", onProfile("mock", null)));
        List<String> types = types(events);
        assertThat(types.get(types.size() - 1)).as(events.toString()).isEqualTo("RUN_FINISHED");
        // the streamed tool call: start, the arguments in the provider's three pieces, end, then the SQL's result
        JsonNode start = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_START")).findFirst().orElseThrow();
        assertThat(start.path("toolCallName").asText()).isEqualTo("run_sql");
        String call = start.path("toolCallId").asText();
        List<JsonNode> args = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_ARGS")).toList();
        assertThat(args).hasSize(3);
        assertThat(AgentHttp.JSON.readTree(args.stream().map(a -> a.path("delta").asText()).collect(Collectors.joining()))
                .path("sql").asText()).isEqualTo("SELECT region, SUM(revenue) AS revenue FROM agent_sample_sales GROUP BY region ORDER BY region");
        assertThat(types.indexOf("TOOL_CALL_END")).isGreaterThan(types.lastIndexOf("TOOL_CALL_ARGS"));
        JsonNode result = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")).findFirst().orElseThrow();
        assertThat(result.path("toolCallId").asText()).isEqualTo(call);
        JsonNode rows = AgentHttp.JSON.readTree(result.path("content").asText()).path("rows");
        assertThat(rows).extracting(r -> r.get(0).asText()).containsExactly("APAC", "EMEA", "LATAM", "NA");
        assertThat(custom(events, "kit.sql_audit").get(0).path("value").path("status").asText()).isEqualTo("ok");
        // the model's streamed text is the answer; the artifact is the query's table; the usage is the provider's
        assertThat(text(events, "TEXT_MESSAGE_CONTENT")).isEqualTo("Revenue by region: NA leads, then EMEA, APAC and LATAM.");
        assertThat(custom(events, "kit.artifact")).hasSize(1);
        JsonNode usage = custom(events, "kit.token_usage").get(0).path("value");
        assertThat(usage.path("llmProfileId").asText()).isEqualTo("mock");
        assertThat(usage.path("inputTokens").asInt()).isEqualTo(380 + 412);
        assertThat(usage.path("outputTokens").asInt()).isEqualTo(31 + 17);
        assertThat(usage.path("totalTokens").asInt()).isEqualTo(411 + 429);
        // what the provider received: the key, the system instructions, the tools, then the tool's result
        List<RecordedRequest> sent = mock.sent();
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).header("Authorization")).isEqualTo("Bearer " + KEY);
        // HTTP/1.1 to a plain-http provider: a POST with "Upgrade: h2c" is one the JDK's client may send twice
        assertThat(sent).extracting(r -> r.header("Upgrade")).containsOnlyNulls();
        JsonNode first = AgentHttp.JSON.readTree(sent.get(0).body());
        assertThat(first.path("stream").asBoolean()).isTrue();
        assertThat(first.path("messages").get(0).path("role").asText()).isEqualTo("system");
        assertThat(first.path("messages").get(1).path("content").asText()).isEqualTo("What is the revenue by region?");
        assertThat(first.path("tools")).extracting(t -> t.path("function").path("name").asText())
                .contains("inspect_schema", "run_sql", "search_knowledge");
        JsonNode second = AgentHttp.JSON.readTree(sent.get(1).body());
        JsonNode toolMessage = second.path("messages").get(second.path("messages").size() - 1);
        assertThat(toolMessage.path("role").asText()).isEqualTo("tool");
        assertThat(toolMessage.path("tool_call_id").asText()).isEqualTo("call_kit_1");
        assertThat(toolMessage.path("content").asText()).contains("LATAM");
        assertThat(events.toString()).doesNotContain(KEY);
    }

    @Test
    void theOfficialAgUiClientCompletesARunOnAModelWithToolCalls() throws Exception {
        mock.answerOnceWithExample("toolCall");
        ObjectNode args = OfficialAgUiClient.args(server.url(Api.AGENT) + "/api/agent", AgentHttp.KIT_TOKEN, "mt-agui",
                "mr-agui", "What is the revenue by region?");
        ObjectNode config = args.putObject("forwardedProps").putObject("run_config");
        config.put("activeDatasourceId", "sample").put("activeLlmProfileId", "mock");
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args);
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.json().path("rejected").size()).as(r.toString()).isZero();
        assertThat(r.types()).contains("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT",
                "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END");
        assertThat(r.types().get(r.types().size() - 1)).isEqualTo("RUN_FINISHED");
        assertThat(r.json().path("outcome").path("type").asText()).isEqualTo("success");
    }

    @Test
    void streamedReasoningBecomesReasoningEvents() throws IOException {
        mock.answerOnceWithExample("reasoning");
        List<JsonNode> events = http.run(AgentHttp.input("mt2", "mr2", "Which region has the most revenue?", onProfile("mock", null)));
        assertThat(types(events)).containsSubsequence("REASONING_START", "REASONING_MESSAGE_START",
                "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END", "REASONING_END", "TEXT_MESSAGE_START");
        assertThat(text(events, "REASONING_MESSAGE_CONTENT"))
                .isEqualTo("The question asks for revenue per region. The table has region and revenue.");
        assertThat(text(events, "TEXT_MESSAGE_CONTENT")).isEqualTo("NA has the most revenue.");
        assertThat(custom(events, "kit.token_usage").get(0).path("value").path("totalTokens").asInt()).isEqualTo(160);
    }

    @Test
    void aProviderRateLimitAfterAToolCallEndsTheRunWithLlmRateLimitedAndSavesNoArtifact() throws IOException {
        mock.failWith(429); // the contract's 429 ...
        mock.answerOnceWithExample("toolCall"); // ... after one streamed tool call

        List<JsonNode> events = http.run(AgentHttp.input("mt3", "mr3", "What is the revenue by region?", onProfile("mock", null)));
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.path("type").asText()).isEqualTo("RUN_ERROR");
        assertThat(last.path("code").asText()).isEqualTo("LLM_RATE_LIMITED");
        assertThat(last.path("message").asText()).contains("429").doesNotContain("Rate limit reached");
        // the query ran (its result went to the model), but its table is saved only with an answer: nothing half-stored
        assertThat(types(events)).contains("TOOL_CALL_RESULT").doesNotContain("TEXT_MESSAGE_START");
        assertThat(custom(events, "kit.sql_audit").get(0).path("value").path("status").asText()).isEqualTo("ok");
        assertThat(custom(events, "kit.artifact")).isEmpty();
        assertThat(http.call("GET", "/api/v1/artifacts?threadId=mt3", null).body().path("items")).isEmpty();
        JsonNode history = http.call("GET", "/api/v1/threads/mt3/history", null).body();
        assertThat(history.toString()).contains("\"failed\"");
        assertThat(history.path("runs").get(0).path("events").size()).isEqualTo(events.size());
    }

    @Test
    void anUnreachableProviderEndsTheRunWithLlmUnavailable() throws IOException {
        List<JsonNode> events = http.run(AgentHttp.input("mt4", "mr4", "What is the revenue by region?", onProfile("down", null)));
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.path("type").asText()).as(events.toString()).isEqualTo("RUN_ERROR");
        assertThat(last.path("code").asText()).isEqualTo("LLM_UNAVAILABLE");
        assertThat(last.path("message").asText()).contains("'down'").contains("cannot be reached");
        assertThat(http.call("GET", "/api/v1/artifacts?threadId=mt4", null).body().path("items")).isEmpty();
    }

    @Test
    void theModelCallsAnEnabledMcpServersToolWithTheStoredToken() throws IOException {
        try (McpTestServer mcp = new McpTestServer("mcp-model-token-123")) {
            assertThat(http.call("POST", "/api/v1/mcp-servers", AgentResourcesTest.mcpRegistration("targets", mcp.url(),
                    "mcp-model-token-123")).status()).isEqualTo(201);
            mock.answerOnceWithStream("""
                    data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_mcp","type":"function","function":{"name":"mcp_targets_region_targets","arguments":"{\\"question\\": \\"targets 2025\\"}"}}]},"finish_reason":null}]}

                    data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

                    data: [DONE]

                    """);
            List<JsonNode> events = http.run(AgentHttp.input("mt8", "mr8", "What are the revenue targets?",
                    onProfile("mock", "\"enabledMcpServerIds\":[\"targets\"],\"enabledMcpTools\":{\"targets\":[\"region_targets\"]}")));
            assertThat(types(events).get(events.size() - 1)).as(events.toString()).isEqualTo("RUN_FINISHED");
            assertThat(mcp.calledTools).containsExactly("region_targets:targets 2025");
            JsonNode result = events.stream().filter(e -> e.path("toolCallId").asText().equals("mr8-r1-call-0")
                    && e.path("type").asText().equals("TOOL_CALL_RESULT")).findFirst().orElseThrow();
            assertThat(result.path("content").asText()).contains("NA 70000 USD");
            JsonNode offered = AgentHttp.JSON.readTree(mock.sent().get(0).body()).path("tools");
            assertThat(offered).extracting(t -> t.path("function").path("name").asText())
                    .contains("mcp_targets_region_targets").doesNotContain("mcp_targets_whoami_debug");
            assertThat(events.toString()).doesNotContain("mcp-model-token-123");
        }
    }

    @Test
    void aCancelWhileTheProviderIsSlowEndsTheRunCancelledAtOnce() throws Exception {
        Request slow = new Request.Builder().url(mock.url() + "/mockserver/kit/outcome?delay=10000")
                .put(RequestBody.create(new byte[0])).build();
        try (Response res = PLAIN.newCall(slow).execute()) {
            assertThat(res.code()).isEqualTo(200);
        }
        try (AgentHttp.Stream stream = http.open(AgentHttp.input("mt9", "mr9", "What is the revenue by region?",
                onProfile("mock", null)))) {
            JsonNode e;
            do {
                e = stream.next();
            } while (e != null && !"kit.workspace".equals(e.path("name").asText())); // the model is asked next
            // cancelled once the provider holds the call: sent later, it would take the next test's scripted answer
            await().atMost(Duration.ofSeconds(10)).until(() -> !mock.sent().isEmpty());
            long start = System.nanoTime();
            assertThat(http.call("POST", "/api/v1/runs/mr9/cancel", null).status()).isEqualTo(202);
            List<JsonNode> rest = stream.rest();
            long millis = (System.nanoTime() - start) / 1_000_000;
            JsonNode last = rest.get(rest.size() - 1);
            assertThat(last.path("type").asText()).as(rest.toString()).isEqualTo("RUN_FINISHED");
            assertThat(last.path("outcome").path("type").asText()).isEqualTo("cancelled");
            assertThat(millis).as("the run ends without waiting for the provider").isLessThan(2000);
        } finally {
            Request back = new Request.Builder().url(mock.url() + "/mockserver/kit/outcome").delete().build();
            PLAIN.newCall(back).execute().close();
        }
    }

    @Test
    void anUnknownProfileIsNotAvailable() throws IOException {
        List<JsonNode> events = http.run(AgentHttp.input("mt5", "mr5", "Revenue?", onProfile("gpt-9", null)));
        assertThat(events.get(events.size() - 1).path("code").asText()).isEqualTo("LLM_PROFILE_NOT_AVAILABLE");
        assertThat(mock.sent()).isEmpty();
    }

    @Test
    void aSkillsInstructionsAreTheModelsSystemInstructionsAndItsToolsTheOnlyOnesOffered() throws IOException {
        register("{\"id\":\"pirate-sql\",\"name\":\"Pirate SQL\",\"instructions\":\"Answer like a pirate, in one sentence.\","
                + "\"tools\":[\"inspect_schema\"],\"answerFormat\":\"list\",\"sections\":[\"table\",\"sql\"]}");
        // the model calls run_sql, which the skill does not allow: it gets an error result, and no query runs
        mock.answerOnceWithExample("toolCall");
        List<JsonNode> events = http.run(AgentHttp.input("mt6", "mr6", "What is the revenue by region?",
                onProfile("mock", "\"enabledSkillIds\":[\"pirate-sql\"],\"activeSkillId\":\"pirate-sql\"")));
        assertThat(types(events).get(events.size() - 1)).as(events.toString()).isEqualTo("RUN_FINISHED");
        JsonNode result = events.stream().filter(e -> e.path("type").asText().equals("TOOL_CALL_RESULT")).findFirst().orElseThrow();
        assertThat(result.path("content").asText()).contains("not available").contains("[inspect_schema]");
        assertThat(custom(events, "kit.sql_audit")).isEmpty();
        List<RecordedRequest> sent = mock.sent();
        JsonNode first = AgentHttp.JSON.readTree(sent.get(0).body());
        String system = first.path("messages").get(0).path("content").asText();
        assertThat(system).contains("Answer like a pirate, in one sentence.").contains("bulleted list")
                .contains("the SQL query in a code block");
        assertThat(first.path("tools")).extracting(t -> t.path("function").path("name").asText()).containsExactly("inspect_schema");
    }

    @Test
    void withTheDeterministicProfileASkillsDeclaredAnswerShapeIsHonoured() throws IOException {
        register("{\"id\":\"brief-list\",\"name\":\"Brief list\",\"instructions\":\"A list, the query, the largest.\","
                + "\"answerFormat\":\"list\",\"sections\":[\"table\",\"sql\",\"largest\"]}");
        List<JsonNode> events = http.run(AgentHttp.input("mt7", "mr7", "What is the revenue by region?",
                onProfile("deterministic", "\"enabledSkillIds\":[\"brief-list\"],\"activeSkillId\":\"brief-list\"")));
        String answer = text(events, "TEXT_MESSAGE_CONTENT");
        assertThat(answer).contains("- REGION: APAC, REVENUE: ").contains("```sql\nSELECT ").contains("Largest: **NA**")
                .doesNotContain("|---|");
        assertThat(answer.indexOf("```sql")).isLessThan(answer.indexOf("Largest:"));
        assertThat(mock.sent()).as("deterministic calls no model").isEmpty();
    }

    private static void register(String skill) throws IOException {
        AgentHttp.Reply reply = http.call("POST", "/api/v1/skills", skill);
        assertThat(reply.status()).as(reply.text()).isEqualTo(201);
        assertThat(reply.body().has("sections")).isTrue();
    }
}
