package dev.contractkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A command run to its end in a process of its own, its output in a log file, stopped (with its children) when it
 * takes longer than its budget.
 *
 * <pre>{@code
 * Exec.Outcome o = Exec.run(List.of("javac", "-d", "classes", "@files"), log, Duration.ofMinutes(5));
 * o.ok();   // exit 0 within the budget
 * }</pre>
 */
final class Exec {
    private Exec() {
    }

    /**
     * @param exit     the exit status (-1 when it was stopped)
     * @param timedOut true when it was stopped at the end of its budget
     * @param ms       how long it ran
     */
    record Outcome(int exit, boolean timedOut, long ms) {
        boolean ok() {
            return exit == 0 && !timedOut;
        }
    }

    static Outcome run(List<String> command, Path log, Duration budget) throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        if (!p.waitFor(budget.toMillis(), TimeUnit.MILLISECONDS)) {
            stop(p);
            return new Outcome(-1, true, (System.nanoTime() - t0) / 1_000_000);
        }
        return new Outcome(p.exitValue(), false, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Stops a process and every process it started. */
    static void stop(Process p) throws InterruptedException {
        List<ProcessHandle> children = p.descendants().toList();
        p.destroy();
        children.forEach(ProcessHandle::destroy);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
