package dev.contractkit.cli.execcli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;

import static dev.contractkit.cli.execcli.ExecCliProcess.run;
import static org.assertj.core.api.Assertions.assertThat;

/** execcli as a separate process against servers that fail: refused, 500 with a body, invalid JSON, slow. */
class ExecCliAgainstBrokenServersTest {
    HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    String serve(int status, String body) throws IOException {
        return serve(status, body, Duration.ZERO);
    }

    /** A server that answers every request with {@code status} and {@code body}, each after {@code delay}. */
    String serve(int status, String body, Duration delay) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", ex -> {
            answerAfter(delay);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, bytes.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(bytes);
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /**
     * The slowness is the scenario, not a wait for a result: the server holds its answer back so that the CLI's own
     * timeout runs out first.
     */
    private static void answerAfter(Duration delay) {
        if (delay.isZero()) {
            return;
        }
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String refusedUrl() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    @Test
    void connectionRefusedIsExitOneAndEnsureRunningExitsFourWithHints() throws Exception {
        String url = refusedUrl();
        var health = run(Map.of("EXEC_URL", url), null, "health");
        assertThat(health.exit()).isEqualTo(1);
        assertThat(health.json().path("error").path("status_code").asInt()).isZero();
        var ensure = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", refusedUrl(), "EXEC_RUNTIME_SOURCE", "/src/runtime"),
                null, "ensure-running", "--with-runtime");
        assertThat(ensure.exit()).isEqualTo(4);
        assertThat(ensure.json().path("data").path("control_plane").path("reachable").asBoolean()).isFalse();
        assertThat(ensure.json().path("data").path("runtime").path("reachable").asBoolean()).isFalse();
        assertThat(ensure.json().path("data").path("manual_hints").toString()).contains("kit serve").contains("/src/runtime");
    }

    @Test
    void aRuntimeThatIsNotReadyIsExitFiveWithTheRuntime() throws Exception {
        String url = serve(200, "{\"status\":\"ok\"}");
        var ensure = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", refusedUrl()), null, "ensure-running", "--with-runtime");
        assertThat(ensure.exit()).isEqualTo(5);
        assertThat(ensure.json().path("data").path("control_plane").path("started_by").asText()).isEqualTo("already-up");
        var without = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", refusedUrl()), null, "ensure-running");
        assertThat(without.exit()).as("the runtime only matters with --with-runtime").isZero();
    }

    @Test
    void a500KeepsItsStatusAndBody() throws Exception {
        String url = serve(500, "{\"error\":{\"code\":\"internal_error\",\"message\":\"boom\"}}");
        var o = run(Map.of("EXEC_URL", url), null, "capabilities");
        assertThat(o.exit()).isEqualTo(1);
        assertThat(o.json().path("error").path("status_code").asInt()).isEqualTo(500);
        assertThat(o.json().path("error").path("body").asText()).contains("boom");
    }

    @Test
    void invalidJsonIsExitOneWithTheRawBody() throws Exception {
        String url = serve(200, "<html>not json</html>");
        var o = run(Map.of("EXEC_URL", url), null, "tools");
        assertThat(o.exit()).isEqualTo(1);
        assertThat(o.json().path("error").path("message").asText()).contains("invalid JSON");
        assertThat(o.json().path("error").path("body").asText()).isEqualTo("<html>not json</html>");
    }

    @Test
    void aSlowAnswerPastTheHttpTimeOutIsExitOne() throws Exception {
        String url = serve(200, "{\"status\":\"ok\"}", Duration.ofSeconds(3));
        var o = run(Map.of("EXEC_URL", url), null, "--http-timeout", "0.5", "health");
        assertThat(o.exit()).isEqualTo(1);
        assertThat(o.json().path("error").path("message").asText()).contains("timed out");
    }
}
