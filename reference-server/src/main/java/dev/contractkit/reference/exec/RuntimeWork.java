package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.function.Consumer;

/**
 * A {@code runtime.command} / {@code runtime.script} attempt: checks {@code /readyz}, starts the process on the
 * runtime service, follows it until it ends; cancelling calls the runtime's kill.
 */
final class RuntimeWork implements Work {
    private final RuntimeServiceClient client;
    private final TaskSpec spec;
    private final long pollMillis;
    private final Consumer<ObjectNode> onStarted;
    private volatile String ref;
    private volatile boolean cancelled;

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
                    + " is not ready (GET /readyz answered " + ready + ")", null);
        }
        JsonNode started = client.start(request());
        ref = started.path("ref").asText();
        ObjectNode handle = JsonNodeFactory.instance.objectNode();
        handle.put("executor", "runtime");
        handle.put("ref", ref);
        handle.put("status", "running");
        onStarted.accept(handle);
        if (cancelled) {
            client.kill(ref);
        }
        JsonNode task = started;
        while ("running".equals(task.path("status").asText())) {
            Thread.sleep(pollMillis);
            task = client.get(ref);
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
