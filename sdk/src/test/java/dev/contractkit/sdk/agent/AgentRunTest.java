package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.NotFoundException;
import dev.contractkit.sdk.TransportException;
import java.nio.charset.StandardCharsets;
import okhttp3.mockwebserver.SocketPolicy;
import okio.Buffer;
import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.BadRequestException;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The SSE parsing, typing and folding of AgentRun, against a scripted HTTP server. */
class AgentRunTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();
    private AgentClient agent;

    @BeforeEach
    void start() {
        agent = AgentClient.builder().baseUrl(server.url("/").toString()).token("kit-t").build();
    }

    private static MockResponse stream(String body) {
        return new MockResponse().setHeader("Content-Type", "text/event-stream").setBody(body);
    }

    @Test
    void eventsAreTypedByTypeAndCustomNameAndUnknownTypesAreKeptNotDropped() throws Exception {
        server.enqueue(stream("""
                : a comment line
                data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}

                data: {"type":"CUSTOM","name":"kit.token_usage","value":{"llmProfileId":"p","inputTokens":1,"outputTokens":2,"totalTokens":3}}

                data: {"type":"CUSTOM","name":"someone.else","value":{"x":1}}

                data: {"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}

                data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m",
                data: "delta":"Hello "}

                data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"world"}

                data: {"type":"TEXT_MESSAGE_END","messageId":"m"}

                data: {"type":"FUTURE_EVENT","x":1}

                data: {"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"success"}}

                """));
        try (AgentRun run = agent.runAgent(AgentRun.input("t", "r", "hi")).execute()) {
            List<AgentEvent> events = run.stream().toList();
            assertThat(events).extracting(e -> e.getClass().getSimpleName()).containsExactly("RunStarted",
                    "TokenUsageReported", "Custom", "TextMessageStart", "TextMessageContent", "TextMessageContent",
                    "TextMessageEnd", "Unknown", "RunFinished");
            assertThat(((AgentEvent.TokenUsageReported) events.get(1)).value().getTotalTokens()).isEqualTo(3);
            assertThat(run.violations()).isEmpty();
            AgentTranscript t = AgentTranscript.fold(events);
            assertThat(t.answer()).isEqualTo("Hello world");
            assertThat(t.runEnd()).isEqualTo(AgentTranscript.RunEnd.SUCCESS);
        }
        RecordedRequest sent = server.takeRequest();
        assertThat(sent.getPath()).isEqualTo("/api/agent");
        assertThat(sent.getHeader("Accept")).isEqualTo("text/event-stream");
        assertThat(sent.getBody().readUtf8()).contains("\"threadId\":\"t\"", "\"role\":\"user\"", "\"content\":\"hi\"");
    }

    /** A client that never re-attaches: a drop ends the iteration, as before re-attach existed. */
    private AgentClient once() {
        return AgentClient.builder().baseUrl(server.url("/").toString()).token("kit-t").reattach(0, Duration.ZERO, Duration.ZERO).build();
    }

    @Test
    void aBrokenOrderAndAnUnfinishedRunAreReportedAsViolations() {
        server.enqueue(stream("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                + "data: {\"type\":\"TOOL_CALL_ARGS\",\"toolCallId\":\"c\",\"delta\":\"{}\"}\n\n"));
        try (AgentRun run = once().runAgent(AgentRun.input("t", "r", "hi")).execute()) {
            AgentTranscript t = run.transcript();
            assertThat(t.runEnd()).isEqualTo(AgentTranscript.RunEnd.INCOMPLETE);
            assertThat(run.violations()).containsExactly("event 1 (TOOL_CALL_ARGS): no open tool call 'c'",
                    "stream ended without RUN_FINISHED or RUN_ERROR");
            assertThat(AgentEvents.verify(run.received())).hasSize(2);
        }
    }

    @Test
    void cancelPostsToTheRunsCancelEndpoint() throws Exception {
        server.enqueue(stream("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r 1\"}\n\n"
                + "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r 1\",\"outcome\":{\"type\":\"cancelled\"}}\n\n"));
        server.enqueue(new MockResponse().setResponseCode(202).setHeader("Content-Type", "application/json")
                .setBody("{\"runId\":\"r 1\",\"threadId\":\"t\",\"status\":\"canceling\"}"));
        try (AgentRun run = agent.runAgent(AgentRun.input("t", "r 1", "hi")).execute()) {
            run.cancel();
            assertThat(run.transcript().runEnd()).isEqualTo(AgentTranscript.RunEnd.CANCELLED);
        }
        server.takeRequest();
        RecordedRequest cancel = server.takeRequest();
        assertThat(cancel.getMethod()).isEqualTo("POST");
        assertThat(cancel.getPath()).isEqualTo("/api/v1/runs/r%201/cancel");
    }

    @Test
    void aRefusalBeforeTheStreamIsTheContractsError() {
        server.enqueue(new MockResponse().setResponseCode(400).setHeader("Content-Type", "application/json")
                .setBody("{\"code\":\"CREDENTIALS_NOT_ALLOWED\",\"message\":\"messages[0].content: credentials are not accepted\"}"));
        assertThatThrownBy(() -> agent.runAgent(AgentRun.input("t", "r", "password=hunter22")).execute())
                .isInstanceOf(BadRequestException.class).hasMessageContaining("credentials are not accepted");
    }

    @Test
    void withoutReattachABrokenStreamIsATransportExceptionKeepingTheEventsReceived() {
        server.enqueue(stream("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                + "data: {\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\",\"role\":\"assistant\"}\n\n"
                + "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"Hel")
                .setSocketPolicy(SocketPolicy.DISCONNECT_DURING_RESPONSE_BODY));
        AgentRun run = once().runAgent(AgentRun.input("t", "r", "hi")).execute();

        assertThatThrownBy(() -> run.forEach(e -> { })).isInstanceOf(TransportException.class)
                .hasMessageContaining("run r");
        assertThat(run.received()).extracting(AgentEvent::type).startsWith("RUN_STARTED");
        assertThat(AgentTranscript.fold(run.received()).runEnd()).isEqualTo(AgentTranscript.RunEnd.INCOMPLETE);
    }

    private AgentClient quick(int attempts) {
        return AgentClient.builder().baseUrl(server.url("/").toString()).token("kit-t")
                .reattach(attempts, Duration.ofMillis(1), Duration.ofMillis(5)).build();
    }

    private static String event(int id, String json) {
        return "id: " + id + "\ndata: " + json + "\n\n";
    }

    @Test
    void aDroppedStreamReattachesWithLastEventIdAndSkipsWhatItAlreadyHas() throws Exception {
        server.enqueue(stream(event(0, "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}")
                + event(1, "{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\",\"role\":\"assistant\"}")
                + "id: 2\ndata: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"Hel")
                .setSocketPolicy(SocketPolicy.DISCONNECT_AT_END)); // the connection drops in the middle of event 2
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(stream(event(1, "{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\",\"role\":\"assistant\"}")
                + event(2, "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"Hello\"}")
                + event(3, "{\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"m\"}")));
        // the stream ends without RUN_FINISHED (a proxy closed it cleanly): that is a drop too
        server.enqueue(stream(event(4, "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\",\"outcome\":{\"type\":\"success\"}}")));

        try (AgentRun run = quick(3).runAgent(AgentRun.input("t", "r/1", "hi")).execute()) {
            assertThat(run.stream().map(AgentEvent::type).toList()).containsExactly("RUN_STARTED", "TEXT_MESSAGE_START",
                    "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED");
            assertThat(run.violations()).isEmpty();
            assertThat(run.lastEventId()).isEqualTo(4);
            assertThat(run.transcript().answer()).isEqualTo("Hello");
        }
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/agent");
        for (String lastId : List.of("1", "1", "3")) {
            RecordedRequest again = server.takeRequest();
            assertThat(again.getMethod()).isEqualTo("GET");
            assertThat(again.getPath()).isEqualTo("/api/v1/threads/t/runs/r%2F1/events");
            assertThat(again.getHeader("Last-Event-ID")).isEqualTo(lastId);
            assertThat(again.getHeader("Accept")).isEqualTo("text/event-stream");
        }
    }

    @Test
    void aRunTheServerNoLongerKnowsIsRunGoneAndFailedAttemptsAreReattachFailed() {
        server.enqueue(stream(event(0, "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}"))
                .setSocketPolicy(SocketPolicy.DISCONNECT_AT_END));
        server.enqueue(MockWebServerExtension.json(404, "{\"code\":\"NOT_FOUND\",\"message\":\"no run r\"}"));
        AgentRun gone = quick(3).runAgent(AgentRun.input("t", "r", "hi")).execute();
        assertThatThrownBy(() -> gone.forEach(e -> { })).isInstanceOf(RunGoneException.class)
                .isInstanceOf(NotFoundException.class).hasMessageContaining("run r is gone")
                .satisfies(e -> assertThat(((RunGoneException) e).errorCode()).contains("NOT_FOUND"));
        assertThat(gone.received()).extracting(AgentEvent::type).containsExactly("RUN_STARTED");

        server.enqueue(stream(event(0, "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r2\"}"))
                .setSocketPolicy(SocketPolicy.DISCONNECT_AT_END));
        for (int i = 0; i < 2; i++) {
            server.enqueue(new MockResponse().setResponseCode(502));
        }
        AgentRun lost = quick(2).runAgent(AgentRun.input("t", "r2", "hi")).execute();
        assertThatThrownBy(() -> lost.forEach(e -> { })).isInstanceOf(ReattachFailedException.class)
                .hasMessageContaining("2 attempts").hasMessageContaining("status 502")
                .satisfies(e -> assertThat(((ReattachFailedException) e).lastEventId()).isZero());
    }

    @Test
    void attachFollowsARunFromItsStart() throws Exception {
        server.enqueue(stream(event(0, "{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}")
                + event(1, "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\",\"outcome\":{\"type\":\"success\"}}")));
        try (AgentRun run = agent.attach("t", "r").execute()) {
            assertThat(run.transcript().runEnd()).isEqualTo(AgentTranscript.RunEnd.SUCCESS);
        }
        RecordedRequest sent = server.takeRequest();
        assertThat(sent.getPath()).isEqualTo("/api/v1/threads/t/runs/r/events");
        assertThat(sent.getHeader("Last-Event-ID")).isNull();
        server.enqueue(MockWebServerExtension.json(404, "{\"code\":\"NOT_FOUND\",\"message\":\"no run x\"}"));
        assertThatThrownBy(() -> agent.attach("t", "x").execute()).isInstanceOf(NotFoundException.class);
    }

    @Test
    void aWorkspaceFileDownloadsAsTheExactBytesAndAMissingOneIsNotFound() throws Exception {
        byte[] bytes = {(byte) 0xff, 0x00, 'a', (byte) 0xc3};
        server.enqueue(new MockResponse().setResponseCode(200).setHeader("Content-Type", "application/octet-stream")
                .setBody(new Buffer().write(bytes)));
        server.enqueue(new MockResponse().setResponseCode(404).setHeader("Content-Type", "application/json")
                .setHeader("X-Request-Id", "req-9").setBody("{\"code\":\"NOT_FOUND\",\"message\":\"no file f-2\"}"));

        assertThat(agent.downloadFile("f-1").executeAsync().get()).containsExactly(bytes);
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v1/files/f-1/content");
        assertThatThrownBy(() -> agent.downloadFile("f-2").execute()).isInstanceOf(NotFoundException.class)
                .satisfies(e -> assertThat(((ApiException) e).requestId()).contains("req-9"));
    }

    @Test
    void anUploadIsMultipartFormDataWithTheBytesAsTheFilePartAndTheNameAsAField() throws Exception {
        byte[] bytes = {(byte) 0xff, 0x00, '\r', '\n', (byte) 0xc3};
        server.enqueue(new MockResponse().setResponseCode(201).setHeader("Content-Type", "application/json")
                .setBody("{\"fileId\":\"file-1\",\"name\":\"t.bin\",\"mediaType\":\"application/octet-stream\","
                        + "\"sizeBytes\":5,\"createdAt\":\"2026-01-01T00:00:00Z\",\"downloadPath\":\"/api/v1/files/file-1/content\"}"));

        assertThat(agent.uploadFile("t.bin", bytes).execute().getFileId()).isEqualTo("file-1");
        RecordedRequest request = server.takeRequest();
        assertThat(request.getPath()).isEqualTo("/api/v1/files");
        String contentType = request.getHeader("Content-Type");
        assertThat(contentType).startsWith("multipart/form-data; boundary=");
        byte[] body = request.getBody().readByteArray();
        String text = new String(body, StandardCharsets.ISO_8859_1);
        assertThat(text).contains("Content-Disposition: form-data; name=\"file\"; filename=\"t.bin\"")
                .containsPattern("Content-Disposition: form-data; name=\"name\"\r\n(.+\r\n)*Content-Length: 5\r\n\r\nt.bin\r\n")
                .contains(new String(bytes, StandardCharsets.ISO_8859_1));
    }
}
