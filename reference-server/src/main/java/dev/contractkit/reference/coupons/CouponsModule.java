package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.jwk.JWKSet;
import dev.contractkit.reference.coupons.model.Error;
import dev.contractkit.reference.coupons.model.ErrorBody;
import dev.contractkit.reference.coupons.model.ErrorCode;
import dev.contractkit.reference.platform.Admission;
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
import dev.contractkit.reference.platform.Durations;
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
 * <p>Settings: {@link CouponsSettings} (environment {@code KIT_COUPONS_*}, system properties {@code kit.coupons.*};
 * every key with its default in the registry, {@code ./kit help settings}). Unset, the demo users {@value #DEMO_USERS}
 * are created if missing, refused at start on a non-loopback {@code KIT_HOST} or with proxy settings, and refused at
 * login from beyond this machine.
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
    private final Admission.Setup admission;
    private final Optional<String> externalJwks;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();

    /**
     * @param settings configuration
     * @param database the kit's database
     * @param cluster  what the replicas share: the bus carries the events, the rate limits count there
     */
    public CouponsModule(Settings settings, Database database, Cluster cluster) {
        Clock clock = Clock.systemUTC();
        CouponsSettings coupons = CouponsSettings.from(settings);
        String realm = coupons.realm();
        Optional<String> issuer = coupons.issuer();
        this.externalJwks = coupons.jwksUrl();
        String audience = coupons.audience();
        IssuerUrl issuerUrl = new IssuerUrl(coupons.issuerUrl(), coupons.host(), coupons.port(), realm);
        List<IdpUsers.Seed> users = coupons.users();
        List<String> clients = coupons.clients();
        RedirectUris redirectUris = RedirectUris.of(coupons.redirectUris(), clients, issuerUrl);
        Passwords passwords = new Passwords(coupons.passwordIterations());
        if (passwords.iterations() < Passwords.DEFAULT_ITERATIONS) {
            LOG.warning("KIT_COUPONS_PASSWORD_ITERATIONS=" + passwords.iterations() + " is below the current "
                    + "recommendation of " + Passwords.DEFAULT_ITERATIONS + " (acceptable for tests only)");
        }
        LoginThrottle throttle = new LoginThrottle(clock, coupons.loginFailures(), coupons.loginAddressFailures(),
                coupons.loginWindow(), 10_000);
        try {
            this.idp = new IdentityProvider(database.dataSource(), clock, new IdentityProvider.Config(realm,
                    clients, coupons.accessTokenTtl().toSeconds(), coupons.refreshTokenTtl().toSeconds(), audience,
                    issuerUrl, users, coupons.usersConfigured(), DEMO_USERS_PARSED, redirectUris), passwords, throttle,
                    new LoginSlots(coupons.loginConcurrency(), coupons.loginQueue()));
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
        this.sockets = new SocketSlots(coupons.wsMaxConnections());
        ContractRules rules = new ContractRules(ContractDocument.load(Api.COUPONS.mainContract()),
                Set.of("id", "active", "usage_count", "created_at", "updated_at", "created_by", "updated_by"));
        this.hub = new Broadcaster(coupons.wsQueue());
        this.limiter = cluster.limiter(clock);
        this.bus = cluster.bus();
        // applied again before any redemption runs: what a kill -9 left only in the journal
        RedemptionJournal journal = RedemptionJournal.open(database);
        this.redemptions = GroupCommit.forEmbedded(database, coupons.groupCommit(), "redemptions", journal);
        if (redemptions == null && journal != null) {
            journal.closed(); // a transaction per redemption: each commit is stored (Database#dataSource)
        }
        this.store = new CouponStore(database.dataSource(), clock, new ReadCache<>(coupons.readCache().toMillis()), redemptions);
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
        Map<String, RateLimiter.Rule> limits = rateLimits(rules.document(), coupons.rateLimits());
        // the contract's BearerAuth and the handshake's ?token= / ?access_token= (read by each operation's Admission)
        Admission.Credentials token = Admission.Credentials.named("access token", t -> {
            Principal p = verifier.verify(t);
            return Optional.of(Admission.Caller.of(p.subject(), p.roles(), p));
        });
        this.admission = Admission.Setup.of(Map.of("BearerAuth", token, "WsTokenQuery", token,
                "WsAccessTokenQuery", token)).realm(api().id()).rateLimits(limiter, limits);
        this.context = new CouponEndpoints.Context(store, rules, events, mapper,
                database, idp, this::cacheUp, this::authUp);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "coupons-timer");
            t.setDaemon(true);
            return t;
        });
        long every = coupons.expiryInterval().toMillis();
        timer.scheduleWithFixedDelay(this::announceExpired, every, every, TimeUnit.MILLISECONDS);
        timer.scheduleWithFixedDelay(this::pruneRefreshTokens, 5, 300, TimeUnit.SECONDS);
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
            Duration window;
            try {
                if (kv.length != 3 || !out.containsKey(kv[0]) || !kv[1].matches("\\d{1,10}")
                        || Long.parseLong(kv[1]) < 1 || Long.parseLong(kv[1]) > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("");
                }
                window = Durations.parse(kv[2], "s");
                if (window.toSeconds() < 1) {
                    throw new IllegalArgumentException("");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("KIT_COUPONS_RATE_LIMITS entries are category=limit/window with a "
                        + "category of " + out.keySet() + ", a limit from 1 to " + Integer.MAX_VALUE + " and a window of a second or more ("
                        + Durations.SYNTAX + ", or a number of seconds), got '" + entry.trim() + "'");
            }
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
    public Admission.Setup admission() {
        return admission;
    }

    @Override
    public void routing(HttpRouting.Builder routing) {
        routing.register("/api/health", new CouponEndpoints.HealthEndpoint(context))
                .register("/api/v1/coupons", new CouponEndpoints.CatalogueEndpoint(context))
                .register("/api/v1/users/profile", new CouponEndpoints.ProfileEndpoint(context))
                .register("/write/v1/coupons", new CouponEndpoints.AdminEndpoint(context))
                .register("/coupons/v1", new CouponEndpoints.RedemptionsEndpoint(context))
                .register("/ws/coupons", new RealtimeEndpoint(sockets))
                .register("/realms/{realm}", new IdentityEndpoint(idp))
                .register("/app", new CouponsWebUi(idp));
    }

    @Override
    public Map<String, Supplier<WsListener>> webSockets() {
        return Map.of("/ws/coupons", () -> new CouponSocket(hub, timer, sockets));
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
