package dev.contractkit.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.flywaydb.core.Flyway;

import java.sql.Types;
import java.util.Locale;
import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The database's own limit for a write: a Helidon 4 SE server with one raw handler that runs, by hand over JDBC,
 * the statements the reference server runs for the request, on a pool with the reference server's settings
 * (HikariCP, 16 connections, auto-commit, the driver's default isolation), then answers fixed bytes (those the
 * reference server answered). Nothing else: no routing, contract checks, tokens, JSON.
 *
 * <ul>
 *   <li>{@code redeem} ({@code POST /coupons/v1/redeem}; {@code CouponStore.redeem}): find the coupon, check the
 *   order did not redeem it, then in one transaction the conditional usage {@code UPDATE}, the re-read and the
 *   redemption {@code INSERT}.</li>
 *   <li>{@code answer} ({@code POST /v1/answer}; {@code AnswerAdmission}, {@code QuotaLedger.reserve}): find the key by its
 *   SHA-256, then the quota window's read and conditional increment.</li>
 * </ul>
 * On PostgreSQL the reference server also counts the rate limit in the database ({@code PostgresCounters}: one
 * upsert before the handler) and, for a redemption, publishes the usage event on its bus ({@code PostgresBus}: a
 * transaction with an advisory lock, an {@code INSERT} and a {@code NOTIFY}); this handler runs those too.
 *
 * <p>Usage: {@code JdbcServer <redeem|answer> <body-file> <content-type> <migrations-dir>}, with the reference
 * server's variables {@code KIT_DB_URL} / {@code KIT_DB_USER} (else the embedded file in {@code KIT_DATA_DIR} with
 * the reference server's URL options and {@code KIT_DB_WRITE_DELAY}). The schema comes from the reference
 * server's migrations. Prints {@code READY http://127.0.0.1:<port>}.
 */
public final class JdbcServer {
    /** The request kinds. */
    enum Mode { REDEEM, ANSWER }

    static final String COUPON_ID = "bench-jdbc-coupon";
    private static final String COLUMNS = "id, title, description, discount_percent, category, valid_until, active, "
            + "usage_limit, usage_count, terms_conditions, created_at, updated_at, created_by, updated_by";
    private static final Pattern ORDER = Pattern.compile("\"order_id\"\\s*:\\s*\"([^\"]*)\"");
    private static final long BUS_LOCK = 0x6b69745f627573L; // PostgresBus's "kit_bus"
    private static final long HOUR_MS = 3_600_000L;
    private static final long MINUTE_MS = 60_000L;

    private final Mode mode;
    private final DataSource db;
    private final boolean postgres;
    private final byte[] body;
    private final String type;
    private final AtomicLong counterCalls = new AtomicLong();

    JdbcServer(Mode mode, DataSource db, boolean postgres, byte[] body, String type) {
        this.mode = mode;
        this.db = db;
        this.postgres = postgres;
        this.body = body;
        this.type = type;
    }

    /**
     * @param args mode, body file, content type, migrations directory
     * @throws Exception when the database or the body cannot be opened
     */
    public static void main(String[] args) throws Exception {
        Mode mode = Mode.valueOf(args[0].toUpperCase(Locale.ROOT));
        byte[] body = Files.readAllBytes(Path.of(args[1]));
        Map<String, String> env = System.getenv();
        String url = env.getOrDefault("KIT_DB_URL", "");
        if (url.isEmpty()) {
            url = embeddedUrl(Path.of(env.getOrDefault("KIT_DATA_DIR", "data")), Integer.parseInt(
                    env.getOrDefault("KIT_DB_WRITE_DELAY", "0")));
        }
        HikariDataSource ds = pool(url, env.getOrDefault("KIT_DB_USER", url.startsWith("jdbc:h2:") ? "sa" : ""),
                env.getOrDefault("KIT_DB_PASSWORD", ""));
        migrate(ds, Path.of(args[3]));
        WebServer server = new JdbcServer(mode, ds, url.startsWith("jdbc:postgresql:"), body, args[2]).start();
        System.out.println("READY http://127.0.0.1:" + server.port());
        System.out.flush();
    }

    /** The reference server's embedded URL ({@code Database.embeddedUrl}). */
    static String embeddedUrl(Path dataDir, int writeDelay) {
        if (System.getProperty("h2.bindAddress") == null) {
            System.setProperty("h2.bindAddress", "127.0.0.1"); // as the reference server does for AUTO_SERVER
        }
        return "jdbc:h2:file:" + dataDir.toAbsolutePath().normalize().resolve("kit")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;LOCK_TIMEOUT=10000;WRITE_DELAY=" + writeDelay + ";AUTO_SERVER=TRUE";
    }

