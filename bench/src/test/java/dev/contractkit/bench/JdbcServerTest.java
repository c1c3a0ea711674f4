package dev.contractkit.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The database's-limit baseline does the reference server's work for a request: it answers the bytes it was given
 * and leaves the rows the reference server leaves (one redemption per order, the counter counted once; the quota
 * window counted), refusing a repeated order as the server does. Not timing.
 */
class JdbcServerTest {
    private static final Path MIGRATIONS = Path.of("..").resolve(ReferenceScenarios.MIGRATIONS);
    private static final byte[] BODY = "{\"message\":\"coupon redeemed\"}".getBytes(StandardCharsets.UTF_8);
    private static final String KEY = "bench-test-key-0123456789";

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<AutoCloseable> open = new ArrayList<>();

    @TempDir
    Path data;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open.reversed()) {
            c.close();
        }
    }

    @Test
    void aRedemptionAnswersTheGivenBytesStoresOneRowAndCountsTheCouponOnce() throws Exception {
        HikariDataSource db = embedded();
        String base = start(JdbcServer.Mode.REDEEM, db, false);

        HttpResponse<byte[]> first = post(base, "{\"coupon_id\":\"x\",\"order_id\":\"order-1\"}", null);
        HttpResponse<byte[]> again = post(base, "{\"coupon_id\":\"x\",\"order_id\":\"order-1\"}", null);
        HttpResponse<byte[]> other = post(base, "{\"coupon_id\":\"x\",\"order_id\":\"order-2\"}", null);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo(BODY);
        assertThat(first.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(number(db, "SELECT COUNT(*) FROM redemptions WHERE coupon_id = '" + JdbcServer.COUPON_ID + "'")).isEqualTo(2);
        assertThat(number(db, "SELECT usage_count FROM coupons WHERE id = '" + JdbcServer.COUPON_ID + "'")).isEqualTo(2);
    }

    @Test
    void anAnswerCountsTheKeysQuotaWindowAndRefusesAnUnknownKey() throws Exception {
        HikariDataSource db = embedded();
        String base = start(JdbcServer.Mode.ANSWER, db, false);

        HttpResponse<byte[]> ok = post(base, "{\"query\":\"revenue?\"}", KEY);
        post(base, "{\"query\":\"revenue?\"}", KEY);
        HttpResponse<byte[]> unknown = post(base, "{\"query\":\"revenue?\"}", "not-a-key");

        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.body()).isEqualTo(BODY);
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(number(db, "SELECT SUM(used) FROM answer_usage")).isEqualTo(2);
    }

    @Test
    void onPostgresqlTheRateLimitCounterAndTheBusEventAreWrittenToo() throws Exception {
        String admin = System.getenv().getOrDefault("KIT_BENCH_PG_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
        String user = System.getenv().getOrDefault("KIT_BENCH_PG_USER", "postgres");
        String name = "kit_bench_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        try (Connection c = DriverManager.getConnection(admin, user, ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            if ("true".equals(System.getenv("CI"))) {
                fail("PostgreSQL is not reachable at " + admin + ": " + e.getMessage());
            }
            Assumptions.abort("PostgreSQL is not reachable at " + admin + " (KIT_BENCH_PG_URL): " + e.getMessage());
        }
        open.add(() -> {
            try (Connection c = DriverManager.getConnection(admin, user, ""); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            }
        });
        HikariDataSource db = JdbcServer.pool(admin.substring(0, admin.lastIndexOf('/') + 1) + name, user, "");
        open.add(db);
        JdbcServer.migrate(db, MIGRATIONS);
        String redeem = start(JdbcServer.Mode.REDEEM, db, true);
        String answer = start(JdbcServer.Mode.ANSWER, db, true);

        assertThat(post(redeem, "{\"coupon_id\":\"x\",\"order_id\":\"order-1\"}", null).statusCode()).isEqualTo(200);
        assertThat(post(answer, "{\"query\":\"revenue?\"}", KEY).statusCode()).isEqualTo(200);

        assertThat(number(db, "SELECT COUNT(*) FROM redemptions")).isEqualTo(1);
        assertThat(number(db, "SELECT SUM(count) FROM kit_rate_counters")).isEqualTo(2);
        assertThat(number(db, "SELECT COUNT(*) FROM kit_events WHERE channel = 'coupons' AND message LIKE '%usage_updated%'"))
                .isEqualTo(1);
        assertThat(number(db, "SELECT SUM(used) FROM answer_usage")).isEqualTo(1);
    }

    private HikariDataSource embedded() {
        HikariDataSource db = JdbcServer.pool(JdbcServer.embeddedUrl(data, 0), "sa", "");
        open.add(db);
        JdbcServer.migrate(db, MIGRATIONS);
        return db;
    }

    private String start(JdbcServer.Mode mode, HikariDataSource db, boolean postgres) throws SQLException {
        JdbcServer server = new JdbcServer(mode, db, postgres, BODY, "application/json");
        if (mode == JdbcServer.Mode.ANSWER) {
            server.ensureKey(KEY, 1000);
        }
        WebServer web = server.start();
        open.add(web::stop);
        return "http://127.0.0.1:" + web.port();
    }

    private HttpResponse<byte[]> post(String base, String json, String key) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (key != null) {
            b.header("x-api-key", key);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static long number(HikariDataSource db, String sql) throws SQLException {
        try (Connection c = db.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
