package dev.contractkit.reference.platform;

import dev.contractkit.specs.Api;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A reference server in a child JVM ({@code dev.contractkit.reference.Main}, the test's own class path), configured
 * only through {@code KIT_*} environment variables, every API on a free port. Its output goes to
 * {@code <dir>/server.log}; {@link #start} returns once it printed {@code READY}. {@link #kill()} is {@code kill -9};
 * {@link #close()} stops it (SIGTERM, then SIGKILL after 10 s) and is safe to call again.
 *
 * <pre>{@code
 * try (ServerProcess a = ServerProcess.start("a", dir, Map.of("KIT_DB_URL", url), List.of(Api.COUPONS))) {
 *     String coupons = a.url(Api.COUPONS);
 * }
 * }</pre>
 */
public final class ServerProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("^\\s+(\\w+)\\s+(http://\\S+)\\s+\\S+/observe/health$");

    private final String name;
    private final Process process;
    private final Path log;
    private final Map<Api, String> urls;

    private ServerProcess(String name, Process process, Path log, Map<Api, String> urls) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.urls = urls;
    }

    /**
     * @param name a short name for messages and the log
     * @param dir  a directory of its own (data dir and log)
     * @param env  {@code KIT_*} settings; ports default to 0 (any free port)
     * @param apis the APIs to serve
     * @return the running server
     */
    public static ServerProcess start(String name, Path dir, Map<String, String> env, List<Api> apis) {
        try {
            Files.createDirectories(dir);
            Path log = dir.resolve("server.log");
            String java = ProcessHandle.current().info().command().orElse("java");
            ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                    "-cp", System.getProperty("java.class.path"), "dev.contractkit.reference.Main",
                    "--api", apis.stream().map(Api::id).collect(Collectors.joining(",")));
            pb.environment().keySet().removeIf(k -> k.startsWith("KIT_") || k.startsWith("EXEC_"));
            pb.environment().put("KIT_DATA_DIR", dir.resolve("data").toString());
            for (Api api : apis) {
                pb.environment().put(Settings.envName(api.id() + ".port"), "0");
            }
            pb.environment().putAll(env);
            pb.redirectErrorStream(true);
            Process p = pb.start();
            // a test JVM that dies (or is stopped) leaves no server behind
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }));
            CompletableFuture<Map<Api, String>> ready = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("server-" + name + "-out").start(() -> pump(p, log, ready));
            try {
                Map<Api, String> urls = ready.get(90, TimeUnit.SECONDS);
                return new ServerProcess(name, p, log, urls);
            } catch (Exception e) {
                p.destroyForcibly();
                throw new IllegalStateException("server " + name + " did not start: " + e.getMessage() + "\n"
                        + tail(log), e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pump(Process p, Path log, CompletableFuture<Map<Api, String>> ready) {
        Map<Api, String> urls = new LinkedHashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             var out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line);
                out.newLine();
                out.flush();
                Matcher m = LISTENING.matcher(line);
                if (m.matches()) {
                    Api.byId(m.group(1)).ifPresent(a -> urls.put(a, m.group(2)));
                } else if (line.startsWith("READY")) {
                    ready.complete(Map.copyOf(urls));
                }
            }
        } catch (IOException e) {
            // the process went away
        }
        ready.completeExceptionally(new IllegalStateException("the process ended (exit " + exit(p) + ")"));
    }

    private static String exit(Process p) {
        try {
            return Integer.toString(p.waitFor());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    /**
     * @param api a served API
     * @return its base URL, e.g. {@code http://127.0.0.1:41234}
     */
    public String url(Api api) {
        String u = urls.get(api);
        if (u == null) {
            throw new IllegalArgumentException(api.id() + " is not served by " + name);
        }
        return u;
    }

    /**
     * @param api an API
     * @return whether this server serves it
     */
    public boolean apiServed(Api api) {
        return urls.containsKey(api);
    }

    /**
     * @param api a served API
     * @return its port
     */
    public int port(Api api) {
        return URI.create(url(api)).getPort();
    }

    /** @return whether the process runs */
    public boolean alive() {
        return process.isAlive();
    }

    /** @return the last lines of its output */
    public String logTail() {
        return tail(log);
    }

    /** {@code kill -9}: no shutdown hook runs. Returns once the process is gone. */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly(); // SIGKILL on Linux
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            kill();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "server " + name + " " + urls;
    }
}