    /** The reference server's pool ({@code Database.open}). */
    static HikariDataSource pool(String url, String user, String password) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(16);
        config.setPoolName("kit-db");
        config.setConnectionTimeout(5_000);
        return new HikariDataSource(config);
    }

    /** The reference server's schema, from its migrations (a no-op on a database it migrated already). */
    static void migrate(DataSource ds, Path migrations) {
        Flyway.configure().dataSource(ds).locations("filesystem:" + migrations.toAbsolutePath()).load().migrate();
    }

    /**
     * Makes this handler's own coupon (no usage limit) or the answer key (as the reference server provisions
     * {@code KIT_ANSWERS_API_KEYS}, with {@code KIT_ANSWERS_QUOTA}), unless there; starts listening on a free port.
     */
    WebServer start() throws SQLException {
        if (postgres) { // the reference server makes these at its start (PostgresCounters, PostgresBus)
            try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS kit_rate_counters (key VARCHAR(512) PRIMARY KEY, "
                        + "count BIGINT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)");
                s.execute("CREATE TABLE IF NOT EXISTS kit_events (seq BIGSERIAL PRIMARY KEY, channel VARCHAR(64) NOT NULL, "
                        + "message TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())");
            }
        }
        if (mode == Mode.REDEEM) {
            ensureCoupon();
        } else {
            Map<String, String> env = System.getenv();
            for (String secret : env.getOrDefault("KIT_ANSWERS_API_KEYS", "").split(",")) {
                if (!secret.isBlank()) {
                    ensureKey(secret.trim(), Integer.parseInt(env.getOrDefault("KIT_ANSWERS_QUOTA", "1000")));
                }
            }
        }
        return WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.any(this::handle))
                .build().start();
    }

    private void handle(ServerRequest req, ServerResponse res) {
        String text = req.content().as(String.class);
        try {
            Status status = mode == Mode.REDEEM ? redeem(text) : answer(req.headers().first(HeaderNames.create("x-api-key"))
                    .orElse(""));
            if (status == Status.OK_200) {
                res.header(HeaderNames.CONTENT_TYPE, type).send(body);
            } else {
                res.status(status).send();
            }
        } catch (SQLException e) {
            res.status(Status.SERVICE_UNAVAILABLE_503).send(e.getMessage());
        }
    }

    /** {@code Gate} (PostgreSQL: the rate-limit upsert), {@code CouponStore.redeemOnce}, {@code Events.usage}. */
    Status redeem(String request) throws SQLException {
        Matcher m = ORDER.matcher(request);
        if (!m.find()) {
            return Status.BAD_REQUEST_400;
        }
        String orderId = m.group(1);
        if (postgres) {
            countRequest("write|user:bench-jdbc", HOUR_MS); // the bench's rate-limit windows: an hour
        }
        OffsetDateTime now = OffsetDateTime.ofInstant(Instant.now().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
        int usage;
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            try {
                try (PreparedStatement ps = c.prepareStatement("UPDATE coupons SET usage_count = usage_count + 1 "
                        + "WHERE id = ? AND active = TRUE AND (valid_until IS NULL OR valid_until > ?) "
                        + "AND (usage_limit IS NULL OR usage_count < usage_limit)")) {
                    ps.setString(1, COUPON_ID);
                    ps.setObject(2, now);
                    if (ps.executeUpdate() == 0) { // the server then reads why: not on the bench's path
                        c.rollback();
                        return find(c, COUPON_ID) ? Status.CONFLICT_409 : Status.NOT_FOUND_404;
                    }
                }
                find(c, COUPON_ID);
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO redemptions (id, coupon_id, order_id, "
                        + "user_id, discount_percent, order_amount, discount_amount, status, redeemed_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                    ps.setObject(1, UUID.randomUUID().toString());
                    ps.setObject(2, COUPON_ID);
                    ps.setObject(3, orderId);
                    ps.setObject(4, "bench-jdbc");
                    ps.setObject(5, 5);
                    ps.setNull(6, Types.NUMERIC);
                    ps.setNull(7, Types.NUMERIC);
                    ps.setObject(8, "active");
                    ps.setObject(9, now);
                    ps.executeUpdate();
                } catch (SQLException e) {
                    if ("23505".equals(e.getSQLState())) { // the order redeemed it before
                        c.rollback();
                        return Status.CONFLICT_409;
                    }
                    throw e;
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
            usage = 1;
        }
        if (postgres) {
            publish("{\"type\":\"usage_updated\",\"data\":{\"id\":\"" + COUPON_ID + "\",\"usage_count\":" + usage
                    + "},\"timestamp\":\"" + now.toInstant() + "\"}");
        }
        return Status.OK_200;
    }

    /** {@code AnswerAdmission} (the key by its hash; PostgreSQL: the rate-limit upsert), {@code QuotaLedger.reserve}. */
    Status answer(String secret) throws SQLException {
        String keyId;
        long windowStart;
        int limit;
        try (Connection c = db.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT * FROM answer_keys WHERE key_hash = ?")) {
            ps.setString(1, sha256(secret));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getObject("revoked_at", OffsetDateTime.class) != null) {
                    return Status.UNAUTHORIZED_401;
                }
                keyId = rs.getString("id");
                limit = rs.getInt("total_limit");
                long windowMs = rs.getLong("window_seconds") * 1000;
                long created = rs.getObject("created_at", OffsetDateTime.class).toInstant().toEpochMilli();
                long elapsed = Math.max(0, System.currentTimeMillis() - created);
                windowStart = created + elapsed - elapsed % windowMs;
            }
        }
        if (postgres) {
            countRequest("answer|key:" + keyId, MINUTE_MS); // KIT_ANSWERS_RATE_LIMIT per minute
        }
        OffsetDateTime start = OffsetDateTime.ofInstant(Instant.ofEpochMilli(windowStart), ZoneOffset.UTC);
        try (Connection c = db.getConnection()) {
            int used = 0;
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT used FROM answer_usage WHERE key_id = ? AND window_start = ?")) {
                ps.setString(1, keyId);
                ps.setObject(2, start);
                try (ResultSet rs = ps.executeQuery()) {
                    used = rs.next() ? rs.getInt(1) : 0;
                }
            }
            if (used == 0) {
                try (PreparedStatement in = c.prepareStatement(
                        "INSERT INTO answer_usage (key_id, window_start, used) VALUES (?, ?, 0)")) {
                    in.setString(1, keyId);
                    in.setObject(2, start);
                    in.executeUpdate();
                } catch (SQLException e) {
                    if (e.getSQLState() == null || !e.getSQLState().startsWith("23")) {
                        throw e;
                    }
                }
            }
            try (PreparedStatement up = c.prepareStatement(
                    "UPDATE answer_usage SET used = used + 1 WHERE key_id = ? AND window_start = ? AND used < ?")) {
                up.setString(1, keyId);
                up.setObject(2, start);
                up.setInt(3, limit);
                return up.executeUpdate() == 1 ? Status.OK_200 : Status.TOO_MANY_REQUESTS_429;
            }
        }
    }

    private static boolean find(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM coupons WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                // read every column as CouponStore.read does
                rs.getString(1);
                rs.getString(2);
                rs.getString(3);
                rs.getInt(4);
                rs.getString(5);
                rs.getObject(6, OffsetDateTime.class);
                rs.getBoolean(7);
                rs.getObject(8, Integer.class);
                rs.getInt(9);
                rs.getString(10);
                rs.getObject(11, OffsetDateTime.class);
                rs.getObject(12, OffsetDateTime.class);
                rs.getString(13);
                rs.getString(14);
                return true;
            }
        }
    }

    /** {@code PostgresCounters.increment}: the fixed window's upsert (and its prune, one call in 10,000). */
    private void countRequest(String key, long windowMs) throws SQLException {
        long now = System.currentTimeMillis();
        long start = now - Math.floorMod(now, windowMs);
        try (Connection c = db.getConnection()) {
            if (counterCalls.incrementAndGet() % 10_000 == 1) {
                try (Statement s = c.createStatement()) {
                    s.execute("DELETE FROM kit_rate_counters WHERE expires_at < now()");
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO kit_rate_counters (key, count, expires_at) "
                    + "VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET count = kit_rate_counters.count + 1 RETURNING count")) {
                ps.setString(1, key + '|' + start);
                ps.setTimestamp(2, new Timestamp(start + windowMs + 60_000));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                }
            }
        }
    }

    /** {@code PostgresBus.publish}. */
    private void publish(String message) throws SQLException {
        try (Connection c = db.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                    lock.setLong(1, BUS_LOCK);
                    lock.execute();
                }
                long seq;
                try (PreparedStatement in = c.prepareStatement(
                        "INSERT INTO kit_events (channel, message) VALUES (?, ?) RETURNING seq")) {
                    in.setString(1, "coupons");
                    in.setString(2, message);
                    try (ResultSet rs = in.executeQuery()) {
                        rs.next();
                        seq = rs.getLong(1);
                    }
                }
                try (Statement n = c.createStatement()) {
                    n.execute("NOTIFY kit_events");
                    if (seq % 1000 == 0) {
                        n.execute("DELETE FROM kit_events WHERE seq <= " + (seq - 10_000));
                    }
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(auto);
            }
        }
    }

    /** This handler's coupon: like one the admin creates ({@code CouponStore.insert}), no usage limit. */
    private void ensureCoupon() throws SQLException {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        try (Connection c = db.getConnection()) {
            if (find(c, COUPON_ID)) {
                return;
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO coupons (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                Object[] values = {COUPON_ID, "bench", null, 5, null, null, true, null, 0, null, now, now, "bench", "bench"};
                for (int i = 0; i < values.length; i++) {
                    if (values[i] == null) {
                        ps.setNull(i + 1, Types.NULL);
                    } else {
                        ps.setObject(i + 1, values[i]);
                    }
                }
                ps.executeUpdate();
            }
        }
    }

    /** A key as {@code ApiKeys.insert} stores it (30-day window), unless one with its hash is there. */
    void ensureKey(String secret, int limit) throws SQLException {
        try (Connection c = db.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM answer_keys WHERE key_hash = ?")) {
                ps.setString(1, sha256(secret));
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return;
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO answer_keys (id, name, key_hash, total_limit,"
                    + " window_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, "key_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
                ps.setString(2, "configured");
                ps.setString(3, sha256(secret));
                ps.setInt(4, limit);
                ps.setLong(5, 30L * 24 * 3600);
                ps.setObject(6, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS));
                ps.executeUpdate();
            }
        }
    }

    /** {@code ApiKeys.hash}. */
    static String sha256(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
