package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.specs.Api;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Deliberately broken run streams: each must fail exactly its intended event check. */
class DefectiveAgentStreamTest {
    private static final String STARTED = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n";
    private static final String FINISHED = "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n";

    private static Report against(String stream) throws IOException {
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    return new MockResponse().setHeader("Content-Type", "text/event-stream").setBody(stream);
                }
            });
            server.start();
            return Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl(server.url("/").toString().replaceAll("/$", ""))
                    .credential("any-kit-token").checks(Set.of(Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER)).build());
        }
    }

    @Test
    void selectingOnlyTheStreamChecksSendsOnlyTheStreamRequest() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    return new MockResponse().setHeader("Content-Type", "text/event-stream").setBody(STARTED + FINISHED);
                }
            });
            server.start();

            Report report = Conformance.run(ConformanceTarget.builder(Api.AGENT)
                    .baseUrl(server.url("/").toString().replaceAll("/$", "")).credential("any-kit-token")
                    .checks(Set.of(Check.SSE_EVENT_SCHEMA)).build());

            // one run of the stream; before, every operation's positive, negative and unauthenticated cases went too
            assertThat(server.getRequestCount()).isEqualTo(1);
            assertThat(server.takeRequest().getRequestLine()).isEqualTo("POST /api/agent HTTP/1.1");
            assertThat(report.requests()).isEqualTo(1);
            assertThat(report.result(Check.SSE_EVENT_SCHEMA).passed()).isEqualTo(1);
            assertThat(report.violations()).isEmpty();
        }
    }

    @Test
    void onlyStreamChecksAgainstAnUnreachableServerNameTheUrl() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }

        Report report = Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl("http://127.0.0.1:" + port)
                .credential("any-kit-token").checks(Set.of(Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER)).build());

        assertThat(report.errors()).singleElement().asString()
                .contains("cannot reach http://127.0.0.1:" + port, "is the server running?");
    }

    @Test
    void contentOutsideAnOpenMessageFailsOnlyTheOrderCheck() throws IOException {
        Report report = against(STARTED + "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"x\"}\n\n"
                + FINISHED);
        assertThat(report.violations(Check.AGUI_EVENT_ORDER)).singleElement()
                .satisfies(v -> assertThat(v.message()).contains("no open text message 'm'"));
        assertThat(report.violations(Check.SSE_EVENT_SCHEMA)).isEmpty();
        assertThat(report.result(Check.SSE_EVENT_SCHEMA).passed()).isEqualTo(1);
    }

    @Test
    void anEventMissingARequiredFieldFailsTheSchemaCheckNamingTheField() throws IOException {
        Report report = against(STARTED + "data: {\"type\":\"STEP_STARTED\"}\n\n" + FINISHED);
        assertThat(report.violations(Check.SSE_EVENT_SCHEMA)).singleElement()
                .satisfies(v -> assertThat(v.message()).contains("stepName"));
        assertThat(report.violations(Check.AGUI_EVENT_ORDER)).isNotEmpty();
    }

    @Test
    void aStreamThatNeverFinishesItsRunFailsTheOrderCheck() throws IOException {
        Report report = against(STARTED);
        assertThat(report.violations(Check.AGUI_EVENT_ORDER)).singleElement()
                .satisfies(v -> assertThat(v.message()).contains("without RUN_FINISHED or RUN_ERROR"));
        assertThat(report.violations(Check.SSE_EVENT_SCHEMA)).isEmpty();
    }
}
