package dev.contractkit.mock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.agui.OfficialAgUiClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official AG-UI client ({@code @ag-ui/client} 1.0 {@code HttpAgent}) completes runs of the agent mock (the
 * contract's example streams replayed), and every event validates against {@code @ag-ui/core} 1.0's schemas.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OfficialAgUiClientMockTest {
    private MockServers mocks;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.AGENT).port(Api.AGENT, 0).build());
    }

    @AfterAll
    void stop() {
        mocks.close();
    }

    private ObjectNode args(String runId, String example) {
        ObjectNode args = OfficialAgUiClient.args(mocks.url(Api.AGENT) + "/api/agent", "any-token", "mock-thread", runId,
                "What is the revenue by region?");
        if (example != null) {
            args.putObject("headers").put("Prefer", "example=" + example);
        }
        return args;
    }

    @Test
    void officialClientCompletesTheMocksAnswerStream() throws Exception {
        ObjectNode args = args("mock-run-1", null);
        // AG-UI 1.0's resume entries pass the contract's request checks
        args.putArray("resume").addObject().put("interruptId", "int-earlier").put("status", "cancelled");
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args);
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.json().path("rejected").size()).as(r.toString()).isZero();
        assertThat(r.types()).contains("RUN_STARTED", "REASONING_MESSAGE_START", "TOOL_CALL_START", "TOOL_CALL_RESULT",
                "TEXT_MESSAGE_START", "CUSTOM");
        assertThat(r.types().get(r.types().size() - 1)).isEqualTo("RUN_FINISHED");
        assertThat(r.json().path("outcome").path("type").asText()).isEqualTo("success");
        assertThat(r.json().path("result").path("answerMessageId").asText()).isEqualTo("mock-run-1-answer");
    }

    @Test
    void officialClientCompletesTheMocksCancelledStreamWithTheAgUiCancelledOutcome() throws Exception {
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args("mock-run-2", "cancelled"));
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.types().get(r.types().size() - 1)).isEqualTo("RUN_FINISHED");
        assertThat(r.json().path("outcome").toString()).isEqualTo("{\"type\":\"cancelled\"}");
    }

    @Test
    void officialClientReceivesTheMocksRunErrorStream() throws Exception {
        OfficialAgUiClient.Report r = OfficialAgUiClient.run(args("mock-run-3", "runError"));
        assertThat(r.ok()).as(r.toString()).isTrue();
        assertThat(r.json().path("rejected").size()).as(r.toString()).isZero();
        assertThat(r.types()).containsExactly("RUN_STARTED", "RUN_ERROR");
        assertThat(r.json().path("runError").path("code").asText()).isEqualTo("ACTIVE_DATASOURCE_NOT_ENABLED");
    }
}
