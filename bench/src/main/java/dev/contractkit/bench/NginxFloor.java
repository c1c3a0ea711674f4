package dev.contractkit.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.contractkit.bench.Harness.freePort;

/**
 * nginx answering one path with a fixed body ({@code return 200 '...'}), a worker per core, no log: a server that does
 * nothing but answer, written by nobody here. Measured beside the kit's mock in both mock tables, it is the floor of
 * what a request costs over loopback (the kernel's socket work and an HTTP parser), so the mock's ratio to
 * MockServer can be read against the most any server reaches on the same machine in the same run.
 */
final class NginxFloor {
    static final Path NGINX = Path.of("/usr/sbin/nginx");

    private NginxFloor() {
    }

    /** @return whether nginx is installed ({@code ./kit bench} installs Debian's {@code nginx-light}) */
    static boolean available() {
        return Files.isExecutable(NGINX);
    }

    /** @return the target's name, with nginx's version ({@code nginx -v}) */
    static String name() throws IOException, InterruptedException {
        Process p = new ProcessBuilder(NGINX.toString(), "-v").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor();
        String version = out.contains("nginx/") ? out.substring(out.indexOf("nginx/")) : "nginx";
        return version + ", return 200 with the same body (floor)";
    }

    /**
     * Starts nginx in the foreground, a worker process per core (as the kit's mock has an event loop per core),
     * answering {@code GET path} with {@code body}.
     *
     * @param dir a directory of its own (configuration, pid file, temporary files)
     */
    static Target start(String name, Path dir, String path, String contentType, String body) throws IOException {
        Files.createDirectories(dir);
        int port = freePort();
        Path conf = dir.resolve("nginx.conf");
        Files.writeString(conf, config(dir, port, path, contentType, body));
        Target t = Target.start(name, List.of(NGINX.toString(), "-e", "stderr", "-c", conf.toString(), "-p", dir.toString()), Map.of(),
                dir.resolve("nginx.log"), line -> line.contains("] ") && line.contains(" nginx/"), Duration.ofSeconds(20));
        t.urls("http://127.0.0.1:" + port);
        return t;
    }

    /**
     * The configuration: nginx prints its version after it has bound its socket ({@code ngx_os_status} runs after
     * {@code ngx_init_cycle}), the ready line the bench waits for.
     *
     * @throws IllegalArgumentException for a body nginx would not return as given ({@code $} starts a variable)
     */
    static String config(Path dir, int port, String path, String contentType, String body) {
        if (body.indexOf('$') >= 0 || path.indexOf('$') >= 0) {
            throw new IllegalArgumentException("nginx's return would read '$' as a variable: " + body);
        }
        String quoted = "'" + body.replace("\\", "\\\\").replace("'", "\\'") + "'";
        return """
                daemon off;
                worker_processes %6$d;
                pid %1$s/nginx.pid;
                error_log stderr notice;
                events { worker_connections 1024; }
                http {
                  access_log off;
                  server_tokens off;
                  keepalive_requests 100000000;
                  client_body_temp_path %1$s/body;
                  proxy_temp_path %1$s/proxy;
                  fastcgi_temp_path %1$s/fastcgi;
                  uwsgi_temp_path %1$s/uwsgi;
                  scgi_temp_path %1$s/scgi;
                  server {
                    listen 127.0.0.1:%2$d;
                    location = %3$s { default_type %4$s; return 200 %5$s; }
                    location / { return 404; }
                  }
                }
                """.formatted(dir, port, path, contentType, quoted, Runtime.getRuntime().availableProcessors());
    }
}
