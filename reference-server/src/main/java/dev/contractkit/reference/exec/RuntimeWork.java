package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.function.Consumer;

/**
 * A {@code runtime.command} / {@code runtime.script} attempt: checks {@code /readyz}, starts the process on the
 * runtime service (which queues it while its slots are busy: the handle's status is {@code queued} then), follows
 * it until it ends; cancelling calls the runtime's kill. A runtime that neither has a free slot nor queue room
 * fails the attempt with {@code runtime_unavailable}; the task's retries then back off ({@link BackOff}).
 */
final class RuntimeWork implements Work {
    private final RuntimeServiceClient client;
    private final TaskSpec spec;
    private final long pollMillis;
    private final Consumer<ObjectNode> onStarted;
    private volatile String ref;
    private volatile boolean cancelled;
    private volatile long queuedSince = -1; // System.nanoTime() while queued
    private volatile long queuedNanos;

    RuntimeWork(RuntimeServiceClient client, TaskSpec spec, long pollMillis, Consumer<ObjectNode> onStarted) {
        this.client = client;
        this.spec = spec;
        this.pollMillis = pollMillis;
        this.onStarted = onStarted;
    }

    @Override
    public String executor() {
        return "runtime";
    }

    @Override
    public JsonNode run() throws Exception {
        int ready = client.readiness();
        if (ready != 200) {
            throw new WorkFailed("runtime_unavailable", "the runtime service at " + client.baseUrl()
                    + " accepts no work now (GET /readyz answered " + ready + ": no free process slot and no queue room, "
                    + "or shutting down)", null);
        }
        JsonNode started = client.start(request());
        ref = started.path("ref").asText();
        String seen = started.path("status").asText();
        onStarted.accept(handle(seen));
        if (cancelled) {
            client.kill(ref);
        }
        JsonNode task = started;
        boolean counted = seen.equals("queued");
        if (counted) {
            queuedSince = System.nanoTime();
            client.queuedTasks().incrementAndGet();
        }
        try {
            while (UNFINISHED.contains(task.path("status").asText())) {
                Thread.sleep(pollMillis);
                task = client.get(ref);
                String now = task.path("status").asText();
                if (!now.equals(seen)) {
                    seen = now;
                    if (counted && !now.equals("queued")) {
                        counted = false;
                        leftQueue();
                    }
                    if (now.equals("running")) {
                        onStarted.accept(handle(now));
                    }
                }
            }
        } finally {
            if (counted) {
                leftQueue();
            }
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        result.put("ref", ref);
        if (task.has("exit_code")) {
            result.put("exit_code", task.get("exit_code").asInt());
        }
        result.put("stdout", task.path("stdout").asText(""));
        result.put("stderr", task.path("stderr").asText(""));
        result.put("runtime_status", task.path("status").asText());
        return switch (task.path("status").asText()) {
            case "succeeded" -> result;
            case "killed" -> throw new WorkFailed("cancelled", "the runtime killed the process tree", result, false);
            case "timed_out" -> throw new WorkFailed("timeout", "the runtime's time-out ended the process", result);
            default -> throw new WorkFailed("exit_code", task.hasNonNull("error") ? task.get("error").asText()
                    : "the process exited with " + task.path("exit_code").asInt(), result);
        };
    }

    private void leftQueue() {
        queuedNanos += System.nanoTime() - queuedSince;
        queuedSince = -1;
        client.queuedTasks().decrementAndGet();
    }

    @Override
    public long queuedMillis() {
        long since = queuedSince;
        return (queuedNanos + (since < 0 ? 0 : System.nanoTime() - since)) / 1_000_000;
    }

    private static final java.util.Set<String> UNFINISHED = java.util.Set.of("queued", "running");

    private ObjectNode handle(String status) {
        ObjectNode handle = JsonNodeFactory.instance.objectNode();
        handle.put("executor", "runtime");
        handle.put("ref", ref);
        handle.put("status", status);
        return handle;
    }

    private ObjectNode request() {
        ObjectNode p = spec.params();
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("task_id", spec.id());
        if (spec.kind() == ActionKind.RUNTIME_SCRIPT) {
            r.put("kind", "script");
            r.put("script", p.get("script").asText());
            if (p.hasNonNull("interpreter")) {
                r.put("interpreter", p.get("interpreter").asText());
            }
        } else if (p.get("command").isTextual()) {
            r.put("kind", "script");
            r.put("script", p.get("command").asText());
        } else {
            r.put("kind", "command");
            r.set("command", p.get("command"));
        }
        if (p.hasNonNull("cwd")) {
            r.put("cwd", p.get("cwd").asText());
        }
        if (p.path("env").isObject()) {
            r.set("env", p.get("env"));
        }
        // the runtime's own time-out is a back-stop: the control plane ends the attempt at its time-out
        r.put("timeout_ms", spec.timeoutMs() + 5_000);
        return r;
    }

    @Override
    public void cancel() {
        cancelled = true;
        String r = ref;
        if (r != null) {
            try {
                client.kill(r);
            } catch (WorkFailed e) {
                // the poll loop sees what became of the process
            }
        }
    }
}
