package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.jwk.JWKSet;
import dev.contractkit.reference.coupons.model.Error;
import dev.contractkit.reference.coupons.model.ErrorBody;
import dev.contractkit.reference.coupons.model.ErrorCode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ApiModule;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Broadcaster;
import dev.contractkit.reference.platform.Bus;
import dev.contractkit.reference.platform.Cluster;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.DemoCredentials;
import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.ReadCache;
import dev.contractkit.reference.platform.Json;
import dev.contractkit.reference.platform.RateLimiter;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.dialect.RateLimits;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.websocket.WsListener;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The coupon service on its own listener (default port 8082): public catalogue, admin writes, redemptions,
 * the embedded identity provider under {@code /realms/{realm}} and the WebSocket {@code /ws/coupons}.
 *
 * <p>Settings (environment {@code KIT_COUPONS_*}, system properties {@code kit.coupons.*}):
 * {@code KIT_COUPONS_REALM} (default {@value #DEFAULT_REALM}), {@code KIT_COUPONS_USERS}
 * ({@code username:password:role+role[;email=..;first_name=..;last_name=..],...}; when set, the named users get
 * exactly these passwords, roles and profile
 * on every start; unset, the demo users {@value #DEMO_USERS} are created if missing, refused at start on a
 * non-loopback {@code KIT_HOST} or with proxy settings, and refused at login from beyond this machine), {@code
 * KIT_COUPONS_CLIENTS}
 * (default {@value #DEFAULT_CLIENTS}), {@code KIT_COUPONS_REDIRECT_URIS} (the authorization-code flow's redirect URIs,
 * {@code client=uri,...}, default {@link RedirectUris#DEFAULT}), {@code KIT_COUPONS_ACCESS_TOKEN_TTL} / {@code
 * KIT_COUPONS_REFRESH_TOKEN_TTL} (seconds, 300 / 1800), {@code KIT_COUPONS_ISSUER} + {@code
 * KIT_COUPONS_JWKS_URL} (accept an external provider's tokens instead), {@code KIT_COUPONS_ISSUER_URL} (the
 * embedded provider's issuer, default {@code http://<KIT_HOST>:<port>/realms/<realm>}), {@code
 * KIT_COUPONS_AUDIENCE} (the {@code aud} access tokens must carry, default {@value #DEFAULT_AUDIENCE}), {@code
 * KIT_COUPONS_PASSWORD_ITERATIONS} (PBKDF2-HMAC-SHA256, default 600000), {@code KIT_COUPONS_LOGIN_FAILURES} /
 * {@code KIT_COUPONS_LOGIN_ADDRESS_FAILURES} / {@code KIT_COUPONS_LOGIN_WINDOW} (failed logins per username /
 * per client address per window before 429, default 5 / 20 / PT1M; an IPv6 address counts by its /64), {@code
 * KIT_COUPONS_LOGIN_CONCURRENCY} / {@code KIT_COUPONS_LOGIN_QUEUE_MS} (password checks at once on this server,
 * default the number of cores, and how long a login waits for one before 429, default 500), {@code
 * KIT_COUPONS_WS_MAX_CONNECTIONS}
 * (open WebSockets before handshakes answer 503, default 1000), {@code KIT_COUPONS_RATE_LIMITS}
 * ({@code category=limit/window,...}, e.g. {@code write=5/PT10S}; default from the contract's
 * {@code x-kit-rate-limits}), {@code KIT_COUPONS_EXPIRY_INTERVAL} (seconds between {@code valid_until} sweeps,
 * default 30), {@code KIT_COUPONS_WS_QUEUE} (messages a WebSocket client may fall behind, default 256),
 * {@code KIT_DB_GROUP_COMMIT} / {@code KIT_DB_GROUP_COMMIT_QUEUE} (embedded database only: redemptions per shared
 * commit, default 256, 0 for a transaction each; redemptions that may wait for one, default 1024), {@code
 * KIT_DB_GROUP_COMMIT_DELAY_US} (embedded only: how long a batch waits for more once nothing is being written, when
 * redemptions arrive concurrently; default 0).
 */
public final class CouponsModule implements ApiModule {
    /** The realm of the embedded identity provider. */
    public static final String DEFAULT_REALM = "contractkit";
    /** The documented demo users (for a server that binds to loopback). */
    public static final String DEMO_USERS = "admin:admin-password:admin+user;email=admin@example.com;first_name=Ada;"
            + "last_name=Admin,alice:alice-password:user;email=alice@example.com;first_name=Alice;last_name=Liddell,"
            + "bob:bob-password:user;email=bob@example.com;first_name=Bob;last_name=Baker";
    /** The {@code aud} access tokens must carry unless {@code KIT_COUPONS_AUDIENCE} says otherwise. */
    public static final String DEFAULT_AUDIENCE = "coupons-api";
    private static final List<IdpUsers.Seed> DEMO_USERS_PARSED = Stream.of(DEMO_USERS.split(","))
            .map(IdpUsers.Seed::parse).toList();
    /** Client ids the token endpoint accepts unless {@code KIT_COUPONS_CLIENTS} says otherwise. */
    public static final String DEFAULT_CLIENTS = "kit-cli,kit-web,coupon-web";
    /** How long a batch of redemptions waits for more before its commit, unless {@code KIT_DB_GROUP_COMMIT_DELAY_US} says. */
    static final int DEFAULT_GROUP_COMMIT_DELAY_US = 0;

    private static final Logger LOG = Logger.getLogger(CouponsModule.class.getName());

    private final ObjectMapper mapper = Json.snakeCase();
    private final IdentityProvider idp;
    private final SocketSlots sockets;
    private final TokenVerifier verifier;
    private final Broadcaster hub;
    private final Bus bus;
    private final RateLimiter limiter;
    private final CouponStore store;
    private final GroupCommit redemptions;
    private final Events events;
    private final ScheduledExecutorService timer;
    private final CouponEndpoints.Context context;
    private final Optional<String> externalJwks;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /**
     * @param settings configuration
     * @param database the kit's database
     * @param cluster  what the replicas share: the bus carries the events, the rate limits count there
     */
    public CouponsModule(Settings settings, Database database, Cluster cluster) {
        Clock clock = Clock.systemUTC();
        String realm = settings.get("coupons.realm", DEFAULT_REALM);
        Optional<String> issuer = settings.get("coupons.issuer");
        this.externalJwks = settings.get("coupons.jwks-url");
        if (issuer.isPresent() != externalJwks.isPresent()) {
            throw new IllegalArgumentException("KIT_COUPONS_ISSUER and KIT_COUPONS_JWKS_URL go together");
        }
        if (issuer.isPresent() && settings.get("coupons.issuer-url").isPresent()) {
            throw new IllegalArgumentException("KIT_COUPONS_ISSUER_URL is the embedded provider's issuer; with an "
                    + "external provider (KIT_COUPONS_ISSUER) leave it unset");
        }
        String audience = settings.get("coupons.audience", DEFAULT_AUDIENCE);
        IssuerUrl issuerUrl = new IssuerUrl(settings.get("coupons.issuer-url"), settings.get("host", "127.0.0.1"),
                settings.getInt("coupons.port", Api.COUPONS.defaultPort()), realm);
        List<IdpUsers.Seed> users = settings.getList("coupons.users", DEMO_USERS).stream().map(IdpUsers.Seed::parse)
                .toList();
        List<String> clients = settings.getList("coupons.clients", DEFAULT_CLIENTS);
        RedirectUris redirectUris = RedirectUris.of(settings.getList("coupons.redirect-uris", RedirectUris.DEFAULT)
                .stream().filter(e -> !e.isBlank()).filter(e -> clients.contains(e.split("=", 2)[0])
                        || settings.get("coupons.redirect-uris").isPresent()).toList(), clients, issuerUrl);
        Passwords passwords = new Passwords(settings.getInt("coupons.password-iterations", Passwords.DEFAULT_ITERATIONS));
        if (passwords.iterations() < Passwords.DEFAULT_ITERATIONS) {
            LOG.warning("KIT_COUPONS_PASSWORD_ITERATIONS=" + passwords.iterations() + " is below the current "
                    + "recommendation of " + Passwords.DEFAULT_ITERATIONS + " (acceptable for tests only)");
        }
        LoginThrottle throttle = new LoginThrottle(clock, settings.getInt("coupons.login-failures", 5),
                settings.getInt("coupons.login-address-failures", 20),
                duration(settings.get("coupons.login-window", "PT1M"), "KIT_COUPONS_LOGIN_WINDOW"), 10_000);
        try {
            this.idp = new IdentityProvider(database.dataSource(), clock, new IdentityProvider.Config(realm,
                    clients, settings.getInt("coupons.access-token-ttl", 300),
                    settings.getInt("coupons.refresh-token-ttl", 1800), audience, issuerUrl, users,
                    settings.get("coupons.users").isPresent(), DEMO_USERS_PARSED, redirectUris), passwords, throttle,
                    new LoginSlots(settings.getInt("coupons.login-concurrency", Runtime.getRuntime().availableProcessors()),
                            Duration.ofMillis(settings.getInt("coupons.login-queue-ms", 500))));
            // checked before seeding: a refused start leaves no demo user behind
            DemoCredentials.refuseWhenExposed(settings, () -> idp.demoInEffect(DEMO_USERS_PARSED),
                    "coupon users with their demo passwords", "KIT_COUPONS_USERS (username:password:role+role,... "
                            + "naming each of these users with a new password)");
            idp.seedUsers();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot prepare the identity provider: " + e.getMessage(), e);
        }
        this.verifier = issuer.isPresent() ? TokenVerifier.remote(externalJwks.get(), issuer.get(), audience)
                : TokenVerifier.local(idp.publicKeys(), issuerUrl, audience);
        this.sockets = new SocketSlots(settings.getInt("coupons.ws-max-connections", 1000));
        ContractRules rules = new ContractRules(ContractDocument.load(Api.COUPONS.mainContract()),
                Set.of("id", "active", "usage_count", "created_at", "updated_at", "created_by", "updated_by"));
        this.hub = new Broadcaster(settings.getInt("coupons.ws-queue", 256));
        this.limiter = cluster.limiter(clock);
        this.bus = cluster.bus();
        this.redemptions = groupCommit(settings, database);
        this.store = new CouponStore(database.dataSource(), clock, ReadCache.of(settings), redemptions);
        this.events = new Events(bus);
        bus.subscribe(Events.CHANNEL, new Bus.Listener() {
            @Override
            public void message(String message) {
                hub.publish(message);
            }

            @Override
            public void lost() {
                hub.dropAll();
            }
        });
        Map<String, RateLimiter.Rule> limits = rateLimits(rules.document(), settings.get("coupons.rate-limits", ""));
        this.context = new CouponEndpoints.Context(store, rules, new CouponAdmission(verifier, limiter, limits), events, mapper,
                database, idp, this::cacheUp, this::authUp);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "coupons-timer");
            t.setDaemon(true);
            return t;
        });
        long every = settings.getInt("coupons.expiry-interval", 30);
        timer.scheduleWithFixedDelay(this::announceExpired, every, every, TimeUnit.SECONDS);
        timer.scheduleWithFixedDelay(this::pruneRefreshTokens, 5, 300, TimeUnit.SECONDS);
    }

    /**
     * Redemptions on the embedded database share their commits ({@link GroupCommit}): there a durable commit writes
     * the file on the committing thread, and a batch pays that once. On PostgreSQL (or any {@code KIT_DB_URL}) each
     * redemption keeps its own transaction: the database already flushes concurrent commits together, and replicas
     * share it (docs/decisions.md).
     *
     * @return the redemptions' committer, or null for a transaction per redemption
     */
    private static GroupCommit groupCommit(Settings settings, Database database) {
        int batch = settings.getInt("db.group-commit", 256);
        int queue = settings.getInt("db.group-commit-queue", 1024);
        int delayMicros = settings.getInt("db.group-commit-delay-us", DEFAULT_GROUP_COMMIT_DELAY_US);
        if (batch < 0 || queue < 1 || delayMicros < 0) {
            throw new IllegalArgumentException(Settings.envName("db.group-commit") + " must be 0 (off) or more, "
                    + Settings.envName("db.group-commit-queue") + " 1 or more and "
                    + Settings.envName("db.group-commit-delay-us") + " 0 or more, were " + batch + ", " + queue
                    + " and " + delayMicros);
        }
        return database.embedded() && batch > 0 ? new GroupCommit(database.dataSource(), "redemptions", batch, queue,
                Duration.ofNanos(delayMicros * 1_000L)) : null;
    }

    /** A duration setting: ISO 8601 ({@code PT1M}) or seconds. */
    static Duration duration(String value, String name) {
        try {
            Duration d = value.matches("\\d+") ? Duration.ofSeconds(Long.parseLong(value)) : Duration.parse(value);
            if (!d.isNegative() && !d.isZero()) {
                return d;
            }
        } catch (DateTimeParseException | NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be a positive duration like PT1M or 60, was '" + value + "'");
    }

    private void pruneRefreshTokens() {
        try {
            idp.prune();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "refresh-token prune failed", e);
        }
    }


    /** Rules per category: the contract's {@code x-kit-rate-limits}, overridden by {@code cat=limit/window,...}. */
    static Map<String, RateLimiter.Rule> rateLimits(ContractDocument doc, String overrides) {
        Map<String, RateLimiter.Rule> out = new LinkedHashMap<>();
        RateLimits.of(doc.root()).categories().values().forEach(c -> out.put(c.name(),
                new RateLimiter.Rule(c.name(), c.limit(), Duration.ofSeconds(c.windowSeconds()))));
        for (String entry : overrides.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            String[] kv = entry.trim().split("[=/]");
            if (kv.length != 3 || !out.containsKey(kv[0])) {
                throw new IllegalArgumentException("KIT_COUPONS_RATE_LIMITS entries are category=limit/window with a "
                        + "category of " + out.keySet() + " and a window like PT1H or 3600, got '" + entry.trim() + "'");
            }
            Duration window = kv[2].matches("\\d+") ? Duration.ofSeconds(Long.parseLong(kv[2])) : Duration.parse(kv[2]);
            out.put(kv[0], new RateLimiter.Rule(kv[0], Integer.parseInt(kv[1]), window));
        }
        return Map.copyOf(out);
    }

    private void announceExpired() {
        try {
            for (CouponStore.Row r : store.takeNewlyExpired()) {
                events.expired(r, "expired", OffsetDateTime.now(ZoneOffset.UTC));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "expiry sweep failed", e);
        }
    }

    /** The cache dependency is the rate limiter, the bus and the broadcaster: probe them for real. */
    private boolean cacheUp() {
        try {
            RateLimiter.Decision d = limiter.acquire(new RateLimiter.Rule("health-probe", Integer.MAX_VALUE,
                    Duration.ofMinutes(1)), "probe");
            return d.allowed() && d.resetEpochSec() > d.nowEpochSec() - 1 && bus.healthy()
                    && hub.selfTest(Duration.ofSeconds(1));
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The embedded provider signs and verifies a probe token; an external one must serve its key set. */
    private boolean authUp() {
        if (externalJwks.isEmpty()) {
            return idp.selfTest();
        }
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(externalJwks.get()))
                    .timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 && !JWKSet.parse(r.body()).getKeys().isEmpty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return false;
        }
    }

    /** Runs the {@code valid_until} sweep now (tests; the timer runs it every interval). */
    void sweepExpired() {
        announceExpired();
    }

    @Override
    public Api api() {
        return Api.COUPONS;
    }

    @Override
    public ObjectMapper mapper() {
        return mapper;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.register("/api/health", new CouponEndpoints.HealthEndpoint(context))
                .register("/api/v1/coupons", new CouponEndpoints.CatalogueEndpoint(context))
                .register("/api/v1/users/profile", new CouponEndpoints.ProfileEndpoint(context))
                .register("/write/v1/coupons", new CouponEndpoints.AdminEndpoint(context))
                .register("/coupons/v1", new CouponEndpoints.RedemptionsEndpoint(context))
                .register("/ws/coupons", new RealtimeEndpoint(verifier, sockets))
                .register("/realms/{realm}", new IdentityEndpoint(idp))
                .register("/app", new CouponsWebUi(idp));
    }

    @Override
    public Map<String, Supplier<WsListener>> webSockets() {
        return Map.of("/ws/coupons", () -> new CouponSocket(verifier, hub, timer, sockets));
    }

    @Override
    public Object errorBody(ApiError error, String requestId) {
        ErrorBody body = new ErrorBody();
        body.setCode(ErrorCode.fromValue(error.code()));
        body.setMessage(error.getMessage());
        if (!error.fieldErrors().isEmpty()) {
            body.setDetails(new LinkedHashMap<>(error.fieldErrors()));
        } else if (error.details() != null) {
            body.setDetails(error.details());
        }
        body.setTimestamp(OffsetDateTime.now(ZoneOffset.UTC));
        body.setRequestId(requestId);
        Error envelope = new Error();
        envelope.setError(body);
        return envelope;
    }

    @Override
    public void close() {
        timer.shutdownNow();
        if (redemptions != null) {
            redemptions.close(); // commits and answers the redemptions it accepted
        }
    }
}
