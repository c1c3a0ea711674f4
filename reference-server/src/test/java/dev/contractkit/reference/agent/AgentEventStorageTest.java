package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.agui.EventOrder;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent stores its events behind the stream (issue 24, requirement 7): what a client receives is exactly what it
 * received when each event was stored before it was sent (transcripts recorded then), and every event a client got
 * is stored, in order, by the time the run's last event reaches it.
 */
class AgentEventStorageTest {
    static final String ALL_SALES = "Show the month, region, product, units and revenue of all sales";

    @TempDir
    Path dir;
    final List<KitServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(KitServer::close);
    }

    AgentHttp start(Settings settings) {
        KitServer server = KitServer.start(AgentHttp.access(settings), List.of(Api.AGENT));
        servers.add(server);
        return new AgentHttp(server.url(Api.AGENT));
    }

    /**
     * The transcripts were recorded from the server of commit fd2f93c (each event stored, committed, then sent),
     * with the timestamps left out, artifact ids as {@code art-*} and the query's {@code durationMs} as 0.
     */
    @ParameterizedTest
    @CsvSource({"t-transcript, r-transcript, What is the revenue by region?, revenue-by-region.jsonl",
            "t-transcript-all, r-transcript-all, '" + ALL_SALES + "', all-sales.jsonl"})
    void aRunStreamsTheRecordedTranscriptEventForEvent(String thread, String run, String question, String transcript)
            throws IOException {
        AgentHttp client = start(TestDatabases.embedded(dir));
        List<JsonNode> events;
        List<Integer> ids;
        try (AgentHttp.Stream stream = client.open(AgentHttp.input(thread, run, question, null))) {
            events = stream.rest();
            ids = stream.ids;
        }
        assertThat(events.stream().map(AgentEventStorageTest::normalised).toList())
                .containsExactlyElementsOf(recorded(transcript));
        assertThat(ids).containsExactlyElementsOf(IntStream.range(0, events.size()).boxed().toList());
        assertThat(EventOrder.check(events)).isEmpty();
    }

    @Test
    void everyStreamedEventIsStoredByTheTimeTheLastOneArrives() throws IOException {
        storedOnArrivalOfTheLast(start(TestDatabases.embedded(dir)), "t-stored", "r-stored");
    }

    @Test
    void everyStreamedEventIsStoredByTheTimeTheLastOneArrivesOnPostgresql() throws IOException {
        try (TestDatabases.PostgresSchema schema = TestDatabases.PostgresSchema.create()) {
            storedOnArrivalOfTheLast(start(schema.settings()), "t-stored-pg", "r-stored-pg");
            stop();
            servers.clear();
        }
    }

    private static void storedOnArrivalOfTheLast(AgentHttp client, String thread, String run) throws IOException {
        List<JsonNode> streamed = new ArrayList<>();
        try (AgentHttp.Stream stream = client.open(AgentHttp.input(thread, run, ALL_SALES, null))) {
            JsonNode e;
            do {
                e = stream.next();
                streamed.add(e);
            } while (!e.path("type").asText().equals("RUN_FINISHED"));
            // read the store now, before the stream ends: no waiting
            JsonNode stored = client.call("GET", "/api/v1/threads/" + thread + "/history", null).body().at("/runs/0/events");
            assertThat(stored).as("stored events, the moment RUN_FINISHED arrived").containsExactlyElementsOf(streamed);
        }
        assertThat(streamed).hasSizeGreaterThan(200);
        try (AgentHttp.Stream replay = client.attach(thread, run, null)) {
            assertThat(replay.rest()).as("a re-attach replays what was streamed").containsExactlyElementsOf(streamed);
        }
    }

    /** @return the event without its timestamp, its artifact ids as {@code art-*}, its query duration as 0 */
    private static JsonNode normalised(JsonNode event) {
        ObjectNode copy = event.deepCopy();
        copy.remove("timestamp");
        String text = copy.toString().replaceAll("art-[0-9a-f-]{13}", "art-*")
                .replaceAll("\"durationMs\":[0-9]+", "\"durationMs\":0");
        return read(text);
    }

    private static List<JsonNode> recorded(String name) throws IOException {
        try (InputStream in = AgentEventStorageTest.class.getResourceAsStream("/agent/transcripts/" + name)) {
            assertThat(in).as("transcript " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                    .map(AgentEventStorageTest::read).toList();
        }
    }

    private static JsonNode read(String json) {
        try {
            return AgentHttp.JSON.readTree(json);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
