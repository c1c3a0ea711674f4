package dev.contractkit.conformance;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite against the agent: the reference server and the mock server must both pass it, including every event
 * of the run stream against the AsyncAPI schemas ({@code sse_event_schema}) and the AG-UI ordering rules
 * ({@code agui_event_order}).
 */
class AgentConformanceTest {
    /** Checks with nothing to look at in the agent contract (no auth, roles, rate limits, pages, chains, WebSocket). */
    static final Set<Check> NOT_FOR_AGENT = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS,
            Check.STATE_TRANSITIONS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.IGNORED_AUTH, Check.RATE_LIMIT_HEADERS,
            Check.ENSURE_RESOURCE_AVAILABILITY, Check.MISSING_REQUIRED_HEADER, Check.RESPONSE_HEADERS_CONFORMANCE,
            Check.USE_AFTER_FREE, Check.VERSION_REMOVALS);

    @TempDir
    static Path data;
    static KitServer server;
    static MockServers mock;
    static Report reference;
    static Report mocked;

    @BeforeAll
    static void runTheSuiteAgainstBoth() {
        server = KitServer.start(Settings.of(Map.of("agent.port", "0", "data-dir", data.toString())), List.of(Api.AGENT));
        reference = Conformance.run(Target.builder(Api.AGENT).baseUrl(server.url(Api.AGENT)).build());
        mock = MockServers.start(MockOptions.builder().apis(Api.AGENT).port(Api.AGENT, 0).build());
        mocked = Conformance.run(Target.builder(Api.AGENT).baseUrl(mock.url(Api.AGENT)).build());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    void referenceServerPassesEveryApplicableCheckIncludingTheEventStreamChecks() {
        ReportAssertions.passesEveryApplicableCheck(reference, NOT_FOR_AGENT);
        assertThat(reference.result(Check.SSE_EVENT_SCHEMA).passed()).isPositive();
        assertThat(reference.result(Check.AGUI_EVENT_ORDER).passed()).isPositive();
    }

    @Test
    void mockServerPassesEveryApplicableCheckIncludingTheEventStreamChecks() {
        ReportAssertions.passesEveryApplicableCheck(mocked, NOT_FOR_AGENT);
        assertThat(mocked.result(Check.SSE_EVENT_SCHEMA).passed()).isPositive();
        assertThat(mocked.result(Check.AGUI_EVENT_ORDER).passed()).isPositive();
    }
}
