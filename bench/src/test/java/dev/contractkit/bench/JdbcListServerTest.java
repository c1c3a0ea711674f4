package dev.contractkit.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The uncached-list baseline loads a catalogue page as the reference server answered it and answers the same bytes
 * for the same page (newest first, active only, the total over all pages) by running the query and Jackson, not
 * by replaying them. Not timing.
 */
class JdbcListServerTest {
    private static final Path MIGRATIONS = Path.of("..").resolve(ReferenceScenarios.MIGRATIONS);
    /** A reference server's page (its bytes as it sends them): three coupons, one with every optional field. */
    private static final String CATALOGUE = "{\"coupons\":["
            + "{\"id\":\"c3\",\"title\":\"Kitchen knives\",\"description\":\"Chef's knives.\",\"discount_percent\":22,"
            + "\"category\":\"home\",\"valid_until\":\"2027-04-30T21:59:59Z\",\"active\":true,\"usage_limit\":150,"
            + "\"usage_count\":0,\"terms_conditions\":\"18 or over.\",\"created_at\":\"2026-11-27T06:34:14.068Z\","
            + "\"updated_at\":\"2026-11-27T06:34:14.068Z\"},"
            + "{\"id\":\"c2\",\"title\":\"Cinema\",\"discount_percent\":50,\"active\":true,\"usage_count\":3,"
            + "\"created_at\":\"2026-11-27T06:34:14.06Z\",\"updated_at\":\"2026-11-27T06:35:01.123Z\"},"
            + "{\"id\":\"c1\",\"title\":\"Books\",\"discount_percent\":12,\"active\":true,\"usage_count\":0,"
            + "\"created_at\":\"2026-11-27T06:34:14.001Z\",\"updated_at\":\"2026-11-27T06:34:14.001Z\"}"
            + "],\"total\":3,\"limit\":100,\"offset\":0}";

    private final HttpClient http = HttpClient.newHttpClient();
    private HikariDataSource db;
    private WebServer server;

    @TempDir
    Path data;

    @AfterEach
    void close() {
        if (server != null) {
            server.stop();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void aPageAnswersTheReferenceServersBytesFromTheDatabase() throws Exception {
        db = JdbcServer.pool(JdbcServer.embeddedUrl(data, 0), "sa", "");
        JdbcServer.migrate(db, MIGRATIONS);
        JdbcListServer list = new JdbcListServer(db, "application/json");
        list.load(CATALOGUE.getBytes(StandardCharsets.UTF_8));
        server = list.start();
        String base = "http://127.0.0.1:" + server.port();

        HttpResponse<String> all = get(base + "/api/v1/coupons?limit=100");
        HttpResponse<String> second = get(base + "/api/v1/coupons?limit=1&offset=1");
        try (var c = db.getConnection(); var s = c.createStatement()) {
            s.executeUpdate("UPDATE coupons SET title = 'renamed' WHERE id = 'c2'");
        }
        HttpResponse<String> after = get(base + "/api/v1/coupons?limit=1&offset=1");

        assertThat(all.statusCode()).isEqualTo(200);
        assertThat(all.body()).isEqualTo(CATALOGUE);
        assertThat(all.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(second.body()).startsWith("{\"coupons\":[{\"id\":\"c2\",\"title\":\"Cinema\"")
                .endsWith("],\"total\":3,\"limit\":1,\"offset\":1}");
        assertThat(after.body()).contains("\"title\":\"renamed\"");
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
