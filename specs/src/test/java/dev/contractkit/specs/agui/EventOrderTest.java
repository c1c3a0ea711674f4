package dev.contractkit.specs.agui;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.agui.EventOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EventOrderTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static List<JsonNode> events(String... json) {
        List<JsonNode> out = new ArrayList<>();
        for (String j : json) {
            try {
                out.add(MAPPER.readTree(j.replace('\'', '"')));
            } catch (Exception e) {
                throw new IllegalArgumentException(e);
            }
        }
        return out;
    }

    @Test
    void theContractsExampleStreamsFollowTheRulesAndEveryEventMatchesItsSchema() {
        String yaml = Api.AGENT.read("openapi/agent.yaml");
        JsonNode doc = ContractDocument.load("openapi/agent.yaml").root();
        JsonNode examples = doc.at("/paths/~1api~1agent/post/responses/200/content/text~1event-stream/examples");
        assertThat(yaml).contains("text/event-stream");
        assertThat(examples.fieldNames()).toIterable().containsExactly("answer", "cancelled", "runError");
        assertThat(EventSchemas.parseSse(examples.at("/answer/value").asText())).hasSizeGreaterThan(10);
        EventSchemas schemas = EventSchemas.load();
        for (JsonNode example : examples) {
            List<JsonNode> events = EventSchemas.parseSse(example.path("value").asText());
            assertThat(EventOrder.check(events)).isEmpty();
            for (JsonNode e : events) {
                assertThat(schemas.validate(e)).as(e.toString()).isEmpty();
            }
        }
    }

    @Test
    void aStreamMustStartWithRunStarted() {
        assertThat(EventOrder.check(events("{'type':'TEXT_MESSAGE_START','messageId':'m'}")))
                .anySatisfy(v -> assertThat(v).contains("first event must be RUN_STARTED"));
    }

    @Test
    void contentOutsideAnOpenMessageIsAViolation() {
        assertThat(EventOrder.check(events("{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
                "{'type':'TEXT_MESSAGE_CONTENT','messageId':'m','delta':'x'}",
                "{'type':'RUN_FINISHED','threadId':'t','runId':'r'}")))
                .containsExactly("event 1 (TEXT_MESSAGE_CONTENT): no open text message 'm'");
    }

    @Test
    void runFinishedWithAnOpenToolCallIsAViolation() {
        assertThat(EventOrder.check(events("{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
                "{'type':'TOOL_CALL_START','toolCallId':'c','toolCallName':'run_sql'}",
                "{'type':'RUN_FINISHED','threadId':'t','runId':'r'}")))
                .containsExactly("event 2 (RUN_FINISHED): RUN_FINISHED while still open: tool calls [c]");
    }

    @Test
    void nothingButRunStartedMayFollowRunError() {
        assertThat(EventOrder.check(events("{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
                "{'type':'RUN_ERROR','message':'x'}", "{'type':'STEP_STARTED','stepName':'s'}")))
                .containsExactly("event 2 (STEP_STARTED): nothing may follow RUN_ERROR except RUN_STARTED");
        assertThat(EventOrder.check(events("{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
                "{'type':'RUN_ERROR','message':'x'}", "{'type':'RUN_STARTED','threadId':'t','runId':'r2'}",
                "{'type':'RUN_FINISHED','threadId':'t','runId':'r2'}"))).isEmpty();
    }

    @Test
    void aSecondRunStartedWhileActiveAndAnUnfinishedStreamAreViolations() {
        assertThat(EventOrder.check(events("{'type':'RUN_STARTED','threadId':'t','runId':'r'}",
                "{'type':'RUN_STARTED','threadId':'t','runId':'r'}")))
                .containsExactly("event 1 (RUN_STARTED): a run is already active",
                        "stream ended without RUN_FINISHED or RUN_ERROR");
    }

    @Test
    void schemasRejectAMissingRequiredFieldAndKnowTheKitsCustomNames() {
        EventSchemas schemas = EventSchemas.load();
        assertThat(schemas.validate(events("{'type':'TEXT_MESSAGE_CONTENT','messageId':'m'}").get(0)))
                .anySatisfy(p -> assertThat(p).contains("delta"));
        assertThat(schemas.validate(events("{'type':'CUSTOM','name':'kit.token_usage','value':{'llmProfileId':'x'}}").get(0)))
                .anySatisfy(p -> assertThat(p).contains("inputTokens"));
        assertThat(schemas.validate(events("{'type':'CUSTOM','name':'someone.else','value':1}").get(0))).isEmpty();
        assertThat(schemas.validate(events("{'type':'NOPE'}").get(0))).containsExactly("unknown event type 'NOPE'");
        assertThat(schemas.names()).contains("RUN_STARTED", "REASONING_MESSAGE_CONTENT", "kit.run_config", "kit.sql_audit",
                "kit.token_usage", "kit.artifact", "kit.workspace");
    }
}
