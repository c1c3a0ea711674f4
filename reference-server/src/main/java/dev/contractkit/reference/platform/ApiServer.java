package dev.contractkit.reference.platform;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.contractkit.specs.check.ContractDocument;
import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;
import io.helidon.common.mapper.MapperManager;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.HttpException;
import io.helidon.http.Status;
import io.helidon.http.media.MediaContext;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.observe.ObserveFeature;
import io.helidon.webserver.observe.health.HealthObserver;
import io.helidon.webserver.observe.metrics.MetricsObserver;
import io.helidon.webserver.websocket.WsRouting;
import jakarta.validation.ValidationException;

import io.helidon.common.Weighted;
import io.helidon.webserver.http.HttpFeature;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Builds the listener of one API: its routes, a request id on every exchange, every failure mapped once
 * to the contract's error shape (never a stack trace), 404 for paths the contract does not have and 405
 * (with {@code Allow}) for methods it does not allow, and Helidon's observe endpoints
 * ({@code /observe/health/live}, {@code /observe/health/ready}, {@code /observe/metrics}).
 */
public final class ApiServer {
    private static final Logger LOG = Logger.getLogger(ApiServer.class.getName());

    static {
        // Helidon 4.2 looks the global MapperManager up in its service registry on every call unless one is set,
        // and routing asks for it for every path parameter: a fifth of a GET /forms/1 (docs/performance.md).
        // Setting it once keeps the same built-in mappers and makes the lookup a field read.
        MapperManager.global(MapperManager.create());
    }

    private ApiServer() {
    }

    /**
     * Starts the listener.
     *
     * @param module   the API
     * @param database the kit's database (for readiness)
     * @param host     address to bind
     * @param port     port (0 = any free one)
     * @param limits   what the listener refuses before routing (hosts, origins, body size, kit token)
     * @return the started server
     */
    public static WebServer start(ApiModule module, Database database, String host, int port, Limits limits) {
        List<ContractDocument> docs = module.api().openapi().stream().map(ContractDocument::load).toList();
        Admissions admissions = Admissions.of(docs, module.admission(), limits.token(), module.namedTokens());
        ListenerChecks listenerChecks = ListenerChecks.of(docs, limits.hosts(), limits.maxBodyBytes(), limits.tooLargeCode(),
                admissions);
        HttpRouting.Builder routing = HttpRouting.builder();
        routing.addFilter((chain, req, res) -> {
            res.header(RequestIds.HEADER, RequestIds.assign(req));
            PublicUrl.register(req, limits.publicUrl());
            listenerChecks.filter(chain, req, res);
        });
        module.routing(routing);
        ContractFallback fallback = ContractFallback.of(docs);
        routing.addFeature(new FallbackFeature() {
            @Override
            public void setup(HttpRouting.Builder rules) {
                rules.any(fallback);
            }

            @Override
            public double weight() {
                return 1; // after every other feature (observe has 80): the fallback must come last
            }
        });
        routing.error(ApiError.class, (req, res, e) -> send(module, req, res, e));
        boolean declares503 = docs.stream().flatMap(d -> d.operations().stream())
                .anyMatch(o -> o.responses().containsKey("503"));
        routing.error(StorageException.class, (req, res, e) -> {
            LOG.log(Level.WARNING, "request " + RequestIds.of(req) + ": the database failed", e);
            send(module, req, res, storageFailure(declares503, database));
        });
        routing.error(ValidationException.class, (req, res, e) ->
                send(module, req, res, ApiError.invalid(message(e))));
        routing.error(NumberFormatException.class, (req, res, e) ->
                send(module, req, res, ApiError.invalid("a parameter is not a valid number: " + e.getMessage())));
        routing.error(JacksonMedia.BadJsonException.class, (req, res, e) ->
                send(module, req, res, ApiError.invalid("request body is not valid JSON: " + e.getMessage())));
        // Helidon answers some requests by throwing, e.g. 304 Not Modified from its static content handler (the
        // agent's web UI): those are answers, not failures
        routing.error(HttpException.class, (req, res, e) -> {
            if (e.status().code() < 400) {
                res.status(e.status());
                res.header(RequestIds.HEADER, RequestIds.of(req));
                res.send();
                return;
            }
            LOG.log(Level.WARNING, "request " + RequestIds.of(req) + " failed", e);
            send(module, req, res, new ApiError(Status.INTERNAL_SERVER_ERROR_500, "INTERNAL_ERROR", "internal error"));
        });
        routing.error(Exception.class, (req, res, e) -> {
            LOG.log(Level.WARNING, "request " + RequestIds.of(req) + " failed", e);
            send(module, req, res, new ApiError(Status.INTERNAL_SERVER_ERROR_500, "INTERNAL_ERROR", "internal error"));
        });

        List<HealthCheck> checks = new ArrayList<>(module.healthChecks());
        checks.add(databaseCheck(database));
        // no details: the database URL and the checks' internals are not for anonymous callers (docs/security.md)
        var health = HealthObserver.builder().details(false);
        checks.forEach(health::addCheck);
        ObserveFeature observe = ObserveFeature.builder()
                .addObserver(health.build())
                .addObserver(MetricsObserver.builder().build())
                .build();

        var server = WebServer.builder()
                .host(host)
                .port(port)
                // TCP_NODELAY (Helidon's default is off): a small write (an SSE event after the headers) goes out at
                // once instead of waiting for the client's delayed ACK of the last one, up to 40 ms on Linux
                .connectionOptions(o -> o.tcpNoDelay(true))
                // Helidon's parser refuses headers past 16 KiB with a bare 400 before routing; with more room,
                // an oversized value reaches the routes and is refused in the contract's error shape
                .addProtocol(Http1Config.builder().maxHeadersSize(64 * 1024).build())
                // a body without Content-Length (chunked) past the limit: Helidon's own 413 (with a length, the
                // listener checks answer first, in the contract's shape)
                .maxPayloadSize(limits.maxBodyBytes())
                .directHandlers(d -> d
                        .addHandler(DirectHandler.EventType.PAYLOAD_TOO_LARGE, tooLarge(module, limits))
                        .addHandler(DirectHandler.EventType.BAD_REQUEST, tooLarge(module, limits))
                        .addHandler(DirectHandler.EventType.INTERNAL_ERROR, serverError(module, limits, declares503))
                        .addHandler(DirectHandler.EventType.OTHER, serverError(module, limits, declares503)))
                .mediaContext(MediaContext.builder().addMediaSupport(new JacksonMedia(module.mapper())).build())
                .addFeature(observe)
                .addRouting(routing);
        if (!module.webSockets().isEmpty()) {
            WsRouting.Builder ws = WsRouting.builder();
            module.webSockets().forEach((path, listener) -> ws.endpoint(path,
                    () -> new CheckedWsListener(listenerChecks::allowsUpgrade,
                            (prologue, headers) -> admissions.upgrade(path, prologue, headers), listener.get())));
            server.addRouting(ws);
        }
        WebServer started = server.build().start();
        if (!started.isRunning()) {
            // Helidon logs a listener that cannot bind and shuts the server down without throwing
            throw new IllegalStateException(module.api().id() + ": cannot listen on " + host + ":" + port
                    + " (is the port in use? set KIT_" + module.api().id().toUpperCase(Locale.ROOT) + "_PORT)");
        }
        return started;
    }

