package dev.contractkit.conformance;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
     * Checks with nothing to look at in the agent contract (no roles, rate limits, pages, chains, WebSocket); the
     * event stream checks apply, so both servers must pass them.
     */
    static final Set<Check> NOT_FOR_AGENT = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS,
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
}
