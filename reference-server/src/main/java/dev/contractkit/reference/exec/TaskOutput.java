package dev.contractkit.reference.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code GET /tasks/{id}/output}: a task's output as Server-Sent Events, read from the shared store (so any replica
 * can serve it) and, while a runtime-backed task runs, from the runtime service (its output so far). Events:
 * {@code status} (each state change: {@code {task_id, status, attempts, runtime}}), {@code output} (new text:
 * {@code {task_id, attempt, stream, text}}), finally {@code end} (the task as {@code GET /tasks/{id}} shows it);
 * a task deleted meanwhile ends the stream with {@code deleted}. Local commands' output arrives when their attempt
 * ends (they do not report output while running). A comment line every 15 seconds keeps proxies from closing
 * the stream and ends it for a client that has gone.
 */
final class TaskOutput {
    private final TaskStore store;
    private final RuntimeServiceClient runtime;
    private final ObjectMapper mapper;
    private final long pollMillis;
    private final Changes changed;
    private static final long KEEP_ALIVE_NANOS = 15_000_000_000L;

    /** Waits at most the given milliseconds for a change of some task's state. */
    interface Changes {
        void await(long millis) throws InterruptedException;
    }

    /** @param changed the runner's signal (a stream wakes up at once when a task ends) */
    TaskOutput(TaskStore store, RuntimeServiceClient runtime, ObjectMapper mapper, long pollMillis, Changes changed) {
        this.store = store;
        this.runtime = runtime;
        this.mapper = mapper;
        this.pollMillis = Math.max(10, pollMillis);
        this.changed = changed;
    }

    /**
     * Streams until the task has ended (or is deleted, or the client goes away).
     *
     * @param first the task as read before the response began (it exists)
     * @param out   the response's body
     */
    void stream(TaskStore.Row first, Supplier<OutputStream> out) {
        String id = first.id();
        String status = null;
        String handle = null;
        Map<String, Integer> sent = new HashMap<>();
        long lastComment = System.nanoTime();
        try (OutputStream o = out.get()) {
            TaskStore.Row row = first;
            while (true) {
                if (!row.status().equals(status) || !String.valueOf(row.runtime()).equals(handle)) {
                    status = row.status();
                    handle = String.valueOf(row.runtime());
                    ObjectNode e = mapper.createObjectNode().put("task_id", id).put("status", status)
                            .put("attempts", row.attempts());
                    if (row.runtime() != null) {
                        e.set("runtime", row.runtime());
                    }
                    write(o, "status", e);
                }
                JsonNode text = row.terminal() ? row.result() : Optional.ofNullable(live(row)).orElse(row.result());
                if (text != null) {
                    for (String stream : new String[] {"stdout", "stderr"}) {
                        String s = text.path(stream).asText("");
                        String key = row.attempts() + "/" + stream;
                        int done = sent.getOrDefault(key, 0);
                        if (s.length() > done) {
                            write(o, "output", mapper.createObjectNode().put("task_id", id).put("attempt", row.attempts())
                                    .put("stream", stream).put("text", s.substring(done)));
                            sent.put(key, s.length());
                        }
                    }
                }
                if (row.terminal()) {
                    write(o, "end", row.toJson());
                    return;
                }
                changed.await(pollMillis * 4);
                if (System.nanoTime() - lastComment > KEEP_ALIVE_NANOS) { // a comment line: finds a client that left
                    o.write(":\n\n".getBytes(StandardCharsets.UTF_8));
                    o.flush();
                    lastComment = System.nanoTime();
                }
                Optional<TaskStore.Row> next = store.find(id);
                if (next.isEmpty() || !next.get().createdAt().equals(first.createdAt())) {
                    write(o, "deleted", mapper.createObjectNode().put("task_id", id));
                    return;
                }
                row = next.get();
            }
        } catch (IOException | UncheckedIOException e) {
            // the client went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return the output so far of a running runtime-backed task, or null */
    private JsonNode live(TaskStore.Row row) {
        JsonNode rt = row.runtime();
        if (rt == null || !"runtime".equals(rt.path("executor").asText()) || !rt.hasNonNull("ref")) {
            return null;
        }
        try {
            return runtime.get(rt.get("ref").asText());
        } catch (WorkFailed e) {
            return null; // the runtime forgot it or is away: the final result still comes from the store
        }
    }

    private void write(OutputStream o, String event, JsonNode data) throws IOException {
        String json;
        try {
            json = mapper.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        o.write(("event: " + event + "\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
        o.flush();
    }
}