    /**
     * What a listener refuses before routing.
     *
     * @param hosts        the allowed {@code Host} names and web origins
     * @param maxBodyBytes the largest request body
     * @param tooLargeCode the contract's error code for 413
     * @param token        the kit token, loaded when first needed
     * @param publicUrl    where the listener's links point ({@link PublicUrl})
     * @param stopping     true once the server has begun to stop
     */
    public record Limits(AllowedHosts hosts, long maxBodyBytes, String tooLargeCode,
                         Supplier<KitToken> token, PublicUrl publicUrl, BooleanSupplier stopping) {
    }

    /** Helidon's own refusal of a body past {@code maxPayloadSize}, rendered in the contract's error shape. */
    private static DirectHandler tooLarge(ApiModule module, Limits limits) {
        return inErrorShape(module, 413, () -> new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, limits.tooLargeCode(),
                "request body is larger than " + limits.maxBodyBytes() + " bytes"));
    }

    /**
     * Helidon's own 500, written outside the routes (its error handlers do not see it): above all a connection closed
     * by the server's stop while its request finished, whose next request on the keep-alive connection then reads it.
     * In the contract's error shape instead of a 500 without a body; while the server stops (nothing of that next
     * request ran), 503 with {@code Retry-After: 1} where the contract declares 503, else its 500 saying so.
     */
    static DirectHandler serverError(ApiModule module, Limits limits, boolean declares503) {
        return inErrorShape(module, 500, () -> {
            if (!limits.stopping().getAsBoolean()) {
                return new ApiError(Status.INTERNAL_SERVER_ERROR_500, "INTERNAL_ERROR", "internal error");
            }
            return declares503 ? ApiError.unavailable("service temporarily unavailable: the server is stopping")
                    .withDetails("the server is stopping").withHeader("Retry-After", "1")
                    : new ApiError(Status.INTERNAL_SERVER_ERROR_500, "INTERNAL_ERROR",
                    "internal error: the server is stopping").withDetails("the server is stopping");
        });
    }

    /** Helidon's direct answer with status {@code code} as {@code error} in the contract's shape; others as Helidon's. */
    private static DirectHandler inErrorShape(ApiModule module, int code, Supplier<ApiError> error) {
        DirectHandler fallback = DirectHandler.defaultHandler();
        return (request, event, status, headers, message) -> {
            if (status.code() != code) {
                return fallback.handle(request, event, status, headers, message);
            }
            String id = UUID.randomUUID().toString();
            ApiError e = error.get();
            byte[] body;
            try {
                body = module.mapper().writeValueAsBytes(module.errorBody(e, id));
            } catch (JsonProcessingException | RuntimeException ex) { // a direct handler must answer, never throw
                LOG.log(Level.WARNING, "cannot render " + e.code() + " in the error shape", ex);
                return fallback.handle(request, event, status, headers, message);
            }
            DirectHandler.TransportResponse.Builder answer = DirectHandler.TransportResponse.builder()
                    .status(e.status())
                    .header(HeaderNames.CONTENT_TYPE, "application/json")
                    .header(RequestIds.HEADER, id)
                    .keepAlive(false)
                    .entity(body);
            e.headers().forEach((name, value) -> answer.header(HeaderNames.create(name), value));
            return answer.build();
        };
    }

    /**
     * What a caller learns of a database failure: 503 when the contract declares it and the database does not answer
     * (try again later), else 500; never the SQL message.
     */
    static ApiError storageFailure(boolean declares503, Database database) {
        if (declares503 && !database.ping()) {
            return ApiError.unavailable("service temporarily unavailable").withDetails("the database is not reachable");
        }
        return new ApiError(Status.INTERNAL_SERVER_ERROR_500, "INTERNAL_ERROR", "internal error");
    }

    /** The generated validator reports "FATAL: Parameter x ... at class ...": keep the sentence only. */
    static String message(ValidationException e) {
        String m = e.getMessage() == null ? "invalid request" : e.getMessage();
        m = m.startsWith("Validation errors: ") ? m.substring("Validation errors: ".length()) : m;
        return Arrays.stream(m.split("\\R"))
                .map(line -> line.replaceFirst("^\\s*FATAL:\\s*", "").replaceFirst("\\s+at class \\S+$", ""))
                .filter(line -> !line.isBlank())
                .collect(Collectors.joining("; "));
    }

    private static void send(ApiModule module, ServerRequest req, ServerResponse res, ApiError e) {
        if (res.isSent()) {
            return;
        }
        res.status(e.status());
        res.header(RequestIds.HEADER, RequestIds.of(req));
        StickyHeaders.apply(req, res);
        e.headers().forEach(res::header);
        if (req.prologue().method() == Method.HEAD) {
            // A HEAD answer has no body (RFC 9110 9.3.2): a body would be read as the next response on the connection.
            res.send();
            return;
        }
        res.send(module.errorBody(e, RequestIds.of(req)));
    }

    private static HealthCheck databaseCheck(Database database) {
        return new HealthCheck() {
            @Override
            public HealthCheckType type() {
                return HealthCheckType.READINESS;
            }

            @Override
            public String name() {
                return "database";
            }

            @Override
            public HealthCheckResponse call() {
                return HealthCheckResponse.builder()
                        .status(database.ping())
                        .detail("url", database.description())
                        .build();
            }
        };
    }

    /** Answers what no route took: 405 where the contract has the path but not the method, else 404. */
    private record ContractFallback(List<Template> templates) implements Handler {
        /** @param docs every contract the API serves (an API may serve several versions on one listener) */
        static ContractFallback of(List<ContractDocument> docs) {
            return new ContractFallback(templatesOf(docs));
        }

        private static List<Template> templatesOf(List<ContractDocument> docs) {
            List<Template> out = new ArrayList<>();
            for (ContractDocument.Operation op : docs.stream().flatMap(d -> d.operations().stream()).toList()) {
                Pattern p = Pattern.compile("^" + op.path().replaceAll("\\{[^/]+}", "[^/]+") + "/?$");
                out.stream().filter(t -> t.path.equals(op.path())).findFirst()
                        .ifPresentOrElse(t -> t.methods.add(op.method()),
                                () -> out.add(new Template(op.path(), p, new LinkedHashSet<>(Set.of(op.method())))));
            }
            return out;
        }

        @Override
        public void handle(ServerRequest req, ServerResponse res) {
            String path = req.path().path();
            for (Template t : templates) {
                if (t.pattern.matcher(path).matches()) {
                    throw new ApiError(Status.METHOD_NOT_ALLOWED_405, "METHOD_NOT_ALLOWED",
                            req.prologue().method().text() + " is not allowed on " + t.path
                                    + "; allowed: " + String.join(", ", t.methods))
                            .withHeader(HeaderNames.ALLOW.defaultCase(), String.join(", ", t.methods));
                }
            }
            throw ApiError.notFound("no such path: " + path);
        }
    }

    /** A feature that sorts by weight, so the fallback can be registered after Helidon's own features. */
    private interface FallbackFeature extends HttpFeature, Weighted {
    }

    private record Template(String path, Pattern pattern, Set<String> methods) {
    }
}
