package dev.contractkit.reference.durability;

import dev.contractkit.reference.Main;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built reference server ({@link Main}, as {@code ./kit serve} runs it) in a child JVM on this test's class path:
 * started with {@code KIT_*} settings, waited for until {@code READY}, its URLs read from its table, killed with
 * SIGKILL ({@link Process#destroyForcibly()} is {@code kill -9} on Linux) or stopped. Its output goes to a log file.
 */
final class ServerProcess implements AutoCloseable {
    private static final Pattern URL_LINE = Pattern.compile("^\\s+(\\w+)\\s+(http://\\S+)\\s");

    private final Process process;
    private final Map<String, String> urls;
    private final Path log;

    private ServerProcess(Process process, Map<String, String> urls, Path log) {
        this.process = process;
        this.urls = urls;
        this.log = log;
    }

    /**
     * @param apis     the {@code --api} list
     * @param settings {@code KIT_*} environment variables (every API port should be 0)
     * @param log      where its output goes
     */
    static ServerProcess start(String apis, Map<String, String> settings, Path log) throws IOException {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(javaCommand, "--sun-misc-unsafe-memory-access=allow", "-Xmx256m",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName(), "--api", apis));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("KIT_") || k.startsWith("EXEC_"));
        pb.environment().putAll(settings);
        Process p = pb.start();
        Map<String, String> urls = new ConcurrentHashMap<>();
        CompletableFuture<Boolean> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                 var out = Files.newBufferedWriter(log, java.nio.file.StandardOpenOption.CREATE,
                         java.nio.file.StandardOpenOption.APPEND)) {
                for (String line; (line = in.readLine()) != null; ) {
                    out.write(line);
                    out.newLine();
                    out.flush();
                    Matcher m = URL_LINE.matcher(line + " ");
                    if (m.find()) {
                        urls.putIfAbsent(m.group(1), m.group(2));
                    }
                    if (line.startsWith("READY")) {
                        ready.complete(true);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            ready.complete(false);
        }, "server-log");
        reader.setDaemon(true);
        reader.start();
        ServerProcess server = new ServerProcess(p, urls, log);
        boolean ok;
        try {
            ok = ready.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            ok = false;
        }
        if (!ok) {
            server.close();
            throw new IllegalStateException("the reference server did not start; its log:\n" + Files.readString(log));
        }
        return server;
    }

    /** @return the base URL of a served API */
    String url(String api) {
        String url = urls.get(api);
        if (url == null) {
            throw new IllegalStateException(api + " is not served; listeners: " + urls);
        }
        return url;
    }

    /** {@code kill -9}: the process gets no chance to flush, close or run shutdown hooks. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the server did not die");
        }
    }

    long pid() {
        return process.pid();
    }

    Path log() {
        return log;
    }

    /** Stops it (SIGTERM: shutdown hooks run), killing it when it does not stop within 20 s. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
