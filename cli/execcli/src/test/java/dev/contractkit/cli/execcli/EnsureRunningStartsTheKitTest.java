package dev.contractkit.cli.execcli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static dev.contractkit.cli.execcli.ExecCliProcess.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ensure-running} with {@code EXEC_KIT_HOME}: nothing answers, so it runs {@code <kit home>/kit serve
 * --api exec,runtime} and waits for the probes. The kit here is a stand-in script that serves {@code /health} and
 * {@code /readyz} with the JDK's own file server on the ports of EXEC_URL / EXEC_RUNTIME_URL.
 */
class EnsureRunningStartsTheKitTest {
    @TempDir
    Path home;

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void startsTheKitsControlPlaneAndRuntimeWhenNeitherAnswers() throws Exception {
        Path www = Files.createDirectories(home.resolve("www"));
        Files.writeString(www.resolve("health"), "{\"status\":\"ok\"}");
        Files.writeString(www.resolve("readyz"), "{\"status\":\"ready\"}");
        Path kit = home.resolve("kit");
        Files.writeString(kit, """
                #!/usr/bin/env bash
                d="$(cd "$(dirname "$0")" && pwd)"
                echo "$*" > "$d/args"
                "$JWEBSERVER" -b 127.0.0.1 -p "${EXEC_URL##*:}" -d "$d/www" >/dev/null 2>&1 & echo $! >> "$d/pids"
                case "$*" in *runtime*) "$JWEBSERVER" -b 127.0.0.1 -p "${EXEC_RUNTIME_URL##*:}" -d "$d/www" >/dev/null 2>&1 & echo $! >> "$d/pids";; esac
                wait
                """);
        Files.setPosixFilePermissions(kit, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jwebserver = Path.of(ExecCliProcess.JAVA).resolveSibling("jwebserver");
        String url = "http://127.0.0.1:" + freePort();
        String runtimeUrl = "http://127.0.0.1:" + freePort();
        try {
            var o = run(Map.of("EXEC_URL", url, "EXEC_RUNTIME_URL", runtimeUrl, "EXEC_KIT_HOME", home.toString(),
                    "JWEBSERVER", jwebserver.toString()), null, "ensure-running", "--with-runtime", "--start-timeout", "30");

            assertThat(o.exit()).as(o.stdout()).isZero();
            assertThat(Files.readString(home.resolve("args")).trim()).isEqualTo("serve --api exec,runtime");
            assertThat(o.json().path("data").path("control_plane").path("started_by").asText()).isEqualTo("kit");
            assertThat(o.json().path("data").path("control_plane").path("health_status_code").asInt()).isEqualTo(200);
            assertThat(o.json().path("data").path("runtime").path("started_by").asText()).isEqualTo("kit");
            assertThat(o.json().path("data").path("runtime").path("reachable").asBoolean()).isTrue();
        } finally {
            if (Files.exists(home.resolve("pids"))) {
                for (String pid : Files.readAllLines(home.resolve("pids"))) {
                    ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroy);
                }
            }
        }
    }
}
