package dev.contractkit.reference.platform;

import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * A real nginx (Debian's package; {@code ./kit test} installs it when missing) in the foreground, with its own
 * prefix directory, running an {@code http{}}-level configuration such as {@code docs/deployment/nginx-replicas.conf}.
 *
 * <pre>{@code
 * try (Nginx nginx = Nginx.start(dir, Files.readString(conf).replace("listen 8082;", "listen 127.0.0.1:" + port + ";"),
 *         List.of(port))) { ... }
 * }</pre>
 */
public final class Nginx implements AutoCloseable {
    private static final List<Path> BINARIES = List.of(Path.of("/usr/sbin/nginx"), Path.of("/usr/bin/nginx"));

    private final Process process;
    private final Path dir;

    private Nginx(Process process, Path dir) {
        this.process = process;
        this.dir = dir;
    }

    /** @return the nginx binary, if installed */
    public static Optional<Path> binary() {
        return BINARIES.stream().filter(Files::isExecutable).findFirst();
    }

    /**
     * A free loopback port held open (with {@code SO_REUSEPORT}) until nginx listens on it with {@code reuseport}: a
     * port only looked up is free for anyone until nginx binds it, seconds later when servers start in between, and
     * another test JVM's listener (an embedded database's auto-server) took one once, so the proxy's requests reached
     * it and were reset.
     *
     * @return the open socket: close it once {@link #start} returned
     */
    public static ServerSocket reservePort() {
        try {
            ServerSocket s = new ServerSocket();
            s.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param dir   a directory of its own (configuration, pid, logs, temporary files)
     * @param http  the {@code http{}}-level configuration (upstreams, servers)
     * @param ports the ports its servers listen on, awaited before returning
     * @return the running proxy
     */
    public static Nginx start(Path dir, String http, List<Integer> ports) {
        Path nginx = binary().orElseThrow(() -> new IllegalStateException("nginx is not installed (Debian package "
                + "nginx-light; ./kit test installs it)"));
        try {
            Files.createDirectories(dir.resolve("logs"));
            Files.createDirectories(dir.resolve("temp"));
            boolean root = "root".equals(System.getProperty("user.name"));
            String conf = (root ? "user root;\n" : "") + """
                    worker_processes 1;
                    pid %1$s/nginx.pid;
                    error_log %1$s/logs/error.log warn;
                    events { worker_connections 2048; }
                    http {
                        access_log off;
                        client_body_temp_path %1$s/temp/body;
                        proxy_temp_path %1$s/temp/proxy;
                        fastcgi_temp_path %1$s/temp/fastcgi;
                        uwsgi_temp_path %1$s/temp/uwsgi;
                        scgi_temp_path %1$s/temp/scgi;
                    %2$s
                    }
                    """.formatted(dir, http);
            Path file = dir.resolve("nginx.conf");
            Files.writeString(file, conf);
            Process p = new ProcessBuilder(nginx.toString(), "-p", dir.toString(), "-c", file.toString(),
                    "-e", dir.resolve("logs/error.log").toString(), "-g", "daemon off;")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("logs/stdout.log").toFile()).start();
            Nginx started = new Nginx(p, dir);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }));
            try {
                await("nginx listening on " + ports).atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                        .failFast("nginx exited", () -> !p.isAlive())
                        // its pid file is written once its listening sockets are bound: a port held by someone
                        // else (or by Nginx.reservePort) answers the probe before nginx does
                        .until(() -> Files.exists(dir.resolve("nginx.pid")) && ports.stream().allMatch(Nginx::listening));
            } catch (ConditionTimeoutException | TerminalFailureException e) {
                started.close();
                throw new IllegalStateException("nginx did not start: " + started.log(), e);
            }
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** @return its error log */
    public String log() {
        try {
            return Files.readString(dir.resolve("logs/error.log")) + Files.readString(dir.resolve("logs/stdout.log"));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
