package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Execution;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The suite against both code-hosting versions (one target, both contracts): reference server and mock server. */
class CodehostConformanceTest extends BothImplementationsPass {
    /** Checks with nothing to look at in the code-hosting contracts (no roles, rate limits, state machine or channel). */
    static final Set<Check> NOT_FOR_CODEHOST = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS, Check.RATE_LIMIT_HEADERS,
            Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER, Check.MISSING_REQUIRED_HEADER);
    /** Without --stateful the mock keeps nothing: reads after an update or a delete show the examples. */
    static final Set<Check> NEED_STATE = EnumSet.of(Check.STATE_TRANSITIONS, Check.USE_AFTER_FREE);
    static final String TOKEN = "conformance-token-1";

    CodehostConformanceTest() {
        super(Api.CODEHOST, TOKEN, Map.of("codehost.tokens", TOKEN), NOT_FOR_CODEHOST, NEED_STATE);
    }

    @Test
    void aHeadAnswerOfEitherServerIsFollowedByTheNextAnswerOnTheConnection() {
        // where the reference server's 405 to HEAD once sent its JSON body along: a GET path and a path without GET
        assertThat(List.of(reference(), mocked())).allSatisfy(report -> {
            assertThat(report.executions()).filteredOn(e -> e.check() == Check.HEAD_WITHOUT_CONTENT)
                    .extracting(Execution::operation, Execution::passed)
                    .containsExactly(tuple("HEAD /api/v4/runners", true), tuple("HEAD /api/v4/geo_nodes/{id}/repair", true),
                            tuple("HEAD /api/v5/runners", true), tuple("HEAD /api/v5/geo_sites/{id}/repair", true));
            assertThat(report.notes()).as("the GET after each HEAD was answered on the same connection")
                    .noneMatch(n -> n.startsWith(Check.HEAD_WITHOUT_CONTENT.key()));
        });
    }
}
