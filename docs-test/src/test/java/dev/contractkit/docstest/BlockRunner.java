package dev.contractkit.docstest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.time.Duration;
import org.awaitility.core.ConditionTimeoutException;

import static org.awaitility.Awaitility.await;

/**
 * Runs one block the way a reader would, from a checkout: a fresh directory that links every top-level entry of the
 * checkout except its {@code target/} and {@code data/} (so {@code ./kit}, {@code mock-server/target/...} and
 * {@code data/kit-token} resolve as written, but nothing the block writes lands in the checkout), with a {@code HOME}
 * of its own, a JDK 21+ first on {@code PATH}, and {@code bash -euo pipefail} in a session of its own that is killed
 * with everything the block started in the background when the block ends or times out.
 */
final class BlockRunner {
    private static final Set<String> NOT_LINKED = Set.of("target", "data", ".git");

    private final Path root;
    private final Path java;

    BlockRunner(Path root, Path javaHome) {
        this.root = root;
        this.java = javaHome;
    }

    record ScriptResult(int exit, boolean timedOut, String stdout, String stderr, String script) {
    }

    /**
     * @param dir   an empty directory for the block
     * @param data  the data directory to link as {@code data/} (a server the test started), or null
     * @param ports the ports the block's commands use
     */
    ScriptResult run(DocBlock block, Path dir, Path data, Ports ports) {
        try {
            Path checkout = Files.createDirectories(dir.resolve("checkout"));
            try (Stream<Path> entries = Files.list(root)) {
                for (Path e : entries.toList()) {
                    if (!NOT_LINKED.contains(e.getFileName().toString())) {
                        Files.createSymbolicLink(checkout.resolve(e.getFileName()), e);
                    }
                }
            }
            if (data != null) {
                Files.createSymbolicLink(checkout.resolve("data"), data);
            }
            // the reactor built every jar before this module: ./kit's staleness check sees a fresh build stamp
            // (it does not follow the links into the modules' sources)
            Files.createDirectories(checkout.resolve("target/kit"));
            Files.writeString(checkout.resolve("target/kit/build.stamp"), "");
            Path home = Files.createDirectories(dir.resolve("home"));

            String script = ports.rewrite(block.script());
            String until = block.options().get("until");
            if (until == null) {
                return run(script, block.timeoutSeconds(), dir, checkout, home, ports, null);
            }
            // a block of servers that run in the foreground (Ctrl-C stops): each command must print a line starting
            // with `until` (READY) before it is stopped
            StringBuilder outs = new StringBuilder();
            StringBuilder errs = new StringBuilder();
            List<String> commands = block.commandList();
            for (int i = 0; i < commands.size(); i++) {
                ScriptResult o = run(ports.rewrite(commands.get(i)), block.timeoutSeconds(), dir.resolve("command-" + (i + 1)),
                        checkout, home, ports, until);
                outs.append(o.stdout());
                errs.append(o.stderr());
                if (o.exit() != 0 || o.timedOut()) {
                    return new ScriptResult(o.exit(), o.timedOut(), outs.toString(), errs.toString(), o.script());
                }
            }
            return new ScriptResult(0, false, outs.toString(), errs.toString(), script);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private ScriptResult run(String script, int timeoutSeconds, Path dir, Path checkout, Path home, Ports ports, String until)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path file = dir.resolve("block.sh");
        Files.writeString(file, script);
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        ProcessBuilder pb = new ProcessBuilder("setsid", "bash", "-euo", "pipefail", file.toString())
                .directory(checkout.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(Environment::foreign);
        env.put("PATH", java.resolve("bin") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("JAVA_HOME", java.toString());
        env.put("HOME", home.toString());
        // no start-up caches: each block has a target/ of its own, so every server a block starts would record its
        // cache and the next one write it (seconds each) for starts that are then thrown away; KitStartupCacheTest
        // runs ./kit mock with its cache
        env.put("KIT_CDS", "0");
        env.putAll(ports.environment());
        Process p = pb.start();
        boolean done;
        if (until == null) {
            done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        } else {
            try {
                await().atMost(Duration.ofSeconds(timeoutSeconds)).pollInterval(Duration.ofMillis(200))
                        .until(() -> !p.isAlive() || printed(out, until) || printed(err, until));
            } catch (ConditionTimeoutException e) {
                // reported as a time-out below
            }
            boolean ready = printed(out, until) || printed(err, until);
            done = ready || !p.isAlive();
            killSession(p.pid());
            p.waitFor(30, TimeUnit.SECONDS);
            if (ready) {
                return new ScriptResult(0, false, Files.readString(out), Files.readString(err), script);
            }
            if (done && p.exitValue() == 0) { // ended without saying it was ready
                return new ScriptResult(-1, false, Files.readString(out), Files.readString(err) + "\n(ended without printing " + until + ")", script);
            }
        }
        killSession(p.pid());
        if (!done) {
            p.destroyForcibly().waitFor();
        }
        return new ScriptResult(p.exitValue(), !done, Files.readString(out), Files.readString(err), script);
    }

    private static boolean printed(Path file, String prefix) throws IOException {
        return Files.readString(file).lines().anyMatch(l -> l.startsWith(prefix));
    }

    /** ends what the block left running (servers it started with {@code &}): TERM to its session's process group, then KILL */
    private static void killSession(long sid) throws IOException, InterruptedException {
        signal("TERM", sid);
        ProcessHandle.allProcesses().filter(h -> sessionOf(h.pid()) == sid).forEach(h -> {
            h.onExit().orTimeout(20, TimeUnit.SECONDS).exceptionally(t -> {
                h.destroyForcibly();
                return h;
            }).join();
        });
    }

    private static void signal(String signal, long group) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, "--", "-" + group).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    /** @return the session id of a process (field 6 of /proc/pid/stat), or -1 */
    private static long sessionOf(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            List<String> fields = List.of(stat.substring(stat.lastIndexOf(')') + 2).split(" "));
            return Long.parseLong(fields.get(3));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
