package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The start-up cache {@code ./kit} gives a server ({@code with_aot} in the launcher), so that the bench measures what
 * runs: on JDK 25 and later an ahead-of-time cache (JEP 483), recorded by a first run ({@link #record}), written by
 * {@link #create} and used by the runs after ({@link #use}); on an older JDK a dynamic class-data archive, which the
 * first run writes when it stops and the others map in.
 */
final class StartupCache {
    private static final boolean AOT = Runtime.version().feature() >= 25;
    private final String java;
    private final Path base;

    /**
     * @param java the {@code java} command the servers run on (the bench's own JDK)
     * @param base the cache's file without extension (in target/bench, so the user's caches are left alone)
     */
    StartupCache(String java, Path base) throws IOException {
        this.java = java;
        this.base = base;
        for (String ext : List.of(".aot", ".aotconf", ".jsa")) {
            Files.deleteIfExists(Path.of(base + ext));
        }
    }

    /** @return the flags of the first, untimed run, which records what the cache holds */
    List<String> record() {
        return AOT ? List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + base + ".aotconf", "-Xlog:aot=off",
                "-Xlog:cds=off") : cds();
    }

    /**
     * Writes the cache from what the recording run loaded (JDK 25+; nothing to do for a class-data archive).
     *
     * @param flags     the server's JVM flags, as the recording run had them
     * @param classpath the recording run's class path
     */
    void create(List<String> flags, String classpath) throws IOException, InterruptedException {
        if (!AOT) {
            return;
        }
        List<String> command = new ArrayList<>(List.of(java, "--sun-misc-unsafe-memory-access=allow"));
        command.addAll(flags);
        command.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + base + ".aotconf",
                "-XX:AOTCache=" + base + ".aot", "-Xlog:aot=off", "-Xlog:cds=off", "-cp", classpath));
        Path log = Path.of(base + ".aot.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.exists(Path.of(base + ".aot"))) {
            p.destroyForcibly();
            throw new IllegalStateException("bench: the ahead-of-time cache was not written: " + Target.tail(log));
        }
    }

    /** @return the flags of the timed runs */
    List<String> use() {
        return AOT ? List.of("-XX:AOTCache=" + base + ".aot", "-Xlog:aot=off", "-Xlog:cds=off") : cds();
    }

    /** @return what the cache is, for the results' labels */
    static String kind() {
        return AOT ? "ahead-of-time cache" : "class-data archive";
    }

    private List<String> cds() {
        return List.of("-XX:SharedArchiveFile=" + base + ".jsa", "-XX:+AutoCreateSharedArchive", "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off");
    }
}
