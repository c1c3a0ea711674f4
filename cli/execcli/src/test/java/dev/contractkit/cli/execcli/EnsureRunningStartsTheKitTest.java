package dev.contractkit.cli.execcli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.contractkit.cli.execcli.ExecCliProcess.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ensure-running} with {@code EXEC_KIT_HOME}. The kit there is a launcher of the real reference server (its
 * {@code Main} on this test's class path, started with the arguments and environment execcli gives it), so where
 * the server listens and which runtime URL it uses are the server's own doing, not a stand-in's.
 */
class EnsureRunningStartsTheKitTest {
    @TempDir
    Path home;
    final List<HttpServer> listeners = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        listeners.forEach(s -> s.stop(0));
        Path pids = home.resolve("pids");
        if (Files.exists(pids)) {
            for (String pid : Files.readAllLines(pids)) {
                ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(p -> {
                    p.destroy();
                    p.onExit().join();
                });
            }
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** {@code <home>/kit}: runs the reference server's Main ({@code kit serve ARGS}) in the kit home, as ./kit does. */
    void realKit() throws IOException {
        Path kit = home.resolve("kit");
        Files.writeString(kit, """
                #!/usr/bin/env bash
                d="$(cd "$(dirname "$0")" && pwd)"
                [ "$1" = serve ] || exit 2
                shift
                echo "serve $*" >> "$d/calls"
                echo $$ >> "$d/pids"
                # (C1 only and the serial collector: a quicker start, as a short-lived test server needs)
                exec "%s" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "%s" dev.contractkit.reference.Main "$@"
                """.formatted(ExecCliProcess.JAVA, System.getProperty("java.class.path")));
        Files.setPosixFilePermissions(kit, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A real HTTP listener answering every path with one status and body. */
    String listener(int status, String body) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        s.createContext("/", ex -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, bytes.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(bytes);
            }
        });
        s.start();
        listeners.add(s);
        return "http://127.0.0.1:" + s.getAddress().getPort();
    }

    @Test
    void startsTheRealKitOnThePortsOfExecUrlAndExecRuntimeUrlWithTheControlPlanePointedAtThatRuntime() throws Exception {
        realKit();
        String url = "http://127.0.0.1:" + freePort();
        String runtimeUrl = "http://127.0.0.1:" + freePort();
        var o = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", runtimeUrl, "EXEC_KIT_HOME", home.toString()), null,
                "ensure-running", "--with-runtime", "--start-timeout", "60");

        assertThat(o.exit()).as(o.stdout()).isZero();
        assertThat(Files.readString(home.resolve("calls")).trim()).isEqualTo("serve --api exec,runtime");
        var d = o.json().path("data");
        assertThat(d.path("control_plane").path("started_by").asText()).isEqualTo("kit");
        assertThat(d.path("control_plane").path("health_status_code").asInt()).isEqualTo(200);
        assertThat(d.path("control_plane").path("runtime_url").asText()).isEqualTo(runtimeUrl);
        assertThat(d.path("runtime").path("started_by").asText()).isEqualTo("kit");
        assertThat(d.path("runtime").path("ready_status_code").asInt()).isEqualTo(200);
        assertThat(d.path("runtime").path("matches_control_plane").asBoolean()).isTrue();
    }

    @Test
    void aRuntimeAnswering503IsRunningBusyAndNoSecondOneIsStarted() throws Exception {
        realKit();
        String url = listener(200, "{\"status\":\"ok\"}");
        String runtimeUrl = listener(503, "{\"status\":\"not_ready\",\"running\":8,\"capacity\":8}");
        var o = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", runtimeUrl, "EXEC_KIT_HOME", home.toString()), null,
                "ensure-running", "--with-runtime", "--start-timeout", "2");

        assertThat(o.exit()).as(o.stdout()).isEqualTo(5);
        assertThat(Files.exists(home.resolve("calls"))).as("kit serve was not run").isFalse();
        var rt = o.json().path("data").path("runtime");
        assertThat(rt.path("started_by").asText()).isEqualTo("already-up");
        assertThat(rt.path("reachable").asBoolean()).isTrue();
        assertThat(rt.path("ready_status_code").asInt()).isEqualTo(503);
        assertThat(o.json().path("error").path("message").asText()).contains("503").contains("not started again");
        assertThat(o.json().path("data").path("manual_hints").toString()).contains("busy");
    }

    @Test
    void aControlPlaneAnswering5xxOnHealthIsNotStartedAgain() throws Exception {
        realKit();
        String url = listener(500, "{\"error\":{\"code\":\"internal_error\"}}");
        var o = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", "http://127.0.0.1:" + freePort(),
                "EXEC_KIT_HOME", home.toString()), null, "ensure-running", "--start-timeout", "2");

        assertThat(o.exit()).as(o.stdout()).isEqualTo(4);
        assertThat(Files.exists(home.resolve("calls"))).as("kit serve was not run").isFalse();
        var cp = o.json().path("data").path("control_plane");
        assertThat(cp.path("started_by").asText()).isEqualTo("already-up");
        assertThat(cp.path("reachable").asBoolean()).isTrue();
        assertThat(cp.path("health_status_code").asInt()).isEqualTo(500);
        assertThat(o.json().path("error").path("message").asText()).contains("HTTP 500");
    }

    @Test
    void theContainerVariablesStartNoContainerAndTheHintsSayHowToStartThem() throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        for (String engine : List.of("docker", "podman")) { // engines that answer and record what they were asked
            Path p = bin.resolve(engine);
            Files.writeString(p, "#!/bin/sh\necho \"" + engine + " $*\" >> \"" + home.resolve("engine-calls") + "\"\nexit 0\n");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        int runtimePort = freePort();
        var o = run(Map.of("EXEC_URL", "http://127.0.0.1:" + freePort(), "EXEC_RUNTIME_URL", "http://127.0.0.1:" + runtimePort,
                "EXEC_COMPOSE_DIR", home.toString(), "EXEC_RUNTIME_IMAGE", "example/runtime:1",
                "PATH", bin + ":" + System.getenv("PATH")), null, "ensure-running", "--with-runtime", "--start-timeout", "1");

        assertThat(o.exit()).as(o.stdout()).isEqualTo(4);
        assertThat(Files.exists(home.resolve("engine-calls"))).as("no container engine was called").isFalse();
        var d = o.json().path("data");
        assertThat(d.path("control_plane").path("started_by").asText()).isEqualTo("not-started");
        assertThat(d.path("runtime").path("started_by").asText()).isEqualTo("not-started");
        assertThat(d.path("manual_hints").toString())
                .contains("EXEC_COMPOSE_DIR is set, but execcli starts no containers")
                .contains("docker compose --project-directory " + home + " up -d")
                .contains("EXEC_RUNTIME_IMAGE is set, but execcli starts no containers")
                .contains("docker run -d -p 127.0.0.1:" + runtimePort + ":18080 example/runtime:1");
    }
}
