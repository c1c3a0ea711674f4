package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.EventStream;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.ServerSentEvent;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the generated {@link AgentClient} gets from {@link AgentClientAddOns} and {@link AgentClientBuilderAddOn}
 * (issue 38.1): the builder's re-attach settings, the history's events untouched, the thread list without repeats.
 */
class AgentClientAddOnsTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    private AgentClient.Builder builder() {
        return AgentClient.builder().baseUrl(server.url("/").toString()).token("kit-t");
    }

    @Test
    void theBuildersReattachIsKeptInTheAddOnSettingsWithTheOldDefaults() {
        AgentClient plain = builder().build();
        AgentClient tuned = builder().reattach(9, Duration.ofMillis(10), Duration.ofMillis(20)).build();

        assertThat(plain.addOnSettings().get(AgentClientAddOns.REATTACH_ATTEMPTS)).isEqualTo(5);
        assertThat(plain.addOnSettings().get(AgentClientAddOns.REATTACH_FIRST_DELAY)).isEqualTo(Duration.ofMillis(250));
        assertThat(plain.addOnSettings().get(AgentClientAddOns.REATTACH_MAX_DELAY)).isEqualTo(Duration.ofSeconds(5));
        assertThat(tuned.addOnSettings().get(AgentClientAddOns.REATTACH_ATTEMPTS)).isEqualTo(9);
        assertThat(tuned.addOnSettings().get(AgentClientAddOns.REATTACH_MAX_DELAY)).isEqualTo(Duration.ofMillis(20));
        assertThatThrownBy(() -> builder().reattach(1, Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> AgentClient.builder().baseUrl(server.url("/").toString()).build())
                .as("every agent operation needs the kit token").isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("token");
    }

    @Test
    void aRunReattachesAsOftenAsTheBuilderSays() {
        server.enqueue(new MockResponse().setHeader("Content-Type", "text/event-stream")
                .setBody("id: 0\ndata: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n")
                .setSocketPolicy(SocketPolicy.DISCONNECT_AT_END));
        for (int i = 0; i < 6; i++) {
            server.enqueue(new MockResponse().setResponseCode(502));
        }
        AgentClient agent = builder().retries(RetryPolicy.none()).reattach(1, Duration.ofMillis(1), Duration.ofMillis(1)).build();

        AgentRun run = agent.runAgent(AgentRun.input("t", "r", "hi")).execute();
        assertThatThrownBy(() -> run.forEach(e -> { })).isInstanceOf(ReattachFailedException.class)
                .hasMessageContaining("1 attempts");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void theHistorysEventsArriveWithEveryFieldAndDecoded() {
        server.enqueue(json(200, """
                {"threadId":"t","runs":[{"runId":"r","threadId":"t","status":"completed","startedAt":"2026-01-01T00:00:00Z",
                 "events":[{"type":"RUN_STARTED","threadId":"t","runId":"r","timestamp":1767225600000},
                           {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"Hello","timestamp":1767225600010},
                           {"type":"CUSTOM","name":"kit.token_usage","value":{"llmProfileId":"p","inputTokens":1,"outputTokens":2,"totalTokens":3}}]}]}
                """));
        List<List<AgentEvent>> runs = builder().build().historyEvents("t").execute();

        assertThat(runs).hasSize(1);
        assertThat(runs.get(0)).extracting(AgentEvent::type).containsExactly("RUN_STARTED", "TEXT_MESSAGE_CONTENT", "CUSTOM");
        assertThat(((AgentEvent.TextMessageContent) runs.get(0).get(1)).event().getDelta()).isEqualTo("Hello");
        assertThat(((AgentEvent.TokenUsageReported) runs.get(0).get(2)).value().getTotalTokens()).isEqualTo(3);
    }

    @Test
    void allThreadsFollowsThePagesAndGivesAThreadThatMovedForwardOnce() throws Exception {
        server.enqueue(json(200, "{\"items\":[{\"threadId\":\"a\"},{\"threadId\":\"b\"}],\"total\":3}")
                .setHeader("Link", "<" + server.url("/api/v1/threads?limit=2&offset=2") + ">; rel=\"next\""));
        // meanwhile b got a new run: it moved to the front, so the second page repeats it
        server.enqueue(json(200, "{\"items\":[{\"threadId\":\"b\"},{\"threadId\":\"c\"}],\"total\":3}"));

        assertThat(builder().build().allThreads(2).map(t -> t.getThreadId()).toList()).containsExactly("a", "b", "c");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/threads?limit=2&offset=0");
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/threads?limit=2&offset=2");
    }

    @Test
    void anEventCutOffBeforeItsBlankLineIsNotGiven() throws Exception {
        server.enqueue(new MockResponse().setHeader("Content-Type", "text/event-stream")
                .setBody("id: 0\ndata: {\"type\":\"RUN_STARTED\"}\n\nid: 1\ndata: {\"type\":\"TEXT_MES"));
        try (EventStream events = builder().build().startRunEvents(AgentRun.input("t", "r", "hi")).execute()) {
            assertThat(events.stream().map(ServerSentEvent::id).toList()).containsExactly("0");
        }
    }
}
