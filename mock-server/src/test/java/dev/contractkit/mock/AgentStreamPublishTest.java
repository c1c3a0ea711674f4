package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.agui.EventSchemas;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An AG-UI event stream published on demand through the control API, checked against the event contract. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentStreamPublishTest {
    private static final String RUN = "{\"threadId\":\"t-1\",\"runId\":\"r-1\",\"messages\":[{\"id\":\"u1\",\"role\":\"user\",\"content\":\"hi\"}]}";
    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.AGENT).port(Api.AGENT, 0).build());
        http = new Http();
        base = mocks.url(Api.AGENT);
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    private static String events(String... events) {
        return "{\"operation\":\"runAgent\",\"status\":200,\"events\":[" + String.join(",", events) + "]}";
    }

    @Test
    void aPublishedStreamIsWhatTheNextRunReceivesWithItsOwnIds() {
        Http.Answer set = http.send("PUT", base + "/mockserver/kit/responses", "application/json", events(
                "{\"type\":\"RUN_STARTED\",\"threadId\":\"x\",\"runId\":\"y\"}",
                "{\"type\":\"RUN_ERROR\",\"message\":\"the warehouse is offline\",\"code\":\"DATASOURCE_UNAVAILABLE\"}"));

        Http.Answer run = http.send("POST", base + "/api/agent", "application/json", RUN, "Authorization", Http.KIT_BEARER);

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        List<JsonNode> received = EventSchemas.parseSse(run.body());
        assertThat(received).extracting(e -> e.path("type").asText()).containsExactly("RUN_STARTED", "RUN_ERROR");
        assertThat(received.get(0).path("runId").asText()).isEqualTo("r-1");
        assertThat(received.get(1).path("code").asText()).isEqualTo("DATASOURCE_UNAVAILABLE");
        mocks.reset();
        assertThat(EventSchemas.parseSse(http.send("POST", base + "/api/agent", "application/json", RUN,
                "Authorization", Http.KIT_BEARER).body()))
                .as("after reset the contract's example again").hasSizeGreaterThan(2);
    }

    @Test
    void eventsBreakingTheirSchemaOrTheOrderingRulesAreRefusedNamingWhy() {
        Http.Answer badField = http.send("PUT", base + "/mockserver/kit/responses", "application/json", events(
                "{\"type\":\"RUN_STARTED\",\"threadId\":\"x\"}",
                "{\"type\":\"RUN_FINISHED\",\"threadId\":\"x\",\"runId\":\"y\"}"));
        Http.Answer badOrder = http.send("PUT", base + "/mockserver/kit/responses", "application/json", events(
                "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"x\"}"));

        assertThat(badField.status()).isEqualTo(400);
        assertThat(badField.json().path("message").asText()).contains("event 0").contains("runId");
        assertThat(badOrder.status()).isEqualTo(400);
        assertThat(badOrder.json().path("message").asText()).contains("order:");
    }
}
