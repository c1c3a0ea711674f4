package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attacks on the control plane, sent to a running server over real sockets: server-side requests to internal
 * addresses through {@code os.http}, {@code os.tcp} and {@code os.dns}, unbounded responses, a redirect to an
 * internal address, task ids that can be guessed, the server's secrets in a local command's environment.
 */
class ControlPlaneAttackTest {
    static final Pattern RANDOM_ID = Pattern.compile("task-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @TempDir
    Path dir;
    KitServer server;
    ExecHttp http;
    HttpServer internal;
    final AtomicInteger internalHits = new AtomicInteger();
    int internalPort;

    /** A service only reachable from the machine itself: what a server-side request forgery is after. */
    @BeforeEach
    void startInternalService() throws IOException {
        internal = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        internal.createContext("/", ex -> {
            internalHits.incrementAndGet();
            byte[] bytes = switch (ex.getRequestURI().getPath()) {
                case "/big" -> new byte[3 << 20];
                case "/redirect" -> new byte[0];
                default -> "internal secret".getBytes();
            };
            if (ex.getRequestURI().getPath().equals("/redirect")) {
                ex.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data/");
                ex.sendResponseHeaders(302, -1);
                ex.close();
                return;
            }
            ex.sendResponseHeaders(200, ex.getRequestURI().getPath().equals("/big") ? 0 : bytes.length); // /big: chunked
            try (OutputStream o = ex.getResponseBody()) {
                o.write(bytes);
            } catch (IOException clientStoppedReading) {
                // the control plane read what it wanted and closed the connection
            }
        });
        internal.start();
        internalPort = internal.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        internal.stop(0);
    }

    void start(Settings settings) {
        server = KitServer.start(settings.with("token", ExecHttp.TOKEN), List.of(Api.EXEC));
        http = new ExecHttp(server.url(Api.EXEC));
    }

    Settings base() {
        return TestDatabases.embedded(dir).with("exec.poll-ms", "20");
    }

    /** Submits one task per params object, of one type; returns their ids in order. */
    List<String> submit(String type, List<String> params) {
        List<String> ids = new ArrayList<>();
        StringBuilder graph = new StringBuilder("{\"tasks\":[");
        for (int i = 0; i < params.size(); i++) {
            String id = type.replace('.', '-') + "-" + i;
            ids.add(id);
            graph.append(i > 0 ? "," : "").append("{\"id\":\"").append(id).append("\",\"type\":\"").append(type)
                    .append("\",\"timeout\":5000,\"params\":").append(params.get(i)).append('}');
        }
        var r = http.post("/tasks", graph.append("]}").toString());
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
        return ids;
    }

    void assertRefused(String id, String what) {
        JsonNode t = http.awaitTerminal(id);
        assertThat(t.path("status").asText()).as(what + ": " + t).isEqualTo("failed");
        assertThat(t.path("error").path("code").asText()).as(what + ": " + t).isEqualTo("refused");
        assertThat(t.path("error").path("message").asText()).as(what).contains("KIT_EXEC_NET_ALLOW");
        assertThat(t.path("attempts").asInt()).as("a refusal is not retried").isEqualTo(1);
    }

    @Test
    void osHttpToLoopbackLinkLocalPrivateAndMetadataAddressesIsRefused() {
        start(base());
        List<String> urls = List.of("http://127.0.0.1:" + internalPort + "/", "http://169.254.169.254/latest/meta-data/",
                "http://10.0.0.1/", "http://[::1]:" + internalPort + "/", "http://localhost:" + internalPort + "/",
                "http://[::ffff:127.0.0.1]:" + internalPort + "/", "http://0.0.0.0:" + internalPort + "/",
                "http://metadata.google.internal/computeMetadata/v1/", "http://[fd00:ec2::254]/", "http://100.64.0.1/",
                "https://192.168.0.1/");
        List<String> ids = submit("os.http", urls.stream().map(u -> "{\"url\":\"" + u + "\"}").toList());
        for (int i = 0; i < ids.size(); i++) {
            assertRefused(ids.get(i), urls.get(i));
        }
        assertThat(internalHits.get()).as("the internal service was never reached").isZero();
    }

    @Test
    void osTcpAndOsDnsRefuseLoopbackAndPrivateTargets() {
        start(base());
        List<String> tcp = submit("os.tcp", List.of("{\"host\":\"127.0.0.1\",\"port\":" + internalPort + "}",
                "{\"host\":\"localhost\",\"port\":" + internalPort + "}", "{\"host\":\"169.254.169.254\",\"port\":80}"));
        List<String> dns = submit("os.dns", List.of("{\"host\":\"localhost\"}", "{\"host\":\"10.0.0.1\"}",
                "{\"host\":\"metadata.google.internal\"}"));
        tcp.forEach(id -> assertRefused(id, id));
        dns.forEach(id -> assertRefused(id, id));
        assertThat(internalHits.get()).isZero();
    }

    @Test
    void anAllowListedTargetIsReachedAndItsOversizedResponseIsBounded() {
        start(base().with("exec.net-allow", "127.0.0.1,localhost").with("exec.net-max-bytes", "1024"));
        List<String> ids = submit("os.http", List.of("{\"url\":\"http://127.0.0.1:" + internalPort + "/small\"}",
                "{\"url\":\"http://localhost:" + internalPort + "/big\"}"));

        JsonNode small = http.awaitTerminal(ids.get(0));
        assertThat(small.path("status").asText()).as(small.toString()).isEqualTo("success");
        assertThat(small.path("result").path("status").asInt()).isEqualTo(200);
        assertThat(small.path("result").path("body").asText()).isEqualTo("internal secret");
        JsonNode big = http.awaitTerminal(ids.get(1));
        assertThat(big.path("status").asText()).as(big.toString()).isEqualTo("success");
        assertThat(big.path("result").path("body").asText()).hasSize(1024);
        assertThat(big.path("result").path("body_truncated").asBoolean()).isTrue();
        assertThat(internalHits.get()).isEqualTo(2);

        List<String> tcp = submit("os.tcp", List.of("{\"host\":\"localhost\",\"port\":" + internalPort + "}"));
        assertThat(http.awaitTerminal(tcp.get(0)).path("result").path("connected").asBoolean()).isTrue();
    }

    @Test
    void aRedirectToAnInternalAddressIsNotFollowed() {
        start(base().with("exec.net-allow", "127.0.0.1"));
        List<String> ids = submit("os.http", List.of("{\"url\":\"http://127.0.0.1:" + internalPort + "/redirect\"}"));
        JsonNode t = http.awaitTerminal(ids.get(0));
        assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("success");
        assertThat(t.path("result").path("status").asInt()).isEqualTo(302);
        assertThat(t.path("result").path("location").asText()).isEqualTo("http://169.254.169.254/latest/meta-data/");
        assertThat(t.path("result").path("redirect_followed").asBoolean()).isFalse();
    }

    @Test
    void aServerThatNeverAnswersIsCutOffAtTheNetworkTimeOut() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            List<Socket> held = Collections.synchronizedList(new ArrayList<>());
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(silent.accept()); // accepts and never answers
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            start(base().with("exec.net-allow", "127.0.0.1").with("exec.net-timeout-ms", "300"));
            List<String> ids = submit("os.http", List.of("{\"url\":\"http://127.0.0.1:" + silent.getLocalPort() + "/\"}"));
            JsonNode t = http.awaitTerminal(ids.get(0));
            assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("failed");
            assertThat(t.path("error").path("code").asText()).isEqualTo("timeout");
            silent.close();
            acceptor.join();
        }
    }

    @Test
    void osFileDoesNotFollowSymbolicLinksOutOfTheSandbox() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "outside secret");
        Path sandbox = Files.createDirectories(dir.resolve("sandbox"));
        Files.createSymbolicLink(sandbox.resolve("out"), outside);
        Files.createSymbolicLink(sandbox.resolve("secret-link"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(sandbox.resolve("dangling"), outside.resolve("planted.txt"));
        Files.writeString(sandbox.resolve("mine.txt"), "inside");
        Files.createSymbolicLink(sandbox.resolve("mine-link"), sandbox.resolve("mine.txt"));
        start(base().with("exec.sandbox-dir", sandbox.toString()));

        List<String> attacks = submit("os.file", List.of("{\"op\":\"read\",\"path\":\"out/secret.txt\"}",
                "{\"op\":\"read\",\"path\":\"secret-link\"}", "{\"op\":\"list\",\"path\":\"out\"}",
                "{\"op\":\"write\",\"path\":\"out/written.txt\",\"content\":\"x\"}",
                "{\"op\":\"write\",\"path\":\"out/deeper/written.txt\",\"content\":\"x\"}",
                "{\"op\":\"write\",\"path\":\"dangling\",\"content\":\"x\"}",
                "{\"op\":\"write\",\"path\":\"secret-link\",\"content\":\"overwritten\"}"));
        for (String id : attacks) {
            JsonNode t = http.awaitTerminal(id);
            assertThat(t.path("status").asText()).as(id + ": " + t).isEqualTo("failed");
            assertThat(t.path("error").path("code").asText()).as(id + ": " + t).isEqualTo("refused");
            assertThat(t.path("error").path("message").asText()).as(id).contains("symbolic link");
            assertThat(t.toString()).as(id).doesNotContain("outside secret");
        }
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo("outside secret");
        try (var left = Files.list(outside)) {
            assertThat(left.map(x -> x.getFileName().toString())).as("nothing written outside").containsExactly("secret.txt");
        }

        // inside the sandbox, links that stay inside are read as before
        var http2 = http.post("/tasks", "{\"tasks\":[{\"id\":\"inside\",\"type\":\"os.file\",\"params\":"
                + "{\"op\":\"read\",\"path\":\"mine-link\"}}]}");
        assertThat(http2.status()).isEqualTo(202);
        JsonNode inside = http.awaitTerminal("inside");
        assertThat(inside.path("result").path("content").asText()).as(inside.toString()).isEqualTo("inside");
    }

    @Test
    void actionsWithoutAnIdGetRandomTaskIds() {
        start(base());
        var first = http.post("/adapters/actions", "{\"action\":{\"kind\":\"os.noop\"}}");
        var second = http.post("/adapters/actions", "{\"action\":{\"kind\":\"os.noop\"}}");
        assertThat(first.status()).as(first.body().toString()).isEqualTo(202);
        String a = first.body().path("task_ids").get(0).asText();
        String b = second.body().path("task_ids").get(0).asText();
        assertThat(a).matches(RANDOM_ID).isNotEqualTo(b);
        assertThat(b).matches(RANDOM_ID);
        assertThat(a.substring(0, 13)).as("no shared counter or clock prefix").isNotEqualTo(b.substring(0, 13));
    }

    @Test
    void aShellCommandSeesNoneOfTheServersSecretsInItsEnvironment() {
        assertThat(System.getenv("KIT_ATTACK_CANARY_TOKEN")).as("stand-in secrets from reference-server/pom.xml").isNotNull();
        start(base().with("exec.allow-shell", "true").with("exec.sandbox-dir", dir.resolve("sandbox").toString()));
        var r = http.post("/tasks", "{\"tasks\":[{\"id\":\"env\",\"type\":\"os.shell\",\"params\":{\"command\":\"env\"}}]}");
        assertThat(r.status()).as(r.body().toString()).isEqualTo(202);
        JsonNode t = http.awaitTerminal("env");
        String env = t.path("result").path("stdout").asText();
        assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("success");
        assertThat(env.lines().map(l -> l.split("=", 2)[0])).as(env).noneMatch(n -> n.startsWith("KIT_") || n.startsWith("EXEC_"));
        assertThat(env).doesNotContain("canary-must-not-leak").doesNotContain(ExecHttp.TOKEN).contains("PATH=");
    }

    @Test
    void theControlPlaneCallsTheRuntimeWithTheKitTokenAndACommandsDisabledRuntimeIsAClearFailure() {
        server = KitServer.start(base().with("token", ExecHttp.TOKEN).with("exec.allow-runtime", "true"),
                List.of(Api.EXEC, Api.RUNTIME));
        http = new ExecHttp(server.url(Api.EXEC));
        http.post("/tasks", "{\"tasks\":[{\"id\":\"rt\",\"type\":\"runtime.command\",\"params\":{\"command\":[\"id\"]}}]}");
        JsonNode t = http.awaitTerminal("rt");
        assertThat(t.path("status").asText()).isEqualTo("failed");
        assertThat(t.path("error").path("message").asText()).as("the runtime accepted the token and then refused the command")
                .contains("HTTP 403").contains("KIT_RUNTIME_ALLOW_COMMANDS=true");
    }
}
