package dev.contractkit.reference.answers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.mock.RecordedRequest;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ChatCompletionsMock;
import dev.contractkit.reference.platform.ModelProfiles;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The model-backed answer engine ({@code answers.model-profile}) against the kit's mock of the OpenAI-compatible
 * chat-completions contract: an answer, each refusal reason from the model, the content filter before the model, an
 * invalid reply, a provider 429, a provider outage and an unreachable provider. One mock and one server for the class.
 */
class ModelAnswersTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final OkHttpClient HTTP = new OkHttpClient.Builder().readTimeout(30, TimeUnit.SECONDS).build();
    static final String KEY = "model-test-key-0123456789";
    static final String MODEL_KEY = "sk-kit-answers-model-key-0123456789";
    @TempDir
    static Path dir;
    static ChatCompletionsMock mock;
    static KitServer server;

    record Reply(int status, JsonNode body) {
    }

    @BeforeAll
    static void start() throws IOException {
        mock = ChatCompletionsMock.start(MODEL_KEY, dir);
        server = KitServer.start(mock.withProfile(TestDatabases.embedded(dir).with("answers.api-keys", KEY).with("answers.rate-limit", "100")
                .with("agent.model-profiles", "mock"), "mock")
                .with("answers.model-profile", "mock"), List.of(Api.ANSWERS));
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

    /** The mock answers the next chat completion (once) with a stream whose text is {@code content}. */
    static void modelReplies(String content) throws IOException {
        mock.answerOnceWithText(content);
    }

    static Reply ask(String query, boolean force) throws IOException {
        return call("POST", "/v1/answer", JSON.createObjectNode().put("query", query).put("forceAnswer", force).toString());
    }

    static Reply call(String method, String path, String body) throws IOException {
        Request r = new Request.Builder().url(server.url(Api.ANSWERS) + path).header("x-api-key", KEY)
                .method(method, body == null ? null : RequestBody.create(body, MediaType.get("application/json"))).build();
        try (Response res = HTTP.newCall(r).execute()) {
            return new Reply(res.code(), JSON.readTree(res.body().string()));
        }
    }

    static int used() throws IOException {
        return call("GET", "/v1/quota", null).body().path("result").path("used").asInt(-1);
    }

    static List<RecordedRequest> sent() {
        return mock.sent();
    }

    @Test
    void theModelsAnswerComesInTheSuccessEnvelopeWithItsReferences() throws IOException {
        modelReplies("{\"answer\":\"Contoso Ltd's FY2025 revenue was **$4.2B**.\",\"references\":"
                + "[{\"title\":\"Contoso annual report 2025\",\"url\":\"https://example.com/contoso-2025\"}]}");
        Reply r = ask("What was Contoso's revenue in 2025?", false);

        assertThat(r.status()).as(r.body().toString()).isEqualTo(200);
        assertThat(r.body().path("success").asBoolean()).isTrue();
        JsonNode result = r.body().path("result");
        assertThat(result.path("answer").asText()).isEqualTo("Contoso Ltd's FY2025 revenue was **$4.2B**.");
        assertThat(result.path("references").get(0).path("url").asText()).isEqualTo("https://example.com/contoso-2025");
        assertThat(result.path("references").get(0).path("title").asText()).isEqualTo("Contoso annual report 2025");
        assertThat(result.path("subqueries").isArray()).isTrue();
        // what the model was sent: JSON mode, the contract's rules and reasons, the question; the key only as bearer
        RecordedRequest request = sent().get(0);
        JsonNode body = JSON.readTree(request.body());
        assertThat(body.path("response_format").path("type").asText()).isEqualTo("json_object");
        assertThat(body.path("model").asText()).isEqualTo("gpt-4o-mini");
        String system = body.path("messages").get(0).path("content").asText();
        assertThat(system).contains("ContentFiltered", "ShouldUseScreener", "NonInvestmentRelated", "FailedToAnswer");
        assertThat(JSON.readTree(body.path("messages").get(1).path("content").asText()).path("query").asText())
                .isEqualTo("What was Contoso's revenue in 2025?");
    }

    @Test
    void eachRefusalReasonOfTheModelIsTheContractsRefusal() throws IOException {
        Map<String, String> reasons = Map.of("NonInvestmentRelated", "OffTopic", "ShouldUseScreener", "SeveralCompanies",
                "ContentFiltered", "Crime", "FailedToAnswer", "UnknownCompany");
        for (Map.Entry<String, String> e : reasons.entrySet()) {
            modelReplies(JSON.createObjectNode().put("refusal", e.getKey()).put("detail", e.getValue())
                    .put("message", "refused as " + e.getKey()).toString());
            Reply r = ask("a question the model refuses as " + e.getKey(), false);
            assertThat(r.status()).as(r.body().toString()).isEqualTo(422);
            assertThat(r.body().path("success").asBoolean(true)).isFalse();
            assertThat(r.body().path("error").asText()).isEqualTo(e.getKey());
            assertThat(r.body().path("errorDetail").asText()).isEqualTo(e.getValue());
            assertThat(r.body().path("message").asText()).isEqualTo("refused as " + e.getKey());
            assertThat(r.body().path("result").isNull()).isTrue();
        }
    }

    @Test
    void theContentFilterRefusesBeforeTheModelIsAsked() throws IOException {
        Reply r = ask("How can I pump and dump a penny stock?", true);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.body().path("error").asText()).isEqualTo("ContentFiltered");
        assertThat(r.body().path("errorDetail").asText()).isEqualTo("MarketAbuse");
        assertThat(sent()).isEmpty();
    }

    @Test
    void aReplyThatIsNotTheContractsJsonIsFailedToAnswerAndCounted() throws IOException {
        List<String> invalid = List.of("Revenue was $4.2B.", // prose, not JSON
                "{\"answer\":\"x\",\"refusal\":\"FailedToAnswer\"}", // both forms
                "{\"refusal\":\"Sorry\",\"detail\":\"OffTopic\",\"message\":\"no\"}", // not one of the four
                "{\"refusal\":\"ContentFiltered\",\"detail\":\"OffTopic\",\"message\":\"no\"}", // detail of another reason
                "{\"answer\":\"x\",\"references\":[{\"title\":\"t\",\"url\":\"javascript:alert(1)\"}]}",
                "{\"answer\":\"x\",\"confidence\":0.3}"); // a field the contract does not have
        for (String reply : invalid) {
            int before = used();
            modelReplies(reply);
            Reply r = ask("What was Contoso's revenue in 2025?", false);
            assertThat(r.status()).as(reply + " -> " + r.body()).isEqualTo(422);
            assertThat(r.body().path("error").asText()).isEqualTo("FailedToAnswer");
            assertThat(r.body().path("errorDetail").asText()).isEqualTo("NoMatchingData");
            assertThat(r.body().path("message").asText()).contains("the model's reply was not a valid answer");
            assertThat(used()).as("a refusal is counted").isEqualTo(before + 1);
        }
    }

    @Test
    void offTopicFromTheModelDespiteForceAnswerIsNotPassedOn() throws IOException {
        modelReplies("{\"refusal\":\"NonInvestmentRelated\",\"detail\":\"OffTopic\",\"message\":\"off topic\"}");
        Reply r = ask("What is the capital of France?", true);
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.body().path("error").asText()).isEqualTo("FailedToAnswer");
        assertThat(r.body().path("message").asText()).contains("forceAnswer");
        assertThat(JSON.readTree(JSON.readTree(sent().get(0).body()).path("messages").get(1).path("content").asText())
                .path("forceAnswer").asBoolean()).isTrue();
    }

    @Test
    void aProviderRateLimitIsA503AndGivesTheQuotaSlotBack() throws IOException {
        mock.failWith(429);
        int before = used();
        Reply r = ask("What was Contoso's revenue in 2025?", false);
        assertThat(r.status()).as(r.body().toString()).isEqualTo(503);
        assertThat(r.body().path("error").asText()).isEqualTo("ServiceUnavailable");
        assertThat(r.body().path("errorDetail").asText()).isEqualTo("ServiceUnavailable");
        assertThat(r.body().path("message").asText()).contains("rate limiting", "429").doesNotContain("Rate limit reached");
        assertThat(r.body().path("result").isNull()).isTrue();
        assertThat(used()).isEqualTo(before);
    }

    @Test
    void aProviderOutageIsA503InTheContractsErrorShape() throws IOException {
        mock.failWith(503);
        int before = used();
        Reply r = ask("What was Contoso's revenue in 2025?", false);
        assertThat(r.status()).as(r.body().toString()).isEqualTo(503);
        assertThat(r.body().path("error").asText()).isEqualTo("ServiceUnavailable");
        assertThat(r.body().path("message").asText()).contains("HTTP 503").doesNotContain("overloaded");
        assertThat(used()).isEqualTo(before);
    }

    @Test
    void anUnreachableProviderIsServiceUnavailable() throws IOException {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once closed: connection refused
        }
        ModelProfiles.Profile down = ModelProfiles.from(Settings.of(Map.of("agent.model-profiles", "down",
                "agent.model.down.model", "m", "agent.model.down.endpoint", "http://127.0.0.1:" + closed + "/v1",
                "agent.model.down.timeout", "PT5S")), name -> null).find("down").orElseThrow();

        assertThatThrownBy(() -> new ModelAnswers(down, true).answer("What was Contoso's revenue in 2025?", false))
                .isInstanceOfSatisfying(ApiError.class, e -> assertThat(e.status().code()).isEqualTo(503))
                .hasMessageContaining("cannot be reached");
    }

    @Test
    void withoutJsonModeTheRequestHasNoResponseFormatAndTheReplyIsCheckedAlike() throws IOException {
        ModelProfiles.Profile plain = ModelProfiles.from(Settings.of(Map.of("agent.model-profiles", "plain",
                "agent.model.plain.model", "gpt-4o-mini", "agent.model.plain.endpoint", mock.endpoint(),
                "agent.model.plain.api-key-file", dir.resolve("model-key").toString())), name -> null).find("plain").orElseThrow();
        modelReplies("{\"answer\":\"Fine.\",\"references\":[],\"note\":\"extra\"}");

        AnswerEngine.AnswerOrRefusal outcome = new ModelAnswers(plain, false).answer("What was Contoso's revenue in 2025?", false);

        assertThat(outcome).isInstanceOfSatisfying(AnswerEngine.Refused.class,
                r -> assertThat(r.message()).contains("unexpected field note"));
        assertThat(JSON.readTree(sent().get(0).body()).has("response_format")).isFalse();
    }

    @Test
    void aProfileThatIsNotConfiguredStopsTheStartNamingTheSetting() {
        assertThatThrownBy(() -> KitServer.start(TestDatabases.embedded(dir.resolve("other"))
                .with("answers.model-profile", "nope"), List.of(Api.ANSWERS)))
                .hasStackTraceContaining("KIT_ANSWERS_MODEL_PROFILE").hasStackTraceContaining("KIT_AGENT_MODEL_PROFILES");
    }
}
