package dev.contractkit.docstest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * The reference server or the mock, started from its jar as the documentation starts it ({@code java -jar}), every
 * API on a free port (port 0), in a data directory of its own; its URLs are read from the table it prints.
 */
final class KitServer implements AutoCloseable {
    private final Process process;
    private final Path log;
    private final Ports ports;

    private KitServer(Process process, Path log, Ports ports) {
        this.process = process;
        this.log = log;
        this.ports = ports;
    }

    /**
     * @param jar   the server's jar
     * @param dir   its working directory (the data directory is {@code dir/data})
     * @param env   extra environment (switches the documented commands need)
     * @param args  its arguments
     */
    static KitServer start(Path java, Path jar, Path dir, Map<String, String> env, List<String> args) {
        try {
            Files.createDirectories(dir.resolve("data"));
            Path log = dir.resolve("server.log");
            List<String> command = new ArrayList<>(List.of(java.toString(), "-jar", jar.toString()));
            command.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            pb.environment().keySet().removeIf(Environment::foreign);
            Ports.DEFAULTS.keySet().forEach(api -> pb.environment().put(Ports.variable(api), "0"));
            pb.environment().put("KIT_DATA_DIR", dir.resolve("data").toString());
            pb.environment().putAll(env);
            Process process = pb.start();
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200))
                    .failFast("the server exited: " + jar.getFileName(), () -> !process.isAlive())
                    .until(() -> Files.readString(log).lines().anyMatch(l -> l.startsWith("READY")));
            return new KitServer(process, log, new Ports(urls(Files.readString(log))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return API id -> port, from the start-up table's lines {@code <id> http://host:port ...} */
    private static Map<String, Integer> urls(String log) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        log.lines().map(String::strip).map(l -> l.split("\\s+")).filter(f -> f.length >= 2 && f[1].startsWith("http://"))
                .forEach(f -> ports.putIfAbsent(f[0], Integer.parseInt(f[1].replaceAll(".*:(\\d+).*", "$1"))));
        Map<String, Integer> all = new LinkedHashMap<>();
        Ports free = Ports.free();
        Ports.DEFAULTS.keySet().forEach(api -> all.put(api, ports.getOrDefault(api, free.actual().get(api))));
        return all;
    }

    Ports ports() {
        return ports;
    }

    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
