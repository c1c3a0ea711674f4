package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ChildEnvironment;
import io.helidon.http.Status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The runtime service's processes, in memory (a process does not outlive its service). At most
 * {@code capacity} run at once; finished ones are kept for reading until {@code retain} of them exist.
 */
final class ProcessTable implements AutoCloseable {
    private final Path workRoot;
    private final int capacity;
    private final int retain;
    private final int maxOutput;
    private final long defaultTimeoutMs;
    private final ChildEnvironment childEnv;
    private final Map<String, RuntimeProcess> byRef = new LinkedHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private volatile boolean closing;

    ProcessTable(Path workRoot, int capacity, int retain, int maxOutput, long defaultTimeoutMs, ChildEnvironment childEnv) {
        this.workRoot = workRoot;
        this.capacity = capacity;
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

    /** @return why no work is accepted now, or empty when it is */
    Optional<String> notReady() {
        if (closing) {
            return Optional.of("the runtime service is shutting down");
        }
        if (running.get() >= capacity) {
            return Optional.of("all " + capacity + " process slots are busy");
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
        synchronized (this) {
            Optional<String> refusal = notReady();
            if (refusal.isPresent()) {
                throw new ApiError(Status.SERVICE_UNAVAILABLE_503, "not_ready", refusal.get() + "; try again later");
            }
            running.incrementAndGet();
        }
        String ref = newRef();
        RuntimeProcess p = RuntimeProcess.start(ref, req.hasNonNull("task_id") ? req.get("task_id").asText() : null,
                kind, argv, cwd, childEnv.apply(new ProcessBuilder(argv), env), timeout, maxOutput, running::decrementAndGet);
        synchronized (this) {
            byRef.put(ref, p);
            evict();
        }
        return p;
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
