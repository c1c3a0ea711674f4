package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.conformance.report.Violation;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite against the agent: the reference server and the mock server must both pass it, including every event
 * of the run stream against the AsyncAPI schemas ({@code sse_event_schema}) and the AG-UI ordering rules
 * ({@code agui_event_order}), and the kit token (contract scheme {@code KitToken}) on every operation
 * ({@code ignored_auth}).
 */
class AgentConformanceTest extends BothImplementationsPass {
    /** The kit token the reference server is started with, and the only credential the mock accepts. */
    static final String TOKEN = "test-kit-token";
    /**
     * Checks with nothing to look at in the agent contract (no roles, rate limits, chains, WebSocket); the
     * event stream checks and the thread list's paging links apply, so both servers must pass them.
     */
    static final Set<Check> NOT_FOR_AGENT = EnumSet.of(Check.FORBIDDEN_ROLE,
            Check.STATE_TRANSITIONS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.RATE_LIMIT_HEADERS,
            Check.ENSURE_RESOURCE_AVAILABILITY, Check.MISSING_REQUIRED_HEADER, Check.RESPONSE_HEADERS_CONFORMANCE,
            Check.USE_AFTER_FREE, Check.VERSION_REMOVALS);

    AgentConformanceTest() {
        super(Api.AGENT, TOKEN, Map.of("token", TOKEN), NOT_FOR_AGENT, Set.of());
    }

    @Test
    void everyOperationOfTheReferenceAgentWasCalledWithoutTheTokenAndAnswered401() {
        assertThat(reference().result(Check.IGNORED_AUTH).passed())
                .isGreaterThanOrEqualTo(2 * ExecConformanceTest.secured("openapi/agent.yaml").size());
    }

    @Test
    void anAgentThatIgnoresTheKitTokenFailsIgnoredAuthOnEveryOperation() throws IOException {
        List<String> secured = ExecConformanceTest.secured("openapi/agent.yaml");
        try (RewritingProxy proxy = RewritingProxy.ignoringTheCredential(both.referenceUrl(Api.AGENT), TOKEN)) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(Set.of(Check.IGNORED_AUTH)).build());

            assertThat(report.violations(Check.IGNORED_AUTH)).extracting(Violation::operationId)
                    .containsOnlyElementsOf(secured).containsAll(secured);
            assertThat(report.violations(Check.IGNORED_AUTH))
                    .anySatisfy(v -> assertThat(v.status()).as("answered with success").isBetween(200, 299));
        }
    }

    @Test
    void anAgentWhoseThreadListOrDeletesBreakTheContractFailsOnEachOfThoseOperations() throws IOException {
        Pattern delete = Pattern.compile("/api/v1/(threads|files|artifacts)/[^/]+");
        try (RewritingProxy proxy = RewritingProxy.start(both.referenceUrl(Api.AGENT), (method, path, headers, upstream) -> {
            if (method.equals("DELETE") && delete.matcher(path).matches()) {
                return json(200, "{\"deleted\":true}"); // the contract says 204 (or an error)
            }
            if (method.equals("GET") && path.equals("/api/v1/threads") && upstream.status() == 200) {
                return json(200, "{\"items\":[]}"); // a page without its total, limit and offset
            }
            return upstream;
        })) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(Set.of(Check.STATUS_CODE_CONFORMANCE, Check.RESPONSE_SCHEMA_CONFORMANCE)).build());

            assertThat(report.violations(Check.STATUS_CODE_CONFORMANCE)).extracting(Violation::operationId)
                    .contains("deleteThread", "deleteFile", "deleteArtifact");
            assertThat(report.violations(Check.RESPONSE_SCHEMA_CONFORMANCE)).extracting(Violation::operationId)
                    .contains("listThreads");
        }
    }

    private static RewritingProxy.Answer json(int status, String body) {
        return new RewritingProxy.Answer(status, Map.of("Content-Type", List.of("application/json")),
                body.getBytes(StandardCharsets.UTF_8));
    }
}
