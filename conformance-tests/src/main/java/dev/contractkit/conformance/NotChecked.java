package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.PreviousVersion;
import dev.contractkit.specs.dialect.RateLimits;
import dev.contractkit.specs.dialect.RequiredRole;
import dev.contractkit.specs.dialect.State;
import dev.contractkit.specs.dialect.WebSocketBinding;

import java.util.List;

/**
 * Why a check that was asked for judged nothing in a run: the documents lack what it needs (often the kit's
 * {@code x-kit-*} dialect), or no exchange of the run was of the kind it looks at. A check without a verdict says
 * "not checked" with this reason; it never passes or fails silently.
 */
final class NotChecked {
    private NotChecked() {
    }

    /**
     * @param check     a check that judged no exchange
     * @param documents the run's documents
     * @return the reason, one sentence
     */
    static String reason(Check check, List<ContractDocument> documents) {
        return switch (check) {
            case FORBIDDEN_ROLE -> dialect(documents, RequiredRole.KEY, "no operation requires a role");
            case RATE_LIMIT_HEADERS -> dialect(documents, RateLimits.CATEGORY_KEY, "no operation is rate-limited");
            case VERSION_REMOVALS -> dialect(documents, PreviousVersion.KEY, "no previous version to compare");
            case WEBSOCKET_MESSAGE_SCHEMA -> dialect(documents, WebSocketBinding.KEY, "no WebSocket channel was opened");
            case SSE_EVENT_SCHEMA, AGUI_EVENT_ORDER -> has(documents, "text/event-stream")
                    ? "no AG-UI event stream was judged (see the notes)"
                    : "no operation answers text/event-stream";
            case STATE_TRANSITIONS, ENSURE_RESOURCE_AVAILABILITY, USE_AFTER_FREE ->
                    has(documents, "\"links\"") || has(documents, State.KEY)
                            ? "no declared chain could run (see the notes)"
                            : "the document declares no chain of operations (OpenAPI links from a create, or the kit's"
                            + " x-kit-state)";
            case PAGINATION_LINKS -> has(documents, "\"Link\"") ? "no page with a Link header was received"
                    : "no response declares a Link header";
            case MISSING_REQUIRED_HEADER -> "no operation the run could call has a required header parameter";
            case RESPONSE_HEADERS_CONFORMANCE -> has(documents, "\"headers\"")
                    ? "no response with declared headers was received" : "no response declares headers";
            case MEDIA_TYPE_ACCEPTANCE -> has(documents, "requestBody") ? "no request body could be built"
                    : "no operation takes a request body";
            case IGNORED_AUTH -> has(documents, "securitySchemes") ? "no secured operation answered"
                    : "no operation is secured";
            case HEAD_WITHOUT_CONTENT -> "no GET operation the run could call (with its credential) answered the"
                    + " HEAD (see the notes)";
            case UNSUPPORTED_METHOD -> "every path declares every method the suite tries";
            case NEGATIVE_DATA_REJECTION -> "no request that breaks the document could be built (nothing constrained)";
            case ERROR_ENVELOPE -> "no error response (4xx, 5xx) with a declared body was received";
            case RESPONSE_SCHEMA_CONFORMANCE -> "no successful response with a declared JSON schema was received";
            default -> "no exchange of the run was of the kind this check judges";
        };
    }

    private static String dialect(List<ContractDocument> documents, String key, String otherwise) {
        return has(documents, key) ? otherwise + " in this run"
                : "the document does not use the kit's dialect (" + key + ")";
    }

    private static boolean has(List<ContractDocument> documents, String text) {
        return documents.stream().anyMatch(d -> d.root().toString().contains(text));
    }
}
