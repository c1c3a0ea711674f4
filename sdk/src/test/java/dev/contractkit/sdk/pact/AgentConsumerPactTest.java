package dev.contractkit.sdk.pact;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Interaction;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import au.com.dius.pact.core.model.matchingrules.RegexMatcher;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentEvent;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.agent.AgentTranscript;
import dev.contractkit.sdk.agent.model.Datasource;
import dev.contractkit.sdk.agent.model.Resource;
import dev.contractkit.sdk.agent.model.RunHistory;
import dev.contractkit.sdk.agent.model.ThreadHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static dev.contractkit.sdk.pact.PactConfig.KIT_AUTHORIZATION;
import static dev.contractkit.sdk.pact.PactConfig.KIT_BEARER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The SDK's agent interactions as a consumer pact (Pact V4, provider {@code agent}). The run itself is one
 * interaction whose response is {@code text/event-stream}: Pact has no SSE matcher, so the body is a plain-text
 * body matched by one regular expression at {@code $}: every frame is one {@code data:} line (after an optional
 * {@code id:} line, the event's sequence number, which a client re-attaches with), the first is
 * RUN_STARTED of this run, the last RUN_FINISHED with outcome success (what lies between may change freely).
 * Provider states: {@value #SAMPLE}, {@value #HISTORY}, {@value #NO_RUN}. Every interaction sends the kit token
 * ({@code Authorization: Bearer test-kit-token}, the token the provider test starts the server with).
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = "agent", pactVersion = PactSpecVersion.V4)
class AgentConsumerPactTest {
    static final String SAMPLE = "the sample data source and knowledge base are registered";
    static final String HISTORY = "thread pact-history has one completed run";
    static final String NO_RUN = "run pact-no-such-run does not exist";
    static final String RFC3339 = FormsConsumerPactTest.RFC3339;
    static final String QUESTION = "What is the revenue by region?";

    /** Every SSE frame one data line; RUN_STARTED of run pact-run-1 first, RUN_FINISHED success last. */
    static final String STREAM = "(?s)(id: [0-9]+\\n)?data: \\{\"type\":\"RUN_STARTED\"[^\\n]*\"runId\":\"pact-run-1\"[^\\n]*\\n\\n"
            + "((id: [0-9]+\\n)?data: [^\\n]*\\n\\n)*"
            + "(id: [0-9]+\\n)?data: \\{\"type\":\"RUN_FINISHED\"[^\\n]*\"outcome\":\\{\"type\":\"success\"\\}[^\\n]*\\n\\n";

    static final String EXAMPLE_STREAM = """
            data: {"type":"RUN_STARTED","threadId":"pact-thread","runId":"pact-run-1","timestamp":1767225600000}

            data: {"type":"TEXT_MESSAGE_START","messageId":"pact-run-1-answer","role":"assistant","timestamp":1767225600009}

            data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"pact-run-1-answer","delta":"| REGION | REVENUE |","timestamp":1767225600010}

            data: {"type":"TEXT_MESSAGE_END","messageId":"pact-run-1-answer","timestamp":1767225600010}

            data: {"type":"RUN_FINISHED","threadId":"pact-thread","runId":"pact-run-1","outcome":{"type":"success"},"timestamp":1767225600012}

            """;

    @Pact(consumer = "kit-sdk")
    V4Pact runAndStream(PactDslWithProvider builder) {
        V4Pact pact = builder.given(SAMPLE)
                .uponReceiving("a run asking for the revenue by region, streamed as AG-UI events")
                .path("/api/agent").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION).headers("Accept", "text/event-stream")
                .matchHeader("Content-Type", "application/json.*", "application/json")
                // exactly what the SDK sends (no "empty": true from the generated HashMap-based Message: see Http.MAPPER)
                .body("{\"threadId\":\"pact-thread\",\"runId\":\"pact-run-1\",\"state\":{},"
                        + "\"messages\":[{\"id\":\"pact-run-1-user\",\"role\":\"user\",\"content\":\"" + QUESTION + "\",\"toolCalls\":[]}],"
                        + "\"tools\":[],\"context\":[],\"forwardedProps\":{},\"resume\":[]}")
                .willRespondWith().status(200).matchHeader("Content-Type", "text/event-stream.*", "text/event-stream")
                .body(EXAMPLE_STREAM, "text/event-stream")
                .toPact(V4Pact.class);
        // no DSL for a regex over a whole text body: the rule goes on the response body's root by hand
        for (var interaction : pact.getInteractions()) {
            ((V4Interaction.SynchronousHttp) interaction).getResponse().getMatchingRules()
                    .addCategory("body").addRule("$", new RegexMatcher(STREAM, EXAMPLE_STREAM));
        }
        return pact;
    }

    @Pact(consumer = "kit-sdk")
    V4Pact listDatasources(PactDslWithProvider builder) {
        return builder.given(SAMPLE)
                .uponReceiving("a request for the registered data sources")
                .path("/api/v1/datasources").method("GET")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().minArrayLike("items", 1).stringType("id", "sample").stringType("name", "Sample sales")
                        .stringType("jdbcUrl", "kit:embedded").booleanType("hasPassword", false).booleanType("enabled", true)
                        .booleanType("builtIn", true).closeObject().closeArray())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact listKnowledgeBases(PactDslWithProvider builder) {
        return builder.given(SAMPLE)
                .uponReceiving("a request for the knowledge bases")
                .path("/api/v1/knowledge-bases").method("GET")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().minArrayLike("items", 1).stringType("id", "kb-sales-glossary")
                        .stringType("name", "Sales glossary").booleanType("enabled", true).closeObject().closeArray())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact readAThreadsHistory(PactDslWithProvider builder) {
        return builder.given(HISTORY)
                .uponReceiving("a request for the history of thread pact-history")
                .path("/api/v1/threads/pact-history/history").method("GET")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(200).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringValue("threadId", "pact-history")
                        .minArrayLike("runs", 1, 1).stringValue("runId", "pact-history-run").stringValue("threadId", "pact-history")
                        .stringValue("status", "completed")
                        .stringMatcher("startedAt", RFC3339, "2026-01-01T00:00:00Z")
                        .stringMatcher("finishedAt", RFC3339, "2026-01-01T00:00:01Z")
                        .minArrayLike("events", 2).stringMatcher("type", "[A-Z_]+", "RUN_STARTED").closeObject().closeArray()
                        .closeObject().closeArray())
                .toPact(V4Pact.class);
    }

    @Pact(consumer = "kit-sdk")
    V4Pact cancelAnUnknownRun(PactDslWithProvider builder) {
        return builder.given(NO_RUN)
                .uponReceiving("a request to cancel a run that does not exist")
                .path("/api/v1/runs/pact-no-such-run/cancel").method("POST")
                .matchHeader("Authorization", KIT_BEARER, KIT_AUTHORIZATION)
                .willRespondWith().status(404).matchHeader("Content-Type", "application/json.*", "application/json")
                .body(new PactDslJsonBody().stringValue("code", "NOT_FOUND").stringType("message", "no run 'pact-no-such-run'"))
                .toPact(V4Pact.class);
    }

    private static AgentClient client(MockServer server) {
        return AgentClient.builder().config(PactConfig.of(server)).token(PactConfig.KIT_TOKEN).build();
    }

    @Test
    @PactTestFor(pactMethod = "runAndStream")
    void runAgentStreamsTypedEventsFromStartedToFinished(MockServer server) {
        try (AgentRun run = client(server).runAgent(AgentRun.input("pact-thread", "pact-run-1", QUESTION)).execute()) {
            List<AgentEvent> events = run.stream().toList();
            assertThat(events.getFirst()).isInstanceOf(AgentEvent.RunStarted.class);
            assertThat(events.getLast()).isInstanceOf(AgentEvent.RunFinished.class);
            assertThat(run.violations()).isEmpty();
            AgentTranscript t = AgentTranscript.fold(events);
            assertThat(t.runEnd()).isEqualTo(AgentTranscript.RunEnd.SUCCESS);
            assertThat(t.answer()).contains("| REGION | REVENUE |");
        }
    }

    @Test
    @PactTestFor(pactMethod = "listDatasources")
    void datasourcesReadsTheList(MockServer server) {
        List<Datasource> sources = client(server).resources().datasources().list().execute();
        assertThat(sources).isNotEmpty().allSatisfy(d -> assertThat(d.getId()).isNotBlank());
        assertThat(sources.getFirst().getHasPassword()).isFalse();
    }

    @Test
    @PactTestFor(pactMethod = "listKnowledgeBases")
    void knowledgeBasesReadsTheList(MockServer server) {
        List<Resource> kbs = client(server).resources().knowledgeBases().list().execute();
        assertThat(kbs).isNotEmpty().allSatisfy(k -> assertThat(k.getEnabled()).isNotNull());
    }

    @Test
    @PactTestFor(pactMethod = "readAThreadsHistory")
    void historyReadsTheRunsWithTheirEvents(MockServer server) {
        ThreadHistory h = client(server).getThreadHistory("pact-history").execute();
        assertThat(h.getRuns()).hasSize(1);
        RunHistory run = h.getRuns().getFirst();
        assertThat(run.getStatus()).isEqualTo(RunHistory.StatusEnum.COMPLETED);
        assertThat(run.getFinishedAt()).isAfterOrEqualTo(run.getStartedAt());
        assertThat(run.getEvents()).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    @PactTestFor(pactMethod = "cancelAnUnknownRun")
    void cancellingAnUnknownRunIsNotFound(MockServer server) {
        assertThatThrownBy(() -> client(server).cancelRun("pact-no-such-run").execute()).isInstanceOfSatisfying(NotFoundException.class,
                e -> assertThat(e.errorCode()).contains("NOT_FOUND"));
    }
}
