package dev.contractkit.reference.runtime;

import dev.contractkit.reference.platform.ProcessTrees;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One process of the runtime service: {@code queued} while every process slot is busy, then started in its working
 * directory, output captured (bounded), ended at its time-out (counted from its start, not from its queueing);
 * {@link #kill()} ends the whole process tree (TERM, then KILL after two seconds).
 */
final class RuntimeProcess {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final String ref;
    private final String taskId;
    private final String kind;
    private final Path cwd;
    private final int maxOutput;
    private final Instant queuedAt = Instant.now();
    private volatile Instant startedAt;
    private final List<ObjectNode> events = new ArrayList<>();
    private final Output stdout;
    private final Output stderr;
    private volatile Process process;
    private volatile String status = "queued";
    private volatile Integer exitCode;
    private volatile String error;
    private volatile Instant endedAt;
    private volatile String ending; // killed or timed_out once decided
    private final CountDownLatch treeEnded = new CountDownLatch(1);

    private RuntimeProcess(String ref, String taskId, String kind, Path cwd, int maxOutput) {
        this.ref = ref;
        this.taskId = taskId;
        this.kind = kind;
        this.cwd = cwd;
        this.maxOutput = maxOutput;
        this.stdout = new Output(maxOutput);
        this.stderr = new Output(maxOutput);
    }

    /** An accepted process, not started yet: {@link #launch} starts it, {@link #killQueued} drops it. */
    static RuntimeProcess accepted(String ref, String taskId, String kind, Path cwd, int maxOutput) {
        return new RuntimeProcess(ref, taskId, kind, cwd, maxOutput);
    }

    /** Records that it waits in the queue (every slot is busy). */
    void waitsInQueue() {
        event("queued", "waiting for a free process slot");
    }

    /** Starts a queued process (in its slot); {@code onEnd} runs once when it has ended. */
    void launch(List<String> argv, ProcessBuilder pb, long timeoutMs, Runnable onEnd) {
        RuntimeProcess rp = this;
        rp.startedAt = Instant.now();
        rp.status = "running";
        pb.directory(cwd.toFile());
        try {
            rp.process = pb.start();
        } catch (IOException e) {
            rp.error = "cannot start " + argv.get(0) + ": " + e.getMessage();
            rp.status = "failed";
            rp.endedAt = Instant.now();
            rp.event("start_failed", rp.error);
            onEnd.run();
            return;
        }
        rp.event("started", "pid " + rp.process.pid());
        try {
            rp.process.getOutputStream().close();
        } catch (IOException ignored) {
            // the process does not read its input
        }
        Thread out = Thread.ofVirtual().start(() -> rp.stdout.drain(rp.process.getInputStream()));
        Thread err = Thread.ofVirtual().start(() -> rp.stderr.drain(rp.process.getErrorStream()));
        Thread.ofVirtual().start(() -> rp.watch(timeoutMs, out, err, onEnd));
    }

    /** Ends a process that never started (killed while queued, or its service stopped). */
    synchronized void killQueued() {
        if (!status.equals("queued")) {
            return;
        }
        ending = "killed";
        event("kill_requested", null);
        status = "killed";
        endedAt = Instant.now();
        event("killed", "killed while queued; it never started");
        notifyAll();
    }

    boolean queued() {
        return status.equals("queued");
    }

    private void watch(long timeoutMs, Thread out, Thread err, Runnable onEnd) {
        try {
            if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                synchronized (this) {
                    if (ending == null) {
                        ending = "timed_out";
                    }
                }
                endTree();
                process.waitFor();
            }
            out.join(5_000);
            err.join(5_000);
            if (ending != null) {
                treeEnded.await(10, TimeUnit.SECONDS); // killed / timed_out only once the whole tree is gone
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exitCode = process.exitValue();
        endedAt = Instant.now();
        String end;
        synchronized (this) {
            end = ending != null ? ending : exitCode == 0 ? "succeeded" : "failed";
            status = end;
        }
        event(switch (end) {
            case "killed" -> "killed";
            case "timed_out" -> "timed_out";
            default -> "exited";
        }, "exit code " + exitCode);
        synchronized (this) {
            notifyAll();
        }
        onEnd.run();
    }

    /**
     * Ends the process tree and waits until the process is gone. A finished process stays as it is.
     */
    void kill() throws InterruptedException {
        synchronized (this) {
            if (!status.equals("running") || ending != null && !ending.equals("killed")) {
                return;
            }
            if (ending == null) {
                ending = "killed";
                event("kill_requested", null);
            }
        }
        endTree();
        synchronized (this) {
            long until = System.currentTimeMillis() + 10_000;
            while (status.equals("running") && System.currentTimeMillis() < until) {
                wait(100);
            }
        }
    }

    private void endTree() {
        ProcessTrees.end(process);
        treeEnded.countDown();
    }

    /** @return true while it has not ended (queued or running) */
    boolean running() {
        return status.equals("running") || status.equals("queued");
    }

    Instant endedAt() {
        return endedAt;
    }

    private synchronized void event(String type, String message) {
        ObjectNode e = JSON.objectNode();
        e.put("seq", events.size() + 1);
        e.put("type", type);
        e.put("at", OffsetDateTime.now(ZoneOffset.UTC).toString());
        if (message != null) {
            e.put("message", message);
        }
        events.add(e);
    }

    synchronized ObjectNode eventsJson() {
        ObjectNode n = JSON.objectNode().put("ref", ref);
        ArrayNode a = n.putArray("events");
        events.forEach(a::add);
        return n;
    }

    /** @return the contract's RuntimeTask */
    ObjectNode toJson() {
        ObjectNode n = JSON.objectNode();
        n.put("ref", ref);
        if (taskId != null) {
            n.put("task_id", taskId);
        }
        n.put("kind", kind);
        n.put("status", status);
        if (process != null) {
            n.put("pid", process.pid());
        }
        if (exitCode != null) {
            n.put("exit_code", exitCode);
        }
        n.put("stdout", stdout.text());
        n.put("stderr", stderr.text());
        n.put("stdout_truncated", stdout.truncated);
        n.put("stderr_truncated", stderr.truncated);
        if (error != null) {
            n.put("error", error);
        }
        n.put("cwd", cwd.toString());
        n.put("queued_at", OffsetDateTime.ofInstant(queuedAt, ZoneOffset.UTC).toString());
        if (startedAt != null) {
            n.put("started_at", OffsetDateTime.ofInstant(startedAt, ZoneOffset.UTC).toString());
        }
        if (endedAt != null && !running()) {
            n.put("ended_at", OffsetDateTime.ofInstant(endedAt, ZoneOffset.UTC).toString());
        }
        return n;
    }

    /** The first {@code max} bytes of a stream. */
    private static final class Output {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final int max;
        private volatile boolean truncated;

        Output(int max) {
            this.max = max;
        }

        void drain(InputStream in) {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    synchronized (kept) {
                        int room = max - kept.size();
                        if (n > room) {
                            truncated = true;
                        }
                        kept.write(buf, 0, Math.max(0, Math.min(n, room)));
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        }

        String text() {
            synchronized (kept) {
                return kept.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
