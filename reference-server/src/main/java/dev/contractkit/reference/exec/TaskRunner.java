package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.StorageException;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Executes stored tasks: each waits for its dependencies (a dependency that does not end {@code success} skips
 * it), runs with its time-out and retries, and records every state change in the store. Cancellation reaches
 * the running attempt's handle here.
 */
final class TaskRunner implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(TaskRunner.class.getName());
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final TaskStore store;
    private final WorkFactory works;
    private final long pollMillis;
    private final BackOff backOff;
    private final AtomicInteger backingOff = new AtomicInteger();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Map<String, Work> active = new ConcurrentHashMap<>();
    private final Object changed = new Object();
    private final Consumer<String> workDone;

    TaskRunner(TaskStore store, WorkFactory works, long pollMillis, BackOff backOff) {
        this(store, works, pollMillis, backOff, id -> {
        });
    }

    /**
     * @param workDone called on the task's thread when an attempt's work has ended and before its outcome is saved
     *                 (tests hold a task there to put a cancel in between, deterministically)
     */
    TaskRunner(TaskStore store, WorkFactory works, long pollMillis, BackOff backOff, Consumer<String> workDone) {
        this.store = store;
        this.works = works;
        this.pollMillis = pollMillis;
        this.backOff = backOff;
        this.workDone = workDone;
    }

    /**
     * @param generation the tasks' {@code created_at}: every write of their runs is for that generation only, so a
     *                   task deleted while it runs never writes into a new task given the same id
     */
    void start(List<TaskSpec> tasks, Instant generation) {
        for (String id : GraphRules.order(tasks)) {
            TaskSpec spec = tasks.stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow();
            threads.submit(() -> {
                try {
                    run(spec, generation);
                } catch (InterruptedException e) {
                    LOG.fine(() -> "task " + spec.id() + " stopped with the server");
                } catch (Exception e) {
                    LOG.log(threads.isShutdown() ? Level.FINE : Level.WARNING, "task " + spec.id() + " could not be run", e);
                } finally {
                    signal();
                }
            });
        }
    }

    /**
     * Asks the running attempt of a task to stop (or ends its wait for a retry); the task's own thread then records
     * {@code cancelled}.
     */
    void cancel(String id) {
        Work w = active.get(id);
        if (w != null && !threads.isShutdown()) {
            threads.submit(w::cancel);
        }
        signal();
    }

    /** @return how many tasks wait for their next attempt now (shown on /health) */
    int backingOff() {
        return backingOff.get();
    }

    /** Waits at most {@code millis} for the next {@link #signal()}. */
    void awaitChange(long millis) throws InterruptedException {
        synchronized (changed) {
            changed.wait(millis);
        }
    }

    void signal() {
        synchronized (changed) {
            changed.notifyAll();
        }
    }

    private void run(TaskSpec spec, Instant gen) throws Exception {
        String id = spec.id();
        if (!awaitDependencies(spec, gen)) {
            return;
        }
        int attempts = spec.retry() + 1;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            int n = attempt;
            if (attempt > 1 && !backOff(id, gen, attempt - 1)) {
                finishCancelled(id, gen);
                return; // cancelled, deleted or changed while it waited
            }
            String handle = (spec.kind().runtimeBacked() ? "runtime-" : "local-") + id + "-" + n;
            ObjectNode runtime = JSON.objectNode().put("executor", spec.kind().runtimeBacked() ? "runtime" : "local")
                    .put("status", "running");
            Set<String> from = attempt == 1 ? Set.of("pending") : Set.of("running");
            if (store.update(id, gen, from, r -> r.status("running").handle(handle, n).outcome(r.progress(), null, runtime, null))
                    .isEmpty()) {
                finishCancelled(id, gen);
                return; // cancelled, deleted or changed meanwhile
            }
            AttemptResult outcome = attempt(spec, gen);
            workDone.accept(id);
            boolean last = attempt == attempts || outcome.failure != null && !outcome.failure.retryable();
            Optional<TaskStore.Row> saved = store.update(id, gen, Set.of("running", "cancelling"),
                    r -> r.status().equals("cancelling") ? cancelled(r, outcome) : ended(r, outcome, last));
            if (saved.isEmpty() || !saved.get().status().equals("running")) {
                return; // ended (or deleted: state clean-up only, nothing to record)
            }
        }
    }

    /**
     * Waits before a retry ({@link BackOff}); the task stays {@code running}, its runtime object says
     * {@code backing_off} and {@code next_attempt_at}. A cancel (or delete) ends the wait at once.
     *
     * @return true when the task is still {@code running} of this generation after the wait
     */
    private boolean backOff(String id, Instant gen, int retry) throws InterruptedException {
        long delay = backOff.delayMillis(retry, ThreadLocalRandom.current());
        Instant next = Instant.now().plusMillis(delay);
        if (store.update(id, gen, Set.of("running"), r -> r.runtime(runtimeOf(r).put("status", "backing_off")
                .put("next_attempt_at", DateTimeFormatter.ISO_INSTANT.format(next)))).isEmpty()) {
            return false;
        }
        backingOff.incrementAndGet();
        try {
            while (true) {
                long left = Duration.between(Instant.now(), next).toMillis();
                if (left <= 0) {
                    break;
                }
                synchronized (changed) {
                    changed.wait(Math.min(left, 1_000));
                }
                if (!stillRunning(id, gen)) {
                    return false;
                }
            }
        } finally {
            backingOff.decrementAndGet();
        }
        return stillRunning(id, gen);
    }

    private boolean stillRunning(String id, Instant gen) {
        return store.find(id).map(r -> r.createdAt().equals(gen) && r.status().equals("running")).orElse(false);
    }

    /**
     * The state after an attempt whose task is still {@code running}: {@code success}, {@code failed} after the
     * last attempt, else {@code running} with the attempt's error (a retry follows). Applied in the same locked
     * transaction as the {@code cancelling} check, so a cancel that arrives after the work ended either comes
     * first (the task ends {@code cancelled}) or finds the task ended (409 task_terminal), never in between.
     */
    private static TaskStore.Row ended(TaskStore.Row r, AttemptResult outcome, boolean last) {
        if (outcome.failure == null) {
            ObjectNode rt = runtimeOf(r).put("status", "exited");
            return r.status("success").outcome(1.0, outcome.result, rt, null);
        }
        WorkFailed f = outcome.failure;
        ObjectNode error = JSON.objectNode().put("code", f.code()).put("message", f.getMessage());
        ObjectNode rt = runtimeOf(r).put("status", f.code().equals("timeout") ? "timed_out" : "exited");
        if (f.result() != null && f.result().has("exit_code")) {
            rt.put("exit_code", f.result().get("exit_code").asInt());
        }
        rt.set("error", error.deepCopy());
        return (last ? r.status("failed") : r).outcome(r.progress(), f.result(), rt, error);
    }

    private static ObjectNode runtimeOf(TaskStore.Row row) {
        return row.runtime() == null ? JSON.objectNode() : row.runtime().deepCopy();
    }

    private void finishCancelled(String id, Instant gen) {
        store.update(id, gen, Set.of("cancelling"), r -> cancelled(r, null));
    }

    private static TaskStore.Row cancelled(TaskStore.Row r, AttemptResult outcome) {
        ObjectNode rt = runtimeOf(r);
        rt.put("status", "cancelled");
        rt.set("error", JSON.objectNode().put("code", "cancelled").put("message", "the handle has shut down"));
        JsonNode result = outcome == null ? r.result()
                : outcome.failure == null ? outcome.result : outcome.failure.result();
        return r.status("cancelled").outcome(r.progress(), result, rt,
                JSON.objectNode().put("code", "cancelled").put("message", "cancelled on request"));
    }

    private record AttemptResult(JsonNode result, WorkFailed failure) {
    }

    private AttemptResult attempt(TaskSpec spec, Instant gen) throws InterruptedException {
        Work work;
        try {
            work = works.create(spec, handle -> recordHandle(spec.id(), gen, handle));
        } catch (WorkFailed e) {
            return new AttemptResult(null, e);
        }
        active.put(spec.id(), work);
        try {
            if (store.find(spec.id()).map(r -> !r.createdAt().equals(gen) || r.status().equals("cancelling")).orElse(true)) {
                work.cancel();
            }
            Future<JsonNode> f = threads.submit(work::run);
            try {
                return new AttemptResult(awaitWithin(f, work, spec.timeoutMs()), null);
            } catch (TimeoutException e) {
                work.cancel();
                try {
                    f.get(10, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException ignored) {
                    f.cancel(true);
                }
                return new AttemptResult(null, new WorkFailed("timeout", "the attempt took longer than " + spec.timeoutMs()
                        + " ms", null));
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                return new AttemptResult(null, cause instanceof WorkFailed w ? w
                        : new WorkFailed("failed", String.valueOf(cause.getMessage()), null));
            }
        } catch (StorageException e) {
            return new AttemptResult(null, new WorkFailed("failed", "the task store failed: " + e.getMessage(), null));
        } finally {
            active.remove(spec.id(), work);
        }
    }

    /**
     * The attempt's outcome within its time-out; the time its work waited in the runtime's queue does not count
     * ({@link Work#queuedMillis()}), so a task queued behind busy slots is not timed out before it started.
     */
    private static JsonNode awaitWithin(Future<JsonNode> f, Work work, long timeoutMs)
            throws InterruptedException, ExecutionException, TimeoutException {
        long start = System.nanoTime();
        while (true) {
            long left = timeoutMs + work.queuedMillis() - (System.nanoTime() - start) / 1_000_000;
            if (left <= 0) {
                throw new TimeoutException();
            }
            try {
                return f.get(left, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look again: the work may have been queued meanwhile
            }
        }
    }

    private void recordHandle(String id, Instant gen, ObjectNode handle) {
        try {
            store.update(id, gen, Set.of("running", "cancelling"), r -> {
                if (r.status().equals("cancelling")) {
                    handle.put("status", "cancelling");
                    handle.set("error", JSON.objectNode().put("code", "cancelled").put("message", "cancellation requested"));
                }
                return r.runtime(handle);
            });
        } catch (StorageException e) {
            LOG.log(Level.WARNING, "could not record the runtime handle of " + id, e);
        }
    }

    /** @return true when every dependency ended {@code success} and the task is still pending */
    private boolean awaitDependencies(TaskSpec spec, Instant gen) throws InterruptedException {
        while (true) {
            Optional<TaskStore.Row> self = store.find(spec.id());
            if (self.isEmpty() || !self.get().createdAt().equals(gen) || !self.get().status().equals("pending")) {
                return false;
            }
            boolean ready = true;
            for (String dep : spec.dependsOn()) {
                Optional<TaskStore.Row> d = store.find(dep);
                String status = d.map(TaskStore.Row::status).orElse("deleted");
                if (status.equals("success")) {
                    continue;
                }
                if (status.equals("deleted") || TaskStore.TERMINAL.contains(status)) {
                    ObjectNode error = JSON.objectNode().put("code", "dependency_failed")
                            .put("message", "dependency " + dep + " ended " + status);
                    store.update(spec.id(), gen, Set.of("pending"), r -> r.status("skipped").outcome(0, null, null, error));
                    return false;
                }
                ready = false;
            }
            if (ready) {
                return true;
            }
            synchronized (changed) {
                changed.wait(Math.max(pollMillis, 10) * 5);
            }
        }
    }

    /**
     * Cancels the running work, interrupts the waiting tasks and waits for their threads to end, so that no task
     * writes to the store after this returns (the server closes the database next). A task that does not end within
     * {@link #CLOSE_WAIT} is logged and left behind.
     */
    @Override
    public void close() {
        active.values().forEach(Work::cancel);
        threads.shutdownNow();
        try {
            if (!threads.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warning("exec tasks still running " + CLOSE_WAIT.toSeconds() + " s after the stop; closing anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);
}
