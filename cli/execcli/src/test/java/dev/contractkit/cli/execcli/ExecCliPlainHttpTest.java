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
import static dev.contractkit.cli.execcli.ExecCliProcess.runWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kit token never goes over plain HTTP to another machine (issue 34.11). The "other machine" is the name
 * {@code exec.example}, which a hosts file given to execcli's JVM points at a recording listener on loopback: a
 * name counts as remote (it is not resolved to decide), so execcli must refuse before connecting, and the listener
 * shows whether the token would have left.
 */
class ExecCliPlainHttpTest {
    @TempDir
    Path dir;
    HttpServer server;
    int port;
    List<String> jvm;
    final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            seen.add(ex.getRequestURI().getPath() + " " + ex.getRequestHeaders().getFirst("Authorization"));
            byte[] body = "{\"status\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
        port = server.getAddress().getPort();
        Path hosts = Files.writeString(dir.resolve("hosts"), "127.0.0.1 exec.example\n");
        jvm = List.of("-Djdk.net.hosts.file=" + hosts);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String remote() {
        return "http://exec.example:" + port;
    }

    @Test
    void theTokenIsNotSentOverPlainHttpToAHostThatIsNotLoopback() throws Exception {
        var o = runWith(jvm, Map.of("EXEC_URL", remote(), "EXEC_TOKEN", "secret-kit-token"), "{\"tasks\":[]}", "submit");

        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.json().path("ok").asBoolean()).isFalse();
        assertThat(o.json().path("error").path("status_code").asInt()).isZero();
        assertThat(o.json().path("error").path("message").asText()).startsWith("insecure_url: ")
                .contains("exec.example").contains("EXEC_URL").contains("EXEC_ALLOW_PLAIN_HTTP=1")
                .contains("--allow-plain-http").contains("nothing was sent").doesNotContain("secret-kit-token");
        assertThat(seen).isEmpty();
    }

    @Test
    void ensureRunningRefusesToProbeARemotePlainHttpRuntimeWithTheToken() throws Exception {
        var o = runWith(jvm, Map.of("EXEC_URL", "http://127.0.0.1:" + port, "EXEC_RUNTIME_URL", remote(),
                "EXEC_TOKEN", "secret-kit-token"), null, "ensure-running", "--with-runtime");

        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.json().path("error").path("message").asText()).startsWith("insecure_url: ").contains("exec.example");
        assertThat(seen).noneMatch(s -> s.startsWith("/readyz"));
    }

    @Test
    void theFlagOrTheVariableAllowPlainHttpOnATrustedNetwork() throws Exception {
        var env = Map.of("EXEC_URL", remote(), "EXEC_TOKEN", "secret-kit-token");
        assertThat(runWith(jvm, env, null, "--allow-plain-http", "health").exit()).isZero();
        assertThat(runWith(jvm, Map.of("EXEC_URL", remote(), "EXEC_TOKEN", "secret-kit-token",
                "EXEC_ALLOW_PLAIN_HTTP", "1"), null, "health").exit()).isZero();
        assertThat(seen).containsExactly("/health Bearer secret-kit-token", "/health Bearer secret-kit-token");
    }

    @Test
    void loopbackPlainHttpAndCallsWithoutATokenNeedNoOptIn() throws Exception {
        for (String host : List.of("127.0.0.1", "localhost")) {
            assertThat(run(Map.of("EXEC_URL", "http://" + host + ":" + port, "EXEC_TOKEN", "t"), null, "health").exit())
                    .as(host).isZero();
        }
        assertThat(runWith(jvm, Map.of("EXEC_URL", remote(), "KIT_DATA_DIR", dir.resolve("none").toString()), null,
                "health").exit()).as("no token: nothing secret to send").isZero();
        assertThat(seen).contains("/health Bearer t", "/health null");
    }

    @Test
    void plainHttpExposesOnlyNonLoopbackHosts() {
        assertThat(ExecCli.PlainHttp.exposes("http://10.0.0.5:8080")).isTrue();
        assertThat(ExecCli.PlainHttp.exposes("http://127.0.0.1.example.com:8080")).isTrue();
        assertThat(ExecCli.PlainHttp.exposes("http://exec.example")).isTrue();
        assertThat(ExecCli.PlainHttp.exposes("http://127.0.0.2:8080")).isFalse();
        assertThat(ExecCli.PlainHttp.exposes("http://[::1]:8080")).isFalse();
        assertThat(ExecCli.PlainHttp.exposes("https://exec.example")).isFalse();
    }
}
