package dev.contractkit.conformance.checks;

import java.util.EnumMap;
import java.util.Map;

/**
 * The registry of the checks' logic: the one {@link Judge} class of each {@link Check}, by the check's name (as
 * a JSON Schema validator finds a keyword's validator class by the keyword). A check without a class here is a
 * mistake the registry refuses as soon as it loads.
 */
public final class Checks {
    private static final Map<Check, Judge> JUDGES = new EnumMap<>(Map.ofEntries(
            Map.entry(Check.AGUI_EVENT_ORDER, new AguiEventOrderCheck()),
            Map.entry(Check.CONTENT_TYPE_CONFORMANCE, new ContentTypeConformanceCheck()),
            Map.entry(Check.ENSURE_RESOURCE_AVAILABILITY, new EnsureResourceAvailabilityCheck()),
            Map.entry(Check.ERROR_ENVELOPE, new ErrorEnvelopeCheck()),
            Map.entry(Check.FORBIDDEN_ROLE, new ForbiddenRoleCheck()),
            Map.entry(Check.HEAD_WITHOUT_CONTENT, new HeadWithoutContentCheck()),
            Map.entry(Check.IGNORED_AUTH, new IgnoredAuthCheck()),
            Map.entry(Check.MEDIA_TYPE_ACCEPTANCE, new MediaTypeAcceptanceCheck()),
            Map.entry(Check.MISSING_REQUIRED_HEADER, new MissingRequiredHeaderCheck()),
            Map.entry(Check.NEGATIVE_DATA_REJECTION, new NegativeDataRejectionCheck()),
            Map.entry(Check.NOT_A_SERVER_ERROR, new NotAServerErrorCheck()),
            Map.entry(Check.PAGINATION_LINKS, new PaginationLinksCheck()),
            Map.entry(Check.POSITIVE_DATA_ACCEPTANCE, new PositiveDataAcceptanceCheck()),
            Map.entry(Check.RATE_LIMIT_HEADERS, new RateLimitHeadersCheck()),
            Map.entry(Check.RESPONSE_HEADERS_CONFORMANCE, new ResponseHeadersConformanceCheck()),
            Map.entry(Check.RESPONSE_SCHEMA_CONFORMANCE, new ResponseSchemaConformanceCheck()),
            Map.entry(Check.SSE_EVENT_SCHEMA, new SseEventSchemaCheck()),
            Map.entry(Check.STATE_TRANSITIONS, new StateTransitionsCheck()),
            Map.entry(Check.STATUS_CODE_CONFORMANCE, new StatusCodeConformanceCheck()),
            Map.entry(Check.UNSUPPORTED_METHOD, new UnsupportedMethodCheck()),
            Map.entry(Check.USE_AFTER_FREE, new UseAfterFreeCheck()),
            Map.entry(Check.VERSION_REMOVALS, new VersionRemovalsCheck()),
            Map.entry(Check.WEBSOCKET_MESSAGE_SCHEMA, new WebSocketMessageSchemaCheck())));

    static {
        for (Check check : Check.values()) {
            if (!JUDGES.containsKey(check)) {
                throw new ExceptionInInitializerError("no class judges the check " + check.key());
            }
        }
    }

    private Checks() {
    }

    /**
     * @param check a check of the catalogue
     * @return the class that judges it
     */
    public static Judge of(Check check) {
        return JUDGES.get(check);
    }
}
