package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ChildEnvironment;
import io.helidon.http.Status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The runtime service's processes, in memory (a process does not outlive its service). At most
 * {@code capacity} run at once; beyond that up to {@code queueCapacity} wait in a FIFO queue (status
 * {@code queued}) and start as slots free up; beyond that a start is refused (503 {@code not_ready}). Finished ones
 * are kept for reading until {@code retain} of them exist.
 */
final class ProcessTable implements AutoCloseable {
    private final Path workRoot;
    private final int capacity;
    private final int queueCapacity;
    private final Deque<Waiting> queue = new ArrayDeque<>();
    private final int retain;
    private final int maxOutput;
    private final long defaultTimeoutMs;
    private final ChildEnvironment childEnv;
    private final Map<String, RuntimeProcess> byRef = new LinkedHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private volatile boolean closing;

    /** A queued process and what it needs to start. */
    private record Waiting(RuntimeProcess process, List<String> argv, ProcessBuilder pb, long timeoutMs) {
    }

    ProcessTable(Path workRoot, int capacity, int queueCapacity, int retain, int maxOutput, long defaultTimeoutMs,
                 ChildEnvironment childEnv) {
        this.workRoot = workRoot;
        this.capacity = capacity;
        this.queueCapacity = queueCapacity;
        this.retain = retain;
        this.maxOutput = maxOutput;
        this.defaultTimeoutMs = defaultTimeoutMs;
        this.childEnv = childEnv;
    }

    int running() {
        return running.get();
    }

    int capacity() {
        return capacity;
    }

    synchronized int queued() {
        return queue.size();
    }

    int queueCapacity() {
        return queueCapacity;
    }

    /** @return why no work is accepted now (no free slot and no room in the queue), or empty when it is */
    synchronized Optional<String> notReady() {
        if (closing) {
            return Optional.of("the runtime service is shutting down");
        }
        if (running.get() >= capacity && queue.size() >= queueCapacity) {
            return Optional.of("all " + capacity + " process slots are busy and " + queue.size() + " of "
                    + queueCapacity + " queue places are taken");
        }
        return Optional.empty();
    }

    RuntimeProcess start(JsonNode req) {
        String kind = req.get("kind").asText();
        List<String> argv = new ArrayList<>();
        if (kind.equals("command")) {
            if (!req.path("command").isArray() || req.get("command").isEmpty()) {
                throw invalid("command: is required for kind command (an argument vector)");
            }
            req.get("command").forEach(a -> argv.add(a.asText()));
            if (argv.get(0).isBlank()) {
                throw invalid("command[0]: the program must not be blank");
            }
        } else {
            if (!req.path("script").isTextual()) {
                throw invalid("script: is required for kind script");
            }
            argv.add(req.path("interpreter").asText("sh"));
            argv.add("-c");
            argv.add(req.get("script").asText());
        }
        Path cwd = workRoot.resolve(req.path("cwd").asText("")).normalize();
        if (!cwd.startsWith(workRoot)) {
            throw invalid("cwd: " + req.get("cwd").asText() + " is outside the work root " + workRoot);
        }
        if (!Files.isDirectory(cwd)) {
            throw new ApiError(Status.BAD_REQUEST_400, "cwd_not_found", "cwd: " + cwd + " is not a directory");
        }
        Map<String, String> env = new LinkedHashMap<>();
        req.path("env").properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
        long timeout = req.hasNonNull("timeout_ms") ? req.get("timeout_ms").asLong() : defaultTimeoutMs;
        ProcessBuilder pb = childEnv.apply(new ProcessBuilder(argv), env);
        String ref = newRef();
        synchronized (this) {
            Optional<String> refusal = notReady();
            if (refusal.isPresent()) {
                throw new ApiError(Status.SERVICE_UNAVAILABLE_503, "not_ready", refusal.get() + "; try again later");
            }
            RuntimeProcess p = RuntimeProcess.accepted(ref, req.hasNonNull("task_id") ? req.get("task_id").asText() : null,
                    kind, cwd, maxOutput);
            if (running.get() >= capacity || !queue.isEmpty()) {
                p.waitsInQueue();
            }
            queue.addLast(new Waiting(p, argv, pb, timeout));
            byRef.put(ref, p);
            launchQueued();
            evict();
            return p;
        }
    }

    /** Starts queued processes, oldest first, while slots are free. */
    private synchronized void launchQueued() {
        while (!closing && running.get() < capacity && !queue.isEmpty()) {
            Waiting w = queue.pollFirst();
            running.incrementAndGet();
            w.process().launch(w.argv(), w.pb(), w.timeoutMs(), this::ended);
        }
    }

    /** A process has ended: its slot goes to the oldest queued one. */
    private void ended() {
        running.decrementAndGet();
        launchQueued();
    }

    /** Kills a task: a queued one leaves the queue and never starts, a running one's process tree ends. */
    void kill(RuntimeProcess p) throws InterruptedException {
        synchronized (this) {
            if (queue.removeIf(w -> w.process() == p)) {
                p.killQueued();
                return;
            }
        }
        p.kill();
    }

    /** @return a ref nobody can guess: {@code rt-} and a random (version 4, 122-bit) UUID */
    static String newRef() {
        return "rt-" + UUID.randomUUID();
    }

    private void evict() {
        if (byRef.size() <= retain) {
            return;
        }
        var it = byRef.values().iterator();
        while (byRef.size() > retain && it.hasNext()) {
            if (!it.next().running()) {
                it.remove();
            }
        }
    }

    synchronized RuntimeProcess find(String ref) {
        RuntimeProcess p = byRef.get(ref);
        if (p == null) {
            throw new ApiError(Status.NOT_FOUND_404, "not_found", "no runtime task " + ref);
        }
        return p;
    }

    static ApiError invalid(String message) {
        return new ApiError(Status.BAD_REQUEST_400, "invalid_request", message);
    }

    @Override
    public void close() {
        closing = true;
        List<RuntimeProcess> all;
        synchronized (this) {
            queue.forEach(w -> w.process().killQueued());
            queue.clear();
            all = new ArrayList<>(byRef.values());
        }
        for (RuntimeProcess p : all) {
            try {
                p.kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
