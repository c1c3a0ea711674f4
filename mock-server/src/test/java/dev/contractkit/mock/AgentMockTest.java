package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.specs.Api;
import dev.contractkit.agui.EventOrder;
import dev.contractkit.specs.agui.EventSchemas;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The agent mock over a real socket: the contract's example stream replayed as chunked SSE with the request's ids. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentMockTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The gap the mock leaves between the events of a replayed stream (SseReplay). */
    private static final long EVENT_GAP_MS = 20;
    private MockServers mocks;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.AGENT).port(Api.AGENT, 0).build());
    }

    @AfterAll
    void stop() {
        mocks.close();
    }

    /** Every agent operation needs the kit token (scheme {@code KitToken}); the mock takes any bearer token. */
    private static HttpRequest.Builder authorized(URI uri) {
        return HttpRequest.newBuilder(uri).header("Authorization", Http.KIT_BEARER);
    }

    private HttpRequest run(String body) {
        return authorized(URI.create(mocks.url(Api.AGENT) + "/api/agent"))
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    @Test
    void theExampleStreamIsReplayedAsChunkedSseWithTheRequestsIdsAndFollowsTheContract() throws Exception {
        HttpResponse<Stream<String>> response = http.send(run("{\"threadId\":\"my-thread\",\"runId\":\"my-run\","
                + "\"messages\":[{\"id\":\"u1\",\"role\":\"user\",\"content\":\"Revenue by region?\"}]}"),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        assertThat(response.headers().firstValue("Content-Length")).isEmpty();
        List<JsonNode> events = new ArrayList<>();
        Iterator<String> lines = response.body().iterator();
        long firstAt = 0;
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("data: ")) {
                if (events.isEmpty()) {
                    firstAt = System.nanoTime();
                }
                events.add(JSON.readTree(line.substring(6)));
            }
        }
        long spreadMs = (System.nanoTime() - firstAt) / 1_000_000;
        assertThat(events).hasSizeGreaterThan(10);
        assertThat(spreadMs).as("events arrive one by one, not as one buffered body")
                .isGreaterThanOrEqualTo(EVENT_GAP_MS * (events.size() - 2));
        assertThat(events.get(0).path("runId").asText()).isEqualTo("my-run");
        assertThat(events.get(0).path("threadId").asText()).isEqualTo("my-thread");
        assertThat(events.get(events.size() - 1).path("type").asText()).isEqualTo("RUN_FINISHED");
        assertThat(events.toString()).doesNotContain("run-demo-1").contains("my-run-answer");
        assertThat(EventOrder.check(events)).isEmpty();
        EventSchemas schemas = EventSchemas.load();
        for (JsonNode e : events) {
            assertThat(schemas.validate(e)).as(e.toString()).isEmpty();
        }
    }

    @Test
    void aRequestThatBreaksTheContractGetsAJsonErrorNotAStream() throws Exception {
        HttpResponse<String> response = http.send(run("{\"runId\":\"r\",\"messages\":[]}"), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(response.body()).contains("threadId");
    }

    @Test
    void theRegisteredResourceEndpointsAnswerTheContractsExamplesAndRefuseBrokenBodies() throws Exception {
        String base = mocks.url(Api.AGENT);
        HttpResponse<String> mcp = http.send(authorized(URI.create(base + "/api/v1/mcp-servers/mcp-targets")).GET()
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(mcp.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(mcp.body()).path("hasToken").asBoolean()).isTrue();
        assertThat(mcp.body()).doesNotContain("change-me");
        HttpResponse<String> kb = http.send(authorized(URI.create(base + "/api/v1/knowledge-bases"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"kb-x\",\"name\":\"X\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(kb.statusCode()).isEqualTo(400);
        HttpResponse<String> deleted = http.send(authorized(URI.create(base + "/api/v1/skills/skill-brief"))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(deleted.statusCode()).isEqualTo(204);
    }

    @Test
    void theThreadListIsAPageWithLinksAndThreadsFilesAndArtifactsAreDeleted() throws Exception {
        String base = mocks.url(Api.AGENT);
        HttpResponse<String> page = http.send(authorized(URI.create(base + "/api/v1/threads?limit=20&offset=0")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(page.body());
        assertThat(body.at("/items/0/threadId").asText()).isEqualTo("thread-demo");
        assertThat(body.path("total").asInt()).isEqualTo(1);
        assertThat(page.headers().firstValue("Link").orElse("")).contains("rel=\"last\"", "/api/v1/threads?");
        HttpResponse<String> tooLarge = http.send(authorized(URI.create(base + "/api/v1/threads?limit=101")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(tooLarge.statusCode()).isEqualTo(400);
        for (String path : List.of("/api/v1/threads/thread-demo", "/api/v1/files/file-3f2a9c1e", "/api/v1/artifacts/art-demo-1")) {
            HttpResponse<String> deleted = http.send(authorized(URI.create(base + path)).DELETE().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(deleted.statusCode()).as(path).isEqualTo(204);
        }
    }

    @Test
    void aMultipartUploadIsAcceptedAndAnsweredWithTheContractsExample() throws Exception {
        String boundary = "agent-mock-boundary";
        String multipart = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"targets.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\nregion,target\nAPAC,1\n\r\n--" + boundary + "--\r\n";
        HttpResponse<String> up = http.send(authorized(URI.create(mocks.url(Api.AGENT) + "/api/v1/files"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(multipart)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(up.statusCode()).as(up.body()).isEqualTo(201);
        assertThat(JSON.readTree(up.body()).path("fileId").asText()).isEqualTo("file-3f2a9c1e");
        HttpResponse<String> raw = http.send(authorized(URI.create(mocks.url(Api.AGENT) + "/api/v1/files?name=t.csv"))
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofString("region,target\n")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(raw.statusCode()).isEqualTo(201);
        HttpResponse<String> text = http.send(authorized(URI.create(mocks.url(Api.AGENT) + "/api/v1/files"))
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("region,target\n")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(text.statusCode()).isEqualTo(415);
    }

    @Test
    void withoutTheKitTokenARunIsRefusedWith401AndNoStream() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(mocks.url(Api.AGENT) + "/api/agent"))
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"threadId\":\"t\",\"runId\":\"r\",\"messages\":[]}")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(response.body()).doesNotContain("RUN_STARTED");
    }
}
