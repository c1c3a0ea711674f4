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
 * The uncached-read baseline loads a form as the reference server answered it and answers the same bytes by running
 * the query and Jackson, not by replaying them. Not timing.
 */
class JdbcFormServerTest {
    private static final Path MIGRATIONS = Path.of("..").resolve(ReferenceScenarios.MIGRATIONS);
    /** The reference server's {@code GET /forms/1} for the demo key (its bytes as it sends them). */
    private static final String FORM = "{\"form\":{\"id\":1,\"title\":\"Monthly membership\",\"access_token\":\"00009e3779b1\","
            + "\"currency\":\"usd\",\"payment_volume\":142911,\"successful_checkout_count\":15,"
            + "\"created_at\":\"2024-02-03T09:03:00Z\",\"updated_at\":\"2025-02-03T10:05:00Z\"}}";

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
    void aFormAnswersTheReferenceServersBytesFromTheDatabase() throws Exception {
        db = JdbcServer.pool(JdbcServer.embeddedUrl(data, 0), "sa", "");
        JdbcServer.migrate(db, MIGRATIONS);
        JdbcFormServer forms = new JdbcFormServer(db, "application/json");
        forms.load(FORM.getBytes(StandardCharsets.UTF_8));
        server = forms.start();
        String base = "http://127.0.0.1:" + server.port();

        HttpResponse<String> form = get(base + "/forms/1");
        HttpResponse<String> missing = get(base + "/forms/2");
        try (var c = db.getConnection(); var s = c.createStatement()) {
            s.executeUpdate("UPDATE forms SET title = 'renamed' WHERE id = 1");
        }
        HttpResponse<String> after = get(base + "/forms/1");

        assertThat(form.statusCode()).isEqualTo(200);
        assertThat(form.body()).isEqualTo(FORM);
        assertThat(form.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(after.body()).contains("\"title\":\"renamed\"");
    }

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
