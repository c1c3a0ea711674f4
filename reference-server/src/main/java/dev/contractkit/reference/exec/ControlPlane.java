package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Bus;
import dev.contractkit.reference.platform.StorageException;
import io.helidon.http.Status;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The control plane's operations, independent of HTTP: act, translate, submit, read, cancel (the state table of
 * {@code specs/openapi/exec.yaml}) and delete (state clean-up only).
 */
final class ControlPlane implements AutoCloseable {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ExecSettings settings;
    private final Translator translator;
    private final TaskStore store;
    private final TaskRunner runner;
    private final Bus bus;
    private final java.util.function.IntSupplier runtimeQueued;

    /** The bus channel of cancel requests: the replica whose runner holds the task stops it. */
    static final String CANCEL_CHANNEL = "exec-cancel";

    ControlPlane(ExecSettings settings, Translator translator, TaskStore store, TaskRunner runner, Bus bus) {
        this(settings, translator, store, runner, bus, () -> 0);
    }

    /** @param runtimeQueued how many of this replica's runtime tasks wait in the runtime's queue now */
    ControlPlane(ExecSettings settings, Translator translator, TaskStore store, TaskRunner runner, Bus bus,
                 java.util.function.IntSupplier runtimeQueued) {
        this.runtimeQueued = runtimeQueued;
        this.bus = bus;
        this.settings = settings;
        this.translator = translator;
        this.store = store;
        this.runner = runner;
    }

    ExecSettings settings() {
        return settings;
    }

    ObjectNode translate(JsonNode body) {
        return translator.translate(body).response(false);
    }

    ObjectNode act(JsonNode body) {
        Translator.Translation t = translator.translate(body);
        accept(t.tasks());
        return t.response(true);
    }

    ObjectNode submit(JsonNode body) {
        List<TaskSpec> tasks = translator.graph(body, "");
        accept(tasks);
        ObjectNode n = JSON.objectNode().put("accepted", true);
        n.set("task_ids", Translator.strings(tasks.stream().map(TaskSpec::id).toList()));
        return n;
    }

    private void accept(List<TaskSpec> tasks) {
        if (tasks.size() > settings.maxGraphTasks()) {
            throw new ApiError(Status.TOO_MANY_REQUESTS_429, "too_many_tasks",
                    "a graph may hold at most " + settings.maxGraphTasks() + " tasks; this one has " + tasks.size());
        }
        GraphRules.check(tasks, id -> store.find(id).isPresent());
        for (TaskSpec t : tasks) {
            Optional<String> refusal = settings.refusal(t.kind());
            if (refusal.isPresent()) {
                throw new ApiError(Status.FORBIDDEN_403, "action_disabled", "task " + t.id() + ": " + refusal.get());
            }
        }
        runner.start(tasks, store.insert(tasks, settings.maxUnfinished()));
    }

    ObjectNode task(String id) {
        return store.find(id).orElseThrow(() -> notFound(id)).toJson();
    }

    TaskStore.Row row(String id) {
        return store.find(id).orElseThrow(() -> notFound(id));
    }

    /** @param statuses comma-separated states (already checked against the contract's pattern), or empty */
    ObjectNode list(Optional<String> statuses, int limit, int offset) {
        Set<String> wanted = statuses.map(s -> java.util.Arrays.stream(s.split(","))
                .filter(x -> !x.isBlank()).collect(java.util.stream.Collectors.toSet())).orElse(Set.of());
        TaskStore.Page page = store.list(wanted, limit, offset);
        ObjectNode body = JSON.objectNode();
        ArrayNode tasks = body.putArray("tasks");
        page.rows().forEach(r -> tasks.add(r.toJson()));
        body.put("total", page.total());
        body.put("limit", limit);
        body.put("offset", offset);
        return body;
    }

    /** Forgets the finished tasks older than the retention setting (a sweep on every heartbeat). */
    int expire() {
        if (settings.retentionMs() <= 0) {
            return 0;
        }
        return store.deleteFinishedBefore(Instant.now().minusMillis(settings.retentionMs()));
    }

    int runtimeQueued() {
        return runtimeQueued.getAsInt();
    }

    int retryWaiting() {
        return runner.backingOff();
    }

    void delete(String id) {
        if (!store.delete(id)) {
            throw notFound(id);
        }
        runner.signal();
    }

    int unfinished() {
        return store.countUnfinished();
    }

    /** Applies the cancel row of the state table for the task's current state. */
    ObjectNode cancel(String id) {
        for (int i = 0; i < 10; i++) {
            TaskStore.Row row = store.find(id).orElseThrow(() -> notFound(id));
            Optional<TaskStore.Row> changed = switch (row.status()) {
                case "pending" -> store.update(id, Set.of("pending"), r -> r.status("cancelled").outcome(r.progress(),
                        null, cancelRuntime(r, "cancelled"), cancelledError()));
                case "running" -> store.update(id, Set.of("running"),
                        r -> r.status("cancelling").runtime(cancelRuntime(r, "cancelling")));
                case "cancelling" -> Optional.of(row);
                default -> throw new ApiError(Status.CONFLICT_409, "task_terminal",
                        "task " + id + " is already " + row.status() + "; there is nothing to cancel");
            };
            if (changed.isPresent()) {
                if (row.status().equals("running")) {
                    runner.cancel(id);
                    publishCancel(id); // the task may run on another replica
                } else {
                    runner.signal();
                }
                return response(changed.get());
            }
        }
        throw ApiError.unavailable("task " + id + " kept changing state; try again");
    }

    private void publishCancel(String id) {
        try {
            bus.publish(CANCEL_CHANNEL, id);
        } catch (IllegalStateException e) {
            // the state is cancelling in the shared database; the owner sees it when the attempt ends
        }
    }

    private static ObjectNode cancelRuntime(TaskStore.Row r, String status) {
        ObjectNode rt = r.runtime() == null ? JSON.objectNode().put("executor",
                ActionKind.of(r.spec().path("type").asText()).map(ActionKind::runtimeBacked).orElse(false) ? "runtime" : "local")
                : r.runtime().deepCopy();
        rt.put("status", status);
        rt.set("error", JSON.objectNode().put("code", "cancelled").put("message", "cancellation requested"));
        return rt;
    }

    private static ObjectNode cancelledError() {
        return JSON.objectNode().put("code", "cancelled").put("message", "cancelled on request before it started");
    }

    private static ObjectNode response(TaskStore.Row row) {
        ObjectNode item = JSON.objectNode();
        item.put("task_id", row.id());
        item.put("status", row.status());
        item.set("runtime", row.runtime() == null ? cancelRuntime(row, row.status()) : row.runtime());
        ObjectNode event = item.putObject("event");
        event.put("type", "task_cancel_requested");
        event.put("task_id", row.id());
        event.put("at", DateTimeFormatter.ISO_INSTANT.format(Instant.now()));
        ObjectNode body = JSON.objectNode();
        ArrayNode tasks = body.putArray("tasks");
        tasks.add(item);
        return body;
    }

    private static ApiError notFound(String id) {
        return new ApiError(Status.NOT_FOUND_404, "not_found", "no task " + id);
    }

    @Override
    public void close() {
        runner.close();
    }
}
