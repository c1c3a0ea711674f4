package dev.contractkit.conformance.checks;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The catalogue of conformance checks, by name: a stable key (the constant's name in lower case; Schemathesis' name
 * where one exists), what the check asserts and its default severity. Each check is one class behind {@link Judge},
 * found by {@link Checks#of}; it looks at one exchange (request sent, response received) and either passes, fails
 * with findings, or does not apply. Seven need more than one exchange ({@code state_transitions},
 * {@code websocket_message_schema}, {@code head_without_content}, ...; part of {@code pagination_links} and
 * {@code version_removals}): a scenario (package {@code scenarios}) sends their requests and gives their verdicts.
 * Kept sorted by key.
 *
 * <pre>{@code
 * ConformanceTarget target = ConformanceTarget.builder(Api.FORMS)
 *         .baseUrl("http://127.0.0.1:8081")
 *         .checks(EnumSet.of(Check.IGNORED_AUTH, Check.NOT_A_SERVER_ERROR))
 *         .build();
 * Check.byKey("ignored_auth");    // Optional[IGNORED_AUTH]
 * }</pre>
 */
public enum Check {
    /** The events of a run stream follow the AG-UI ordering rules. */
    AGUI_EVENT_ORDER(
            "the events of a text/event-stream answer follow the AG-UI ordering rules: RUN_STARTED first, content only"
                    + " inside an open start with the same id, RUN_FINISHED with nothing open, the stream ends the run",
            Severity.ERROR),
    /** Responses carry a Content-Type the contract declares for their status. */
    CONTENT_TYPE_CONFORMANCE(
            "the Content-Type of a response is one the contract declares for that status, and a status declared"
                    + " without content has no body",
            Severity.ERROR),
    /** A resource a create answered is available to a read at once. */
    ENSURE_RESOURCE_AVAILABILITY(
            "a resource just created (a declared chain: OpenAPI links or x-kit-state) reads back with 200 at once",
            Severity.ERROR),
    /** Error responses have the body the contract declares for their status. */
    ERROR_ENVELOPE(
            "an error response (4xx, 5xx) has the body the contract declares for that status"
                    + " (for an undeclared status: the error schema every declared error shares); a 409 of an"
                    + " operation with x-kit-conflict-reasons gives one of them as details",
            Severity.ERROR),
    /** A valid token without the role an operation requires gets 403. */
    FORBIDDEN_ROLE(
            "an operation with x-kit-required-role called with a valid token lacking that role answers 403",
            Severity.ERROR),
    /** A HEAD answer has no content: the next answer on the connection starts right after its headers. */
    HEAD_WITHOUT_CONTENT(
            "a HEAD answer has no content (RFC 9110 9.3.2): sent on one kept-alive connection before a GET, on the"
                    + " path of a GET operation and on a path without GET (the 405/404 error path), it is followed"
                    + " directly by the GET's status line",
            Severity.ERROR),
    /** Secured operations refuse requests without valid credentials. */
    IGNORED_AUTH(
            "a secured operation called without credentials, or with an invalid one (only when the run was given the"
                    + " right one), answers 401 (or 429 with Retry-After"
                    + " and X-RateLimit-Remaining: 0 where the contract limits such callers: x-kit-rate-limits"
                    + " unauthenticated-key)",
            Severity.ERROR),
    /** A body in any media type the operation declares is accepted. */
    MEDIA_TYPE_ACCEPTANCE(
            "a request whose body is in a media type the operation declares (each declared one is sent: JSON,"
                    + " form-encoded, multipart) is not refused with 415 Unsupported Media Type",
            Severity.ERROR),
    /** A request without a required header parameter is refused. */
    MISSING_REQUIRED_HEADER(
            "a request without a header parameter the contract requires answers 4xx",
            Severity.ERROR),
    /** Requests that break the contract are refused. */
    NEGATIVE_DATA_REJECTION(
            "a request that breaks the contract (out of range, wrong type, not in the enum, missing) answers 4xx",
            Severity.ERROR),
    /** No 5xx, whatever the request. */
    NOT_A_SERVER_ERROR(
            "no request is answered with a 5xx",
            Severity.ERROR),
    /** Paged lists link to the next and the last page, and the links work. */
    PAGINATION_LINKS(
            "a page of a list that declares a Link header has rel=\"next\" exactly when more items follow and"
                    + " rel=\"last\" when there are items; followed, they answer the next and the last page",
            Severity.ERROR),
    /** Requests the contract allows are accepted. */
    POSITIVE_DATA_ACCEPTANCE(
            "a request the contract allows is not refused as invalid: 2xx/3xx, or 401, 403, 404, 409, 429, or a"
                    + " response the contract marks x-kit-refusal (a business rule, not a broken request)",
            Severity.ERROR),
    /** Rate-limited operations say where the caller stands. */
    RATE_LIMIT_HEADERS(
            "every response of an operation with x-kit-rate-limit-category carries X-RateLimit-Limit, -Remaining"
                    + " and -Reset as whole numbers (Remaining <= Limit, Reset a Unix time within the window)",
            Severity.ERROR),
    /** Declared response headers are present when required and match their schema. */
    RESPONSE_HEADERS_CONFORMANCE(
            "every header the contract declares as required for the status is present, and every declared header"
                    + " present matches its schema",
            Severity.ERROR),
    /** Successful bodies validate against their schema. */
    RESPONSE_SCHEMA_CONFORMANCE(
            "a successful response's body validates against the schema declared for its status and media type",
            Severity.ERROR),
    /** Every event of a text/event-stream answer matches its AsyncAPI message schema. */
    SSE_EVENT_SCHEMA(
            "every event of a text/event-stream answer (the operation's example request, fresh ids) validates against"
                    + " the AsyncAPI message its type (and CUSTOM name) picks",
            Severity.ERROR),
    /** A declared chain (create, read, delete, read) has the effect the contract states. */
    STATE_TRANSITIONS(
            "a declared chain of operations has the effect the contract states (a coupon created reads back;"
                    + " soft-deleted, it still reads with active: false; a control plane's cancel follows its state table)",
            Severity.ERROR),
    /** Every status is declared. */
    STATUS_CODE_CONFORMANCE(
            "the status of a response is declared by the operation (exactly, as a range such as 4XX, or default)",
            Severity.ERROR),
    /** Undeclared methods are refused with 405. */
    UNSUPPORTED_METHOD(
            "a method the contract does not declare for a path answers 405 with an Allow header",
            Severity.ERROR),
    /** A deleted resource is gone. */
    USE_AFTER_FREE(
            "after a declared chain's delete answered 2xx, reading the resource answers 404 (or 410), unless the"
                    + " contract declares the delete soft",
            Severity.ERROR),
    /** What a new version removed stays removed. */
    VERSION_REMOVALS(
            "what a contract's new version removed (x-kit-previous-version, computed with ./kit diff) is gone: removed"
                    + " endpoints answer 404/405/410 (without a credential a 401 is not checked; with one it fails), removed response properties are absent, removed request values"
                    + " and properties are refused with 4xx",
            Severity.ERROR),
    /** Messages on the API's WebSocket channels match their AsyncAPI payload schemas. */
    WEBSOCKET_MESSAGE_SCHEMA(
            "every message received on an AsyncAPI WebSocket channel of the API validates against one of the"
                    + " channel's payload schemas, and a change the contract says is announced is announced",
            Severity.ERROR);

    private final String key;
    private final String description;
    private final Severity defaultSeverity;

    Check(String description, Severity defaultSeverity) {
        this.key = name().toLowerCase(Locale.ROOT);
        this.description = description;
        this.defaultSeverity = defaultSeverity;
    }

    /** @return the stable key, e.g. {@code status_code_conformance} */
    public String key() {
        return key;
    }

    /** @return what the check asserts, one sentence */
    public String description() {
        return description;
    }

    /** @return whether a failure of this check fails the run */
    public Severity defaultSeverity() {
        return defaultSeverity;
    }

    /**
     * @param key a check key, case-insensitive
     * @return the check, or empty when the catalogue has none with that key
     */
    public static Optional<Check> byKey(String key) {
        String wanted = key.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(c -> c.key.equals(wanted)).findFirst();
    }

    /**
     * @param keys comma-separated keys, e.g. {@code ignored_auth,not_a_server_error}
     * @return the checks
     * @throws IllegalArgumentException naming the unknown key and the known ones
     */
    public static Set<Check> parseList(String keys) {
        Set<Check> out = EnumSet.noneOf(Check.class);
        for (String k : keys.split(",")) {
            if (!k.isBlank()) {
                out.add(byKey(k).orElseThrow(() -> new IllegalArgumentException(
                        "unknown check '" + k.trim() + "'; known: " + knownKeys())));
            }
        }
        return out;
    }

    /** @return every key, comma-separated */
    public static String knownKeys() {
        return Arrays.stream(values()).map(Check::key).collect(Collectors.joining(", "));
    }
}
