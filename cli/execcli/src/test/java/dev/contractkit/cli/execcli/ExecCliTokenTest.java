package dev.contractkit.cli.execcli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.contractkit.cli.execcli.ExecCliProcess.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kit token execcli sends: from EXEC_TOKEN, else KIT_TOKEN, else $KIT_DATA_DIR/kit-token, on every call to the
 * control plane and the runtime (probes included); a 401 says where the token comes from.
 */
class ExecCliTokenTest {
    @TempDir
    Path dir;
    HttpServer server;
    String url;
    final List<String> seen = new CopyOnWriteArrayList<>();
    volatile int status = 200;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            seen.add(ex.getRequestURI().getPath() + " " + ex.getRequestHeaders().getFirst("Authorization"));
            byte[] body = (status == 401 ? "{\"error\":{\"code\":\"unauthorized\",\"message\":\"kit token required\"}}"
                    : "{\"status\":\"ok\"}").getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void everyCallAndProbeSendsTheTokenFromExecToken() throws Exception {
        var env = Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", url, "EXEC_TOKEN", "from-exec-token", "KIT_TOKEN", "from-kit-token");
        assertThat(run(env, null, "health").exit()).isZero();
        assertThat(run(env, null, "ensure-running", "--with-runtime").exit()).isZero();
        assertThat(seen).isNotEmpty().allMatch(s -> s.endsWith(" Bearer from-exec-token"));
        assertThat(seen).anyMatch(s -> s.startsWith("/readyz")).anyMatch(s -> s.startsWith("/health"));
    }

    @Test
    void withoutExecTokenKitTokenAndThenTheDataDirectorysFileAreUsed() throws Exception {
        run(Map.of("EXEC_URL", url, "KIT_TOKEN", "from-kit-token"), null, "health");
        Files.writeString(dir.resolve("kit-token"), "from-the-file\n");
        run(Map.of("EXEC_URL", url, "KIT_DATA_DIR", dir.toString()), null, "health");
        run(Map.of("EXEC_URL", url, "KIT_DATA_DIR", dir.resolve("empty").toString()), null, "health");
        assertThat(seen).containsExactly("/health Bearer from-kit-token", "/health Bearer from-the-file", "/health null");
    }

    @Test
    void a401IsExitOneAndSaysWhichTokenWasSentAndWhereOneComesFrom() throws Exception {
        status = 401;
        var o = run(Map.of("EXEC_URL", url, "KIT_DATA_DIR", dir.toString()), "{\"tasks\":[]}", "submit");
        assertThat(o.exit()).isEqualTo(1);
        assertThat(o.json().path("error").path("status_code").asInt()).isEqualTo(401);
        assertThat(o.json().path("error").path("message").asText()).contains("no kit token was sent")
                .contains("EXEC_TOKEN").contains("KIT_TOKEN").contains(dir.resolve("kit-token").toString());
        assertThat(o.json().path("error").path("body").asText()).contains("unauthorized");

        var wrong = run(Map.of("EXEC_URL", url, "EXEC_TOKEN", "stale-token"), null, "capabilities");
        assertThat(wrong.json().path("error").path("message").asText()).contains("the kit token from EXEC_TOKEN was refused")
                .doesNotContain("stale-token");

        var ensure = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", url, "EXEC_TOKEN", "stale-token"), null,
                "ensure-running", "--with-runtime");
        assertThat(ensure.exit()).as("a server that refuses the token is not started again").isEqualTo(4);
        assertThat(ensure.json().path("error").path("message").asText()).contains("refused the kit token (EXEC_TOKEN)");
        assertThat(ensure.json().path("data").path("manual_hints").toString()).contains("answered 401").contains("KIT_TOKEN");
    }
}
