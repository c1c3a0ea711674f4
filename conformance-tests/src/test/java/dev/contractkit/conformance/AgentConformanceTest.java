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

    /**
     * Issue 35.5: the principals' operations (the operator's named tokens and grants) are covered like every other:
     * the suite makes principals (201), lists, reads and revokes them, sets grants and sends broken bodies (400), and
     * the reference server passes. The
     * suite has one credential per API, so the isolation of two principals is not among its checks
     * (reference-server's {@code AgentOwnershipTest} proves it).
     */
    @Test
    void theSuiteMakesReadsGrantsAndRevokesANamedPrincipalOnTheReferenceAgent() throws IOException {
        List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (RewritingProxy proxy = RewritingProxy.start(both.referenceUrl(Api.AGENT), (method, path, headers, upstream) -> {
            if (path.startsWith("/api/v1/principals") && headers.containsKey("authorization")) {
                seen.add(method + " " + path.replaceAll("^/api/v1/principals/[^/]+", "/api/v1/principals/{name}")
                        + " " + upstream.status());
            }
            return upstream;
        })) {
            Report report = Conformance.run(ConformanceTarget.builder(Api.AGENT).baseUrl(proxy.url()).credential(TOKEN)
                    .checks(Set.of(Check.POSITIVE_DATA_ACCEPTANCE, Check.STATUS_CODE_CONFORMANCE,
                            Check.RESPONSE_SCHEMA_CONFORMANCE)).build());
            assertThat(report.violations()).as(report.toString()).isEmpty();
        }
        assertThat(seen).contains("POST /api/v1/principals 201", "GET /api/v1/principals 200",
                "GET /api/v1/principals/{name} 200", "DELETE /api/v1/principals/{name} 204",
                "POST /api/v1/principals 400", "PUT /api/v1/principals/{name}/grants 400");
        assertThat(seen).as("grants set (on a principal the run made, or 404 on one it did not)")
                .anyMatch(e -> e.matches("PUT /api/v1/principals/\\{name}/grants (200|404)"));
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
