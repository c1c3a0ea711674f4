package dev.contractkit.reference.platform;

import redis.clients.jedis.JedisPooled;

import java.net.URI;
import java.time.Clock;
import java.util.Optional;

/**
 * What the replicas of the reference server share besides the database: the {@link Bus} (live events, cancel
 * requests) and the rate-limit counters. Chosen from the settings:
 *
 * <table>
 *   <tr><th>settings</th><th>bus</th><th>rate limits</th></tr>
 *   <tr><td>{@code KIT_REDIS_URL} ({@code redis://host:6379[/db]})</td><td>Redis pub/sub</td><td>Redis</td></tr>
 *   <tr><td>only a PostgreSQL {@code KIT_DB_URL}</td><td>LISTEN/NOTIFY</td><td>PostgreSQL</td></tr>
 *   <tr><td>neither (the default)</td><td>in-process</td><td>in memory</td></tr>
 * </table>
 *
 * <p>{@code KIT_REDIS_PREFIX} (default {@code kit:}) goes before every Redis key and channel, so several kits (or
 * tests) share one Redis.
 *
 * <pre>{@code
 * Cluster cluster = Cluster.open(settings, database);
 * cluster.bus().publish("coupons", json);
 * RateLimiter limiter = cluster.limiter(Clock.systemUTC());
 * }</pre>
 */
public final class Cluster implements AutoCloseable {
    private final Bus bus;
    private final Optional<SharedCounters> counters;
    private final AutoCloseable connection;

    private Cluster(Bus bus, Optional<SharedCounters> counters, AutoCloseable connection) {
        this.bus = bus;
        this.counters = counters;
        this.connection = connection;
    }

    /**
     * @param settings the configuration
     * @param database the kit's database
     * @return the shared pieces for these settings
     */
    public static Cluster open(Settings settings, Database database) {
        Optional<String> redisUrl = settings.get("redis.url");
        if (redisUrl.isPresent()) {
            URI uri = URI.create(redisUrl.get());
            if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme())) {
                throw new IllegalArgumentException("KIT_REDIS_URL must be redis://host:port[/db], was '" + redisUrl.get() + "'");
            }
            String prefix = settings.text("redis.prefix");
            JedisPooled redis = new JedisPooled(uri);
            try {
                redis.ping();
            } catch (RuntimeException e) {
                redis.close();
                throw new IllegalStateException("cannot reach Redis at " + uri.getHost() + ":" + uri.getPort() + ": "
                        + e.getMessage(), e);
            }
            return new Cluster(new RedisBus(uri, redis, prefix), Optional.of(new RedisCounters(redis, prefix)), redis);
        }
        if (database.isPostgres()) {
            return new Cluster(new PostgresBus(database.dataSource()),
                    Optional.of(new PostgresCounters(database.dataSource())), () -> { });
        }
        return single();
    }

    /** @return the single-process pieces: in-process bus, in-memory limits */
    public static Cluster single() {
        return new Cluster(new InProcessBus(), Optional.empty(), () -> { });
    }

    /** @return the bus */
    public Bus bus() {
        return bus;
    }

    /**
     * @param clock the time source
     * @return a rate limiter on the shared counters, or an in-memory one for a single process
     */
    public RateLimiter limiter(Clock clock) {
        return counters.map(c -> new RateLimiter(clock, c)).orElseGet(() -> new RateLimiter(clock));
    }

    /** @return true when the limits are shared between replicas */
    public boolean shared() {
        return counters.isPresent();
    }

    /** @return for the start banner, e.g. {@code bus: redis 127.0.0.1:6379, rate limits: redis} */
    public String description() {
        return "bus: " + bus.description() + ", rate limits: " + counters.map(SharedCounters::description)
                .orElse("in memory");
    }

    @Override
    public void close() {
        bus.close();
        try {
            connection.close();
        } catch (Exception ignored) {
            // closing a pool does not fail in a way worth reporting at shutdown
        }
    }
}
