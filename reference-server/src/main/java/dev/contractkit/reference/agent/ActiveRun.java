package dev.contractkit.reference.agent;

import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A run that is streaming now: cancel wakes its pauses at once and cancels its SQL statement, so a run stops
 * well within a second of {@code POST /api/v1/runs/{runId}/cancel}. A client going away does not cancel it.
 */
final class ActiveRun {
    /** Thrown at the run's next checkpoint after a cancel. */
    static final class Cancelled extends RuntimeException {
        Cancelled() {
            super("cancelled", null, false, false);
        }
    }

    /** The runs streaming now, by run id. */
    static final class Registry {
        private final ConcurrentHashMap<String, ActiveRun> runs = new ConcurrentHashMap<>();

        /** @return the new run, or null when one with this id is streaming */
        ActiveRun open(String runId, String threadId) {
            ActiveRun run = new ActiveRun(runId, threadId);
            return runs.putIfAbsent(runId, run) == null ? run : null;
        }

        ActiveRun get(String runId) {
            return runs.get(runId);
        }

        void close(ActiveRun run) {
            runs.remove(run.runId, run);
        }
    }

    private final String runId;
    private final String threadId;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private volatile Statement statement;
    private volatile String reason;
    private volatile Duration atLeast = Duration.ZERO;

    private ActiveRun(String runId, String threadId) {
        this.runId = runId;
        this.threadId = threadId;
    }

    String runId() {
        return runId;
    }

    String threadId() {
        return threadId;
    }

    /** @param why {@code cancel} */
    void cancel(String why) {
        if (reason == null) {
            reason = why;
        }
        cancelled.countDown();
        Statement s = statement;
        if (s != null) {
            try {
                s.cancel();
            } catch (Exception ignored) {
                // the statement finished meanwhile
            }
        }
    }

    boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    String reason() {
        return reason;
    }

    /** @throws Cancelled when the run was cancelled */
    void checkpoint() {
        if (isCancelled()) {
            throw new Cancelled();
        }
    }

    /** Makes every later pause last at least {@code d} (a skill's {@code stepDelay}). */
    void pauseAtLeast(Duration d) {
        atLeast = d;
    }

    /** Waits, waking at once on cancel. */
    void pause(Duration pause) {
        Duration d = pause.compareTo(atLeast) < 0 ? atLeast : pause;
        if (d.isZero()) {
            checkpoint();
            return;
        }
        try {
            if (cancelled.await(d.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new Cancelled();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Cancelled();
        }
    }

    /**
     * Runs a blocking call (an MCP request) on a virtual thread and waits for it, giving up within 50 ms of a
     * cancel (the call is interrupted and left to end on its own).
     *
     * @throws Cancelled when the run was cancelled first
     */
    <T> T await(Callable<T> call) {
        FutureTask<T> task = new FutureTask<>(call);
        Thread.ofVirtual().name("agent-" + runId + "-call").start(task);
        while (true) {
            checkpointOr(task);
            try {
                return task.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look at the cancel flag again
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                task.cancel(true);
                throw new Cancelled();
            }
        }
    }

    private void checkpointOr(Future<?> task) {
        if (isCancelled()) {
            task.cancel(true);
            throw new Cancelled();
        }
    }

    void statement(Statement s) {
        this.statement = s;
        if (s != null && isCancelled()) {
            cancel(reason);
        }
    }
}
