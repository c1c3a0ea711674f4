package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.Api;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/** The suite against the answer service: the reference server and the mock server must both pass it. */
class AnswersConformanceTest extends BothImplementationsPass {
    /** Checks with nothing to look at in the answers contract (no roles, pages, state or channel). */
    static final Set<Check> NOT_FOR_ANSWERS = EnumSet.of(Check.FORBIDDEN_ROLE, Check.PAGINATION_LINKS,
            Check.STATE_TRANSITIONS, Check.WEBSOCKET_MESSAGE_SCHEMA, Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER,
            Check.ENSURE_RESOURCE_AVAILABILITY, Check.MISSING_REQUIRED_HEADER, Check.USE_AFTER_FREE, Check.VERSION_REMOVALS);
    static final String KEY = "conformance-key-1";

    /** The documented 5 answer requests per minute would turn most cases into 429s: tests use a big limit. */
    AnswersConformanceTest() {
        super(Api.ANSWERS, KEY, Map.of("answers.api-keys", KEY, "answers.rate-limit", "10000"), NOT_FOR_ANSWERS, Set.of());
    }
}
