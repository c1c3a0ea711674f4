package dev.contractkit.reference.platform;

import dev.contractkit.specs.check.ContractDocument;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What every listener checks before a route runs, so that neither a web page the user has open nor a guessing
 * client can use the kit (docs/security.md):
 * <ul>
 *   <li>the {@code Host} header names an allowed host (against DNS rebinding): 421;</li>
 *   <li>a state-changing request or a WebSocket handshake from a foreign {@code Origin} is refused (against
 *       cross-site requests and cross-site WebSocket hijacking): 403;</li>
 *   <li>a body larger than the listener's limit: 413; a body in a media type the operation does not declare: 415;</li>
 *   <li>{@code /observe/metrics} needs the kit token ({@link Admissions#requireKitToken}), else 401; the operation
 *       the request matches gets its {@link Admission} (credentials, rate limit, role: 429, 401, 403) before the
 *       body checks; the generated stub runs it before the handler where the filter did not (a WebSocket
 *       handshake's route, a {@code HEAD}).</li>
 * </ul>
 * Every refusal is an {@link ApiError}, rendered in the contract's error shape. A WebSocket handshake gets the
 * {@code Host} and {@code Origin} rules before Helidon upgrades it ({@link #allowsUpgrade}, {@link CheckedWsListener}).
 */
final class ListenerChecks {
    private static final HeaderName ORIGIN = HeaderNames.create("Origin");
    private static final Set<Method> SAFE = Set.of(Method.GET, Method.HEAD, Method.OPTIONS, Method.TRACE);

    private final AllowedHosts hosts;
    private final List<Rule> rules;
    private final long maxBodyBytes;
    private final String tooLargeCode;
    private final Admissions admissions;

    private ListenerChecks(AllowedHosts hosts, List<Rule> rules, long maxBodyBytes, String tooLargeCode,
                           Admissions admissions) {
        this.admissions = admissions;
        this.hosts = hosts;
        this.rules = rules;
        this.maxBodyBytes = maxBodyBytes;
        this.tooLargeCode = tooLargeCode;
    }

    static ListenerChecks of(List<ContractDocument> docs, AllowedHosts hosts, long maxBodyBytes, String tooLargeCode,
                             Admissions admissions) {
        List<Rule> rules = new ArrayList<>();
        for (ContractDocument.Operation op : docs.stream().flatMap(d -> d.operations().stream()).toList()) {
            Pattern p = Pattern.compile("^" + op.path().replaceAll("\\{[^/]+}", "[^/]+") + "/?$");
            List<String> media = op.requestBody()
                    .map(pointer -> {
                        List<String> out = new ArrayList<>();
                        op.document().at(pointer).path("content").fieldNames()
                                .forEachRemaining(m -> out.add(m.toLowerCase(Locale.ROOT)));
                        return out;
                    })
                    .orElse(List.of());
            rules.add(new Rule(Method.create(op.method()), p, op.path().contains("{"), media, op.method() + " " + op.path()));
        }
        // literal paths before templates, so /tasks/search is not taken for /tasks/{id}
        rules.sort((a, b) -> Boolean.compare(a.templated, b.templated));
        return new ListenerChecks(hosts, List.copyOf(rules), maxBodyBytes, tooLargeCode, admissions);
    }

    void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        admissions.register(req);
        String host = req.headers().first(HeaderNames.HOST).orElse(null);
        if (!allowsHost(host)) {
            throw new ApiError(Status.create(421, "Misdirected Request"), "MISDIRECTED_REQUEST",
                    "the Host header names '" + host + "', which this server does not answer for; set KIT_ALLOWED_HOSTS"
                            + " to the names clients use (this stops DNS rebinding)");
        }
        Method method = req.prologue().method();
        if (cors(req, res, method)) {
            return;
        }
        boolean handshake = webSocketHandshake(req.headers());
        if ((!SAFE.contains(method) || handshake) && !allowsOrigin(req.headers(), host)) {
            throw ApiError.forbidden("a " + (handshake ? "WebSocket handshake" : method.text()) + " from the web origin '"
                    + req.headers().first(ORIGIN).orElse("") + "' is refused (cross-site request); set KIT_CORS_ORIGINS"
                    + " to allow a web application's origin");
        }
        String path = req.path().path();
        if (path.startsWith("/observe/metrics")) {
            admissions.requireKitToken(req);
        }
        long length = req.headers().contentLength().orElse(-1L);
        boolean hasBody = length > 0 || req.headers().contains(HeaderNames.TRANSFER_ENCODING);
        Rule rule = match(method, path);
        if (rule != null) {
            // credentials, rate limit and role before the body is looked at (a drive-by page learns nothing), and
            // before a module's own filters; the generated stub finds it done
            admissions.runEarly(rule.operation, req, res);
        }
        if (length > maxBodyBytes) {
            throw new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, tooLargeCode,
                    "request body is larger than " + maxBodyBytes + " bytes");
        }
        if (hasBody && rule != null && !rule.media.isEmpty()) {
            String type = req.headers().contentType().map(t -> t.mediaType().text()).orElse("")
                    .toLowerCase(Locale.ROOT);
            if (!accepts(rule.media, type)) {
                throw new ApiError(Status.UNSUPPORTED_MEDIA_TYPE_415, "UNSUPPORTED_MEDIA_TYPE",
                        "Content-Type '" + (type.isEmpty() ? "(none)" : type) + "' is not accepted here; send "
                                + String.join(" or ", rule.media));
            }
        }
        chain.proceed();
    }

    /**
     * The same rules for a WebSocket handshake, which Helidon upgrades before any HTTP filter runs: a handshake these
     * refuse is not upgraded but routed as plain HTTP, where {@link #filter} answers 421 or 403.
     *
     * @param headers a handshake's headers
     * @return true when its {@code Host} is allowed and its {@code Origin}, if any, is the server's own or allowed
     */
    boolean allowsUpgrade(Headers headers) {
        String host = headers.first(HeaderNames.HOST).orElse(null);
        return allowsHost(host) && allowsOrigin(headers, host);
    }

    private boolean allowsHost(String host) {
        return host == null || hosts.allowsHost(host);
    }

    private boolean allowsOrigin(Headers headers, String host) {
        Optional<String> origin = headers.first(ORIGIN);
        return origin.isEmpty() || sameOrigin(origin.get(), host) || hosts.allowsOrigin(origin.get());
    }

    /** A cross-site page can open a WebSocket (no preflight, the browser sends its Origin): it is checked as a write. */
    private static boolean webSocketHandshake(Headers headers) {
        return headers.first(HeaderNames.UPGRADE).map(u -> u.trim().equalsIgnoreCase("websocket")).orElse(false);
    }

    /**
     * CORS only for the origins in {@code KIT_CORS_ORIGINS}: their requests get {@code Access-Control-Allow-Origin},
     * and their preflight requests a 204 here.
     *
     * @return true when the request was a preflight, answered
     */
    private boolean cors(RoutingRequest req, RoutingResponse res, Method method) {
        Optional<String> origin = req.headers().first(ORIGIN);
        if (origin.isEmpty() || !hosts.allowsOrigin(origin.get())) {
            return false;
        }
        res.header(ALLOW_ORIGIN, origin.get());
        res.header(HeaderNames.VARY, "Origin");
        res.header(EXPOSE_HEADERS, "X-Request-Id, Location, Link, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset");
        Optional<String> preflight = req.headers().first(REQUEST_METHOD);
        if (method != Method.OPTIONS || preflight.isEmpty()) {
            return false;
        }
        res.header(ALLOW_METHODS, "GET, HEAD, POST, PUT, PATCH, DELETE");
        req.headers().first(REQUEST_HEADERS).ifPresent(h -> res.header(ALLOW_HEADERS, h));
        res.header(MAX_AGE, "600");
        res.status(Status.NO_CONTENT_204);
        res.send();
        return true;
    }

    private static final HeaderName ALLOW_ORIGIN = HeaderNames.create("Access-Control-Allow-Origin");
    private static final HeaderName EXPOSE_HEADERS = HeaderNames.create("Access-Control-Expose-Headers");
    private static final HeaderName ALLOW_METHODS = HeaderNames.create("Access-Control-Allow-Methods");
    private static final HeaderName ALLOW_HEADERS = HeaderNames.create("Access-Control-Allow-Headers");
    private static final HeaderName MAX_AGE = HeaderNames.create("Access-Control-Max-Age");
    private static final HeaderName REQUEST_METHOD = HeaderNames.create("Access-Control-Request-Method");
    private static final HeaderName REQUEST_HEADERS = HeaderNames.create("Access-Control-Request-Headers");

    private Rule match(Method method, String path) {
        for (Rule r : rules) {
            if (r.method.equals(method) && r.pattern.matcher(path).matches()) {
                return r;
            }
        }
        return null;
    }

    static boolean accepts(List<String> declared, String type) {
        for (String d : declared) {
            int semi = d.indexOf(';');
            String base = semi < 0 ? d : d.substring(0, semi).trim();
            if (base.equals(type) || base.equals("*/*")
                    || (base.endsWith("/*") && type.startsWith(base.substring(0, base.length() - 1)))) {
                return true;
            }
        }
        return false;
    }

    /** @return true when the Origin names the very authority the request was sent to */
    static boolean sameOrigin(String origin, String host) {
        if (host == null) {
            return false;
        }
        try {
            URI u = URI.create(origin);
            if (u.getScheme() == null || u.getRawAuthority() == null) {
                return false;
            }
            String authority = u.getRawAuthority().toLowerCase(Locale.ROOT);
            String h = host.toLowerCase(Locale.ROOT);
            int defaultPort = "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
            return authority.equals(h) || authority.equals(h + ":" + defaultPort) || h.equals(authority + ":" + defaultPort);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private record Rule(Method method, Pattern pattern, boolean templated, List<String> media, String operation) {
    }
}
