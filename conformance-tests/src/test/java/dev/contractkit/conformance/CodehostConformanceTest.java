package dev.contractkit.conformance;

import dev.contractkit.specs.Api;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

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
}
