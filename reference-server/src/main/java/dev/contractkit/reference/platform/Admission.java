package dev.contractkit.reference.platform;

import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.RateLimits;
import dev.contractkit.specs.dialect.RequiredRole;
import dev.contractkit.specs.dialect.SecurityScheme;
import io.helidon.common.uri.UriQuery;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who may call one operation, read from its contract: its security requirements (alternatives of schemes, each
 * saying where the credential sits and in what form: {@code Authorization: Token token=<key>}, {@code PRIVATE-TOKEN},
 * {@code x-api-key}, {@code ?token=}), its {@code x-kit-required-role} and its {@code x-kit-rate-limit-category}
 * (the numbers from the document's {@code x-kit-rate-limits}, a module may override them). The generated stub calls
 * it before the operation's handler ({@link #around}); a module supplies only what turns a credential into a caller
 * ({@link Credentials}, one per scheme). Refusals, in this order: 429 when the rate limit is used up (counted per
 * caller, or per client address without a valid credential or where the category says so), 401 without a valid
 * credential (with {@code WWW-Authenticate} for an {@code Authorization} scheme), 403 without the required role.
 * Nothing else in the server reads a credential (docs-test's {@code ArchitectureTest}).
 *
 * <pre>{@code
 * Admission a = Admission.of(doc.operation("createCoupon").orElseThrow(), setup);
 * Admission.Outcome o = a.admit(presented); // o.refusal(): the 429, 401 or 403 to answer, if any
 * }</pre>
 */
public final class Admission {
    private static final Exchange.Slot<Table> TABLE = Exchange.slot(Table.class);
    private static final Exchange.Slot<Admission> RAN = Exchange.slot(Admission.class);
    private static final Exchange.Slot<Admitted> ADMITTED = Exchange.slot(Admitted.class);
    /** The kit token's scheme in the exec, runtime and agent contracts. */
    public static final String KIT_TOKEN_SCHEME = "KitToken";
    private static final String CREDENTIAL = "{credential}";
    private static final String WEBSOCKET = "x-kit-websocket";

    /**
     * A caller, as a module's {@link Credentials} found it.
     *
     * @param id        what rate limits count it by (a user id, a key id)
     * @param roles     its roles ({@code x-kit-required-role} is checked against them)
     * @param principal the module's own object for it (an account, a key, a verified token)
     * @param demo      set when the credential is a documented demo value (refused through a proxy or a tunnel)
     */
    public record Caller(String id, Set<String> roles, Object principal, Optional<Demo> demo) {
        /**
         * @param id        the caller's id
         * @param principal the module's object for it
         * @return a caller without roles
         */
        public static Caller of(String id, Object principal) {
            return new Caller(id, Set.of(), principal, Optional.empty());
        }

        /**
         * @param id        the caller's id
         * @param roles     its roles
         * @param principal the module's object for it
         * @return the caller
         */
        public static Caller of(String id, Set<String> roles, Object principal) {
            return new Caller(id, Set.copyOf(roles), principal, Optional.empty());
        }

        /**
         * @param what    the credential's name in the refusal ({@code forms API key})
         * @param setting the setting that replaces it ({@code KIT_FORMS_API_KEYS})
         * @return this caller, known by the documented demo credential ({@link DemoCredentials#refuseIndirect})
         */
        public Caller demo(String what, String setting) {
            return new Caller(id, roles, principal, Optional.of(new Demo(what, setting)));
        }
    }

    /**
     * A documented demo credential.
     *
     * @param what    its name in a refusal
     * @param setting the setting that replaces it
     */
    public record Demo(String what, String setting) {
    }

    /** What a module supplies per security scheme: a credential to the caller it belongs to. */
    @FunctionalInterface
    public interface Credentials {
        /**
         * @param credential what the request sent where the scheme says (without the scheme's prefix)
         * @return its caller; empty when it is no valid credential
         * @throws ApiError 401 naming why a credential is refused (an expired token)
         */
        Optional<Caller> caller(String credential);

        /** @return the credential's name in refusals ({@code API key}, {@code access token}) */
        default String what() {
            return "credential";
        }

        /** @return where a caller finds the credential, added to refusals; empty for nothing to add */
        default String help() {
            return "";
        }

        /**
         * @param what  the credential's name in refusals
         * @param check a credential to its caller
         * @return credentials with that name
         */
        static Credentials named(String what, Credentials check) {
            return named(what, "", check);
        }

        /**
         * @param what  the credential's name in refusals
         * @param help  where a caller finds it (never a path or a secret: refusals go to anonymous callers)
         * @param check a credential to its caller
         * @return credentials with that name and help
         */
        static Credentials named(String what, String help, Credentials check) {
            return new Credentials() {
                @Override
                public Optional<Caller> caller(String credential) {
                    return check.caller(credential);
                }

                @Override
                public String what() {
                    return what;
                }

                @Override
                public String help() {
                    return help;
                }
            };
        }
    }

    /**
     * What a module gives its listener's admissions.
     *
     * @param credentials per scheme name, what turns its credential into a caller
     * @param realm       the realm of {@code WWW-Authenticate} challenges
     * @param limiter     where rate limits count (null: the API has none)
     * @param rateLimits  per category, the rule to apply; a category missing here takes the contract's numbers
     */
    public record Setup(Map<String, Credentials> credentials, String realm, RateLimiter limiter,
                        Map<String, RateLimiter.Rule> rateLimits) {
        /** An API with nothing to check beyond what the platform knows (the kit token). */
        public static final Setup NONE = new Setup(Map.of(), "contract-kit", null, Map.of());

        /** Copies the maps. */
        public Setup {
            credentials = Map.copyOf(credentials);
            rateLimits = Map.copyOf(rateLimits);
        }

        /**
         * @param credentials per scheme name
         * @return a setup with these credentials, no rate limits and the realm {@code contract-kit}
         */
        public static Setup of(Map<String, Credentials> credentials) {
            return new Setup(credentials, NONE.realm(), null, Map.of());
        }

        /**
         * @param name        a scheme's name
         * @param credentials its credentials
         * @return this setup with them added
         */
        public Setup with(String name, Credentials credentials) {
            Map<String, Credentials> all = new HashMap<>(this.credentials);
            all.put(name, credentials);
            return new Setup(all, realm, limiter, rateLimits);
        }

        /**
         * @param realm the realm of challenges
         * @return this setup with it
         */
        public Setup realm(String realm) {
            return new Setup(credentials, realm, limiter, rateLimits);
        }

        /**
         * @param limiter where limits count
         * @param rules   per category, overriding the contract's numbers
         * @return this setup with rate limits
         */
        public Setup rateLimits(RateLimiter limiter, Map<String, RateLimiter.Rule> rules) {
            return new Setup(credentials, realm, limiter, rules);
        }
    }

    /**
     * What admission learnt about a request it let through, for the handler ({@link #admitted}).
     *
     * @param requestId the request's id
     * @param caller    the caller, when the operation needs one or the request identified itself
     * @param decision  the rate limit's count, or null for an operation without one
     */
    public record Admitted(String requestId, Optional<Caller> caller, RateLimiter.Decision decision) {
        /**
         * @param type the module's principal type
         * @param <T>  that type
         * @return the caller's principal
         * @throws IllegalStateException when the request has no caller of that type (an admission bug)
         */
        public <T> T principal(Class<T> type) {
            return caller.map(Caller::principal).filter(type::isInstance).map(type::cast)
                    .orElseThrow(() -> new IllegalStateException("no " + type.getSimpleName() + " admitted"));
        }

        /** @return {@code X-RateLimit-Limit}, or null */
        public Integer limit() {
            return decision == null ? null : decision.limit();
        }

        /** @return {@code X-RateLimit-Remaining}, or null */
        public Integer remaining() {
            return decision == null ? null : decision.remaining();
        }

        /** @return {@code X-RateLimit-Reset}, or null */
        public Long reset() {
            return decision == null ? null : decision.resetEpochSec();
        }
    }

    /**
     * The result of {@link #admit}.
     *
     * @param caller   the caller, if a credential was valid
     * @param decision the rate limit's count, or null
     * @param refusal  the error to answer (429, 401, 403), if any
     */
    record Outcome(Optional<Caller> caller, RateLimiter.Decision decision, Optional<ApiError> refusal) {
    }

    /** A listener's admissions by operation ({@link Admissions}), found in the request's context by {@link #around}. */
    interface Table {
        /**
         * @param operation {@code METHOD /path} as the contract writes it
         * @return its admission
         */
        Admission get(String operation);
    }

    /**
     * A module's WebSocket listener that needs to know who opened the connection: the listener runs the handshake
     * operation's admission before Helidon upgrades it (a refused handshake is not upgraded, and the HTTP route's
     * admission answers), then tells the module's listener.
     */
    public interface Handshake {
        /**
         * Called before {@code onHttpUpgrade}, once admission let the handshake through.
         *
         * @param caller the caller, if the operation has one
         */
        void admitted(Optional<Caller> caller);
    }

    /** What a request presents: credentials where schemes put them, and its client's address. */
    interface Presented {
        /**
         * @param in   header, query or cookie
         * @param name the header, parameter or cookie name
         * @return its value, if sent
         */
        Optional<String> value(String in, String name);

        /** @return the client's address (behind a trusted proxy, the forwarded one) */
        String clientAddress();
    }

    /**
     * The credential inside the scheme's format ({@code x-kit-credential-format}, e.g. {@code Token
     * token={credential}}): what {@link SecurityScheme#form()} matches, told by the format's literal text around
     * the placeholder instead of a regular expression on every request (the same answers: the credential starts
     * with a non-space and holds no line end after it).
     */
    static Optional<String> framed(String format, String v) {
        return Frame.of(format).read(v);
    }

    /** A credential format's literal text before and after its placeholder, split once per scheme. */
    private record Frame(String before, String after, boolean placeholder) {
        static Frame of(String format) {
            int at = format.indexOf(CREDENTIAL);
            return at < 0 ? new Frame(format, "", false)
                    : new Frame(format.substring(0, at), format.substring(at + CREDENTIAL.length()), true);
        }

        Optional<String> read(String v) {
            if (!placeholder) {
                return Optional.empty(); // a format without a placeholder carries no credential
            }
            int end = v.length() - after.length();
            if (end <= before.length() || !v.startsWith(before) || !v.endsWith(after)
                    || regexSpace(v.charAt(before.length()))) {
                return Optional.empty();
            }
            for (int i = before.length() + 1; i < end; i++) { // a loop, not a stream: this runs on every request
                if (lineEnd(v.charAt(i))) {
                    return Optional.empty();
                }
            }
            return Optional.of(v.substring(before.length(), end).trim());
        }
    }

    /** What {@code \s} of a regular expression matches. */
    private static boolean regexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** What {@code .} of a regular expression does not match. */
    private static boolean lineEnd(int c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    private record Scheme(SecurityScheme contract, Credentials credentials, Optional<Frame> form) {
        /** @return the credential the request sent for this scheme, without the scheme's prefix */
        Optional<String> credential(Presented request) {
            Optional<String> value = request.value(contract.in(), contract.parameterName()).map(String::trim);
            if (value.isEmpty()) {
                return value;
            }
            String v = value.get();
            if (contract.type().equals("apiKey")) {
                if (form.isEmpty()) {
                    return Optional.of(v).filter(s -> !s.isEmpty());
                }
                return form.get().read(v);
            }
            // an Authorization scheme's name is case-insensitive (RFC 9110 11.1)
            String prefix = authScheme() + " ";
            return v.regionMatches(true, 0, prefix, 0, prefix.length())
                    ? Optional.of(v.substring(prefix.length()).trim()).filter(s -> !s.isEmpty()) : Optional.empty();
        }

        String authScheme() {
            return contract.type().equals("http") && !contract.httpScheme().equals("bearer")
                    ? contract.httpScheme().substring(0, 1).toUpperCase(Locale.ROOT) + contract.httpScheme().substring(1)
                    : "Bearer";
        }

        boolean challenges() {
            return !contract.type().equals("apiKey");
        }

        String hint() {
            String shown = "<" + credentials.what() + ">";
            String value = contract.credentialFormat().orElse(challenges() ? authScheme() + " " + CREDENTIAL : CREDENTIAL)
                    .replace(CREDENTIAL, shown);
            return switch (contract.in()) {
                case "query" -> "?" + contract.parameterName() + "=" + shown;
                case "cookie" -> "the cookie " + contract.parameterName() + "=" + shown;
                default -> "'" + contract.parameterName() + ": " + value + "'";
            };
        }
    }

    private final String operation;
    private final List<List<Scheme>> required;
    private final List<List<Scheme>> optional;
    private final Optional<String> role;
    private final RateLimiter limiter;
    private final RateLimiter.Rule rule;
    private final String countedBy;
    private final String realm;
    private final boolean websocket;

    private Admission(String operation, List<List<Scheme>> required, List<List<Scheme>> optional, Optional<String> role,
                      RateLimiter limiter, RateLimiter.Rule rule, String countedBy, String realm, boolean websocket) {
        this.websocket = websocket;
        this.operation = operation;
        this.required = required;
        this.optional = optional;
        this.role = role;
        this.limiter = limiter;
        this.rule = rule;
        this.countedBy = countedBy;
        this.realm = realm;
    }

    /**
     * @param op    an operation of a contract
     * @param setup what the module supplies
     * @return its admission
     * @throws IllegalArgumentException when the contract names a scheme the module has no credentials for, or a
     *                                  rate-limit category neither it nor the module gives numbers for
     */
    public static Admission of(ContractDocument.Operation op, Setup setup) {
        ContractDocument doc = op.document();
        Map<String, SecurityScheme> schemes = SecurityScheme.all(doc.root(), doc::resolve);
        List<List<Scheme>> required = op.isPublic() ? List.of()
                : schemes(SecurityScheme.requirements(doc.root(), op.node()), schemes, setup, op, true);
        // a public operation still knows a caller who sends one of the document's credentials ({@link #caller})
        List<List<Scheme>> optional = op.isPublic()
                ? schemes(SecurityScheme.requirements(doc.root(), doc.root()), schemes, setup, op, false) : List.of();
        Optional<RateLimits.Category> category = RateLimits.of(doc.root()).forOperation(op.node());
        Optional<String> named = RateLimits.categoryOf(op.node());
        RateLimiter.Rule rule = named.map(c -> Optional.ofNullable(setup.rateLimits().get(c))
                .or(() -> category.map(k -> new RateLimiter.Rule(k.name(), k.limit(), Duration.ofSeconds(k.windowSeconds()))))
                .orElseThrow(() -> new IllegalArgumentException(op + ": no rate limit for category " + c))).orElse(null);
        if (rule != null && setup.limiter() == null) {
            throw new IllegalArgumentException(op + ": a rate-limit category, and no limiter to count it");
        }
        return new Admission(op.method() + " " + op.path(), required, optional, RequiredRole.of(op.node()),
                setup.limiter(), rule, category.flatMap(RateLimits.Category::key).orElse("user"), setup.realm(),
                op.node().has(WEBSOCKET));
    }

    /**
     * An admission that only checks credentials (no operation: {@code /observe/metrics}).
     *
     * @param alternatives the schemes, each alternative all required
     * @param credentials  what turns their credential into a caller
     * @param realm        the challenges' realm
     * @return the admission
     */
    static Admission of(List<List<SecurityScheme>> alternatives, Credentials credentials, String realm) {
        List<List<Scheme>> required = alternatives.stream()
                .map(a -> a.stream().map(s -> new Scheme(s, credentials, s.credentialFormat().map(Frame::of))).toList()).toList();
        return new Admission("(no operation)", required, List.of(), Optional.empty(), null, null, "user", realm, false);
    }

    private static List<List<Scheme>> schemes(List<List<String>> requirements, Map<String, SecurityScheme> schemes,
                                              Setup setup, ContractDocument.Operation op, boolean strict) {
        List<List<Scheme>> out = new ArrayList<>();
        for (List<String> requirement : requirements) {
            List<Scheme> all = new ArrayList<>();
            for (String name : requirement) {
                SecurityScheme s = schemes.get(name);
                Credentials c = setup.credentials().get(name);
                if (s == null || c == null) {
                    if (strict) {
                        throw new IllegalArgumentException(op + ": security scheme " + name
                                + (s == null ? " is not declared" : " has no credentials in this server"));
                    }
                    all = null;
                    break;
                }
                all.add(new Scheme(s, c, s.credentialFormat().map(Frame::of)));
            }
            if (all != null && !all.isEmpty()) {
                out.add(List.copyOf(all));
            }
        }
        return List.copyOf(out);
    }

    /** @return the operation, {@code METHOD /path} as the contract writes it */
    public String operation() {
        return operation;
    }

    /**
     * Checks a request: credentials, then the rate limit, then the role.
     *
     * @param request what the request presents
     * @return the caller, the rate limit's count and the refusal to answer, if any
     */
    Outcome admit(Presented request) {
        Optional<Caller> caller = Optional.empty();
        ApiError unauthorized = null;
        if (!required.isEmpty()) {
            Attempt a = authenticate(required, request);
            caller = a.caller;
            unauthorized = caller.isEmpty() ? refusal(a) : null;
        }
        RateLimiter.Decision d = null;
        if (rule != null) {
            String client = caller.isPresent() && !countedBy.equals("client-address")
                    ? countedBy + ":" + caller.get().id() : "address:" + request.clientAddress();
            d = limiter.acquire(rule, client);
            if (!d.allowed()) {
                return new Outcome(caller, d, Optional.of(new ApiError(Status.TOO_MANY_REQUESTS_429, "RATE_LIMITED",
                        "rate limit exceeded: " + rule.limit() + " " + rule.category() + " requests per "
                                + window(rule) + (caller.isPresent() ? "" : " per client address"))
                        .withDetails("retry after " + d.retryAfterSeconds() + " seconds")
                        .withHeader("Retry-After", Long.toString(d.retryAfterSeconds()))));
            }
        }
        if (unauthorized != null) {
            return new Outcome(caller, d, Optional.of(unauthorized));
        }
        if (role.isPresent() && caller.isPresent() && !caller.get().roles().contains(role.get())) {
            return new Outcome(caller, d, Optional.of(ApiError.forbidden("insufficient permissions: the " + role.get()
                    + " role is required").withDetails("roles: " + String.join(", ", caller.get().roles().stream()
                    .sorted().toList()))));
        }
        return new Outcome(caller, d, Optional.empty());
    }

    /**
     * @param request what a request to a public operation presents
     * @return the caller, when it sent a valid credential of one of the document's schemes
     */
    Optional<Caller> identify(Presented request) {
        return optional.isEmpty() ? Optional.empty() : authenticate(optional, request).caller;
    }

    private record Attempt(Optional<Caller> caller, boolean presented, String why) {
    }

    /** The first alternative whose every scheme finds a valid credential gives the caller (its first scheme's). */
    private Attempt authenticate(List<List<Scheme>> alternatives, Presented request) {
        boolean presented = false;
        String why = null;
        for (List<Scheme> alternative : alternatives) {
            Caller first = null;
            boolean all = true;
            for (Scheme s : alternative) {
                Optional<String> credential = s.credential(request);
                Optional<Caller> c = Optional.empty();
                if (credential.isPresent()) {
                    presented = true;
                    try {
                        c = s.credentials().caller(credential.get());
                    } catch (ApiError e) {
                        why = why == null ? e.getMessage() : why;
                    }
                }
                if (c.isEmpty()) {
                    all = false;
                    break;
                }
                first = first == null ? c.get() : first;
            }
            if (all && first != null) {
                return new Attempt(Optional.of(first), true, null);
            }
        }
        return new Attempt(Optional.empty(), presented, why);
    }

    private ApiError refusal(Attempt a) {
        List<Scheme> all = required.stream().flatMap(List::stream).toList();
        Set<String> hints = new LinkedHashSet<>();
        all.forEach(s -> hints.add(s.hint()));
        String send = "send " + String.join(" or ", hints);
        String what = all.getFirst().credentials().what();
        String help = all.getFirst().credentials().help();
        ApiError e = ApiError.unauthorized((a.presented
                ? (a.why != null ? a.why : "invalid or unknown " + what) + ": " + send
                : "authentication required: " + send) + (help.isEmpty() ? "" : " (" + help + ")"));
        Optional<Scheme> challenging = all.stream().filter(Scheme::challenges).findFirst();
        if (challenging.isEmpty()) {
            return e;
        }
        String challenge = challenging.get().authScheme() + " realm=\"" + realm + "\"";
        return e.withHeader(HeaderNames.WWW_AUTHENTICATE.defaultCase(), a.presented && challenging.get().authScheme()
                .equals("Bearer") ? challenge + ", error=\"invalid_token\"" : challenge);
    }

    /**
     * @param req a routed request
     * @return what it presents
     */
    static Presented presented(ServerRequest req) {
        return presented(req.headers(), req.query(), req);
    }

    /**
     * @param headers a request's headers
     * @param query   its query
     * @param req     the routed request, or null for a handshake not routed yet (its client address is unknown)
     * @return what it presents
     */
    static Presented presented(Headers headers, UriQuery query, ServerRequest req) {
        return new Presented() {
            @Override
            public Optional<String> value(String in, String name) {
                return switch (in) {
                    case "query" -> query.contains(name) ? Optional.of(query.get(name)) : Optional.empty();
                    case "cookie" -> headers.first(HeaderNames.COOKIE).flatMap(c -> cookie(c, name));
                    default -> headers.first(HeaderNames.create(name));
                };
            }

            @Override
            public String clientAddress() {
                return req == null ? "unknown" : PublicUrl.clientAddress(req);
            }
        };
    }

    private static Optional<String> cookie(String header, String name) {
        for (String part : header.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0 && part.substring(0, eq).trim().equals(name)) {
                return Optional.of(part.substring(eq + 1).trim());
            }
        }
        return Optional.empty();
    }

    /**
     * The scheme a request's {@code Authorization} header names, for a 401's challenge of an endpoint outside the
     * contracts' schemes (the identity provider's token endpoint, RFC 6749 section 5.2).
     *
     * @param req a request
     * @return the scheme (an RFC 9110 token), if the header names one
     */
    public static Optional<String> authorizationScheme(ServerRequest req) {
        return req.headers().first(HeaderNames.AUTHORIZATION).map(v -> v.strip().split("\\s+", 2)[0])
                .filter(v -> v.matches("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,32}"));
    }

    private static String window(RateLimiter.Rule rule) {
        long s = rule.window().toSeconds();
        return s == 3600 ? "hour" : s == 60 ? "minute" : s + " seconds";
    }

    /**
     * The route of a generated stub's operation: the operation's admission (unless the listener's filter ran it
     * already), then the operation's own handler, in one route. Two routes (an admission's handler, then
     * {@code res.next()} to the operation's) made Helidon match the request's path against both and copy its path
     * parameters into each; one route matches once.
     *
     * @param operation the operation's method and path template as the contract has them ({@code GET /forms/{id}})
     * @param handler   the operation's handler
     * @return a handler that runs the admission, then {@code handler}
     */
    public static Handler around(String operation, Handler handler) {
        return (req, res) -> {
            Table admissions = Exchange.get(req, TABLE);
            if (admissions == null) {
                throw new IllegalStateException("no admissions on this listener");
            }
            Admission admission = admissions.get(operation);
            if (!admission.ranOn(req)) {
                admission.run(req, res);
            }
            handler.handle(req, res);
        };
    }

    /** The listener's admissions, for the stubs' {@link #around} handlers ({@link Admissions#register}). */
    static void register(ServerRequest req, Table admissions) {
        Exchange.of(req).set(TABLE, admissions);
    }

    /**
     * Runs this admission on a request, unless its operation is a WebSocket handshake ({@code x-kit-websocket}: the
     * upgrade runs it, and its route after the module's own handshake checks). The listener's filter calls this before
     * it looks at the body and before a module's filters; the stub's handler then finds it done.
     *
     * @param req the request
     * @param res its response
     */
    void runEarly(ServerRequest req, ServerResponse res) {
        if (!websocket) {
            run(req, res);
        }
    }

    private boolean ranOn(ServerRequest req) {
        return Exchange.get(req, RAN) == this;
    }

    private void run(ServerRequest req, ServerResponse res) {
        Outcome o = admit(presented(req));
        if (o.decision() != null) {
            StickyHeaders.set(req, res, o.decision().headers());
        }
        if (o.refusal().isPresent()) {
            throw o.refusal().get();
        }
        o.caller().flatMap(Caller::demo).ifPresent(d -> DemoCredentials.refuseIndirect(req, true, d.what(), d.setting()));
        register(req, o.caller(), o.decision());
    }

    /** Runs this admission in the listener's filter (no rate limit): refuses, or sets the request's principal. */
    void handleFilter(ServerRequest req) {
        Outcome o = admit(presented(req));
        if (o.refusal().isPresent()) {
            throw o.refusal().get();
        }
        o.caller().map(Caller::principal).filter(Principal.class::isInstance)
                .ifPresent(p -> Principal.register(req, (Principal) p));
    }

    private void register(ServerRequest req, Optional<Caller> caller, RateLimiter.Decision d) {
        Exchange e = Exchange.of(req);
        e.set(ADMITTED, new Admitted(RequestIds.of(req), caller, d));
        e.set(RAN, this);
        caller.map(Caller::principal).filter(Principal.class::isInstance).ifPresent(p -> Principal.register(req, (Principal) p));
    }

    /**
     * @param req a request admission let through
     * @return what admission learnt
     * @throws IllegalStateException when no admission ran before the handler
     */
    public static Admitted admitted(ServerRequest req) {
        Admitted a = Exchange.get(req, ADMITTED);
        if (a == null) {
            throw new IllegalStateException("no Admission before this route");
        }
        return a;
    }

    /**
     * The caller of a request, also on a public operation: one that sent a valid credential of the document's own
     * schemes (its details then may differ, e.g. {@code GET /health} shows more to the kit token's holder).
     *
     * @param req a request admission let through
     * @return its caller, if any
     */
    public static Optional<Caller> caller(ServerRequest req) {
        Admitted a = admitted(req);
        if (a.caller().isPresent()) {
            return a.caller();
        }
        Admission ran = Exchange.get(req, RAN);
        return ran == null ? Optional.empty() : ran.identify(presented(req));
    }
}
