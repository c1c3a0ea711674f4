package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import dev.contractkit.agui.EventOrder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A client that drops mid-run loses nothing (issue 21, requirement 4): the run goes on, and the client re-attaches
 * with {@code Last-Event-ID} to get every event it missed and the rest exactly once, in order, then the answer.
 */
class AgentReattachTest {
    @TempDir
    Path dir;
    final List<KitServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(KitServer::close);
    }

    AgentHttp start(Settings settings) {
        KitServer server = KitServer.start(AgentHttp.access(settings).with("agent.step-delay", "PT0.05S"),
                List.of(Api.AGENT));
        servers.add(server);
        return new AgentHttp(server.url(Api.AGENT));
    }

    @Test
    void aClientThatDropsMidRunReattachesAndGetsEveryEventOnceInOrderThenTheAnswer() throws Exception {
        AgentHttp client = start(TestDatabases.embedded(dir));
        reattachAfterADrop(client, client, "t-drop", "r-drop");
    }

    @Test
    void aClientReattachesOnAnotherReplicaThatSharesTheDatabase() throws Exception {
        try (TestDatabases.PostgresSchema schema = TestDatabases.PostgresSchema.create()) {
            AgentHttp a = start(schema.settings());
            AgentHttp b = start(schema.settings());
            reattachAfterADrop(a, b, "t-other", "r-other");
            stop();
            servers.clear();
        }
    }

    private void reattachAfterADrop(AgentHttp runsOn, AgentHttp attachesTo, String thread, String run)
            throws Exception {
        List<JsonNode> before;
        List<Integer> beforeIds;
        try (AgentHttp.Stream stream = runsOn.open(AgentHttp.input(thread, run, "What is the revenue by region?", null))) {
            for (int i = 0; i < 5; i++) {
                stream.next();
            }
            before = List.copyOf(stream.events);
            beforeIds = List.copyOf(stream.ids);
        } // the client drops: the connection closes mid-run
        assertThat(beforeIds).containsExactly(0, 1, 2, 3, 4);

        List<JsonNode> after;
        List<Integer> afterIds;
        try (AgentHttp.Stream stream = attachesTo.attach(thread, run, "4")) {
            after = stream.rest();
            afterIds = stream.ids;
        }
        assertThat(afterIds).as("every later event once, in order").containsExactlyElementsOf(
                IntStream.range(5, 5 + after.size()).boxed().toList());
        List<JsonNode> whole = new ArrayList<>(before);
        whole.addAll(after);
        assertThat(EventOrder.check(whole)).isEmpty();
        JsonNode last = whole.get(whole.size() - 1);
        assertThat(last.path("type").asText()).isEqualTo("RUN_FINISHED");
        assertThat(last.at("/outcome/type").asText()).isEqualTo("success");
        String answer = String.join("", whole.stream().filter(e -> e.path("type").asText().equals("TEXT_MESSAGE_CONTENT"))
                .map(e -> e.path("delta").asText()).toList());
        assertThat(answer).contains("| REGION | REVENUE |", "| APAC |");

        JsonNode history = await().atMost(Duration.ofSeconds(10))
                .until(() -> attachesTo.call("GET", "/api/v1/threads/" + thread + "/history", null).body().at("/runs/0"),
                        r -> r.has("finishedAt"));
        assertThat(history.path("status").asText()).isEqualTo("completed");
        assertThat(history.path("events")).containsExactlyElementsOf(whole);

        try (AgentHttp.Stream again = attachesTo.attach(thread, run, null)) {
            assertThat(again.rest()).as("a finished run replays whole").containsExactlyElementsOf(whole);
        }
        assertThat(attachesTo.call("GET", "/api/v1/threads/" + thread + "/runs/" + run + "/events?after=" + (whole.size() - 2),
                null).text()).isEqualTo("id: " + (whole.size() - 1) + "\ndata: " + last + "\n\n");
    }

    @Test
    void reattachingToAnUnknownRunOrWithABadLastEventIdGetsTheErrorShape() throws Exception {
        AgentHttp client = start(TestDatabases.embedded(dir));
        client.run(AgentHttp.input("t-known", "r-known", "Revenue by region?", null));
        AgentHttp.Reply unknown = client.call("GET", "/api/v1/threads/t-known/runs/nope/events", null);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(client.call("GET", "/api/v1/threads/other-thread/runs/r-known/events", null).status()).isEqualTo(404);
        assertThat(client.call("GET", "/api/v1/threads/t-known/runs/r-known/events?after=x", null).status()).isEqualTo(400);
        assertThatThrownBy(() -> client.attach("t-known", "r-known", "seven")).hasMessageContaining("status 400")
                .hasMessageContaining("Last-Event-ID");
    }
}
