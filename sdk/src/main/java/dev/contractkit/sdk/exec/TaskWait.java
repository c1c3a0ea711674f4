package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.exec.model.Task;
import dev.contractkit.sdk.exec.model.TaskStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Waits until tasks are terminal, polling at an interval, up to a time-out (the SDK's form of {@code execcli wait}).
 *
 * <pre>{@code
 * TaskWait.Result r = exec.awaitAll(List.of("a", "b"), Duration.ofSeconds(30), Duration.ofMillis(200)).execute();
 * if (!r.allTerminal()) { ... }   // the time-out came first; r.tasks() are the last states read
 * }</pre>
 */
public final class TaskWait {
    /** The terminal states. */
    public static final Set<TaskStatus> TERMINAL = EnumSet.of(TaskStatus.SUCCESS, TaskStatus.FAILED,
            TaskStatus.CANCELLED, TaskStatus.SKIPPED);

    private final Function<String, Task> read;
    private final Function<String, CompletableFuture<Task>> readAsync;

    TaskWait(Function<String, Task> read) {
        this(read, id -> CompletableFuture.supplyAsync(() -> read.apply(id)));
    }

    TaskWait(Function<String, Task> read, Function<String, CompletableFuture<Task>> readAsync) {
        this.read = read;
        this.readAsync = readAsync;
    }

    /**
     * The outcome of a wait.
     *
     * @param tasks       the tasks as last read, in the order asked for
     * @param allTerminal whether every task is terminal
     * @param deadline    when the wait would have given up
     */
    public record Result(List<Task> tasks, boolean allTerminal, Instant deadline) {
    }

    Result await(List<String> ids, Duration timeout, Duration interval) {
        check(ids, timeout, interval);
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            List<Task> tasks = new ArrayList<>();
            for (String id : ids) {
                tasks.add(read.apply(id));
            }
            boolean all = tasks.stream().allMatch(t -> TERMINAL.contains(t.getStatus()));
            if (all || !Instant.now().isBefore(deadline)) {
                return new Result(List.copyOf(tasks), all, deadline);
            }
            try {
                Thread.sleep(Math.min(interval.toMillis(), Math.max(1, Duration.between(Instant.now(), deadline).toMillis())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Result(List.copyOf(tasks), false, deadline);
            }
        }
    }

    /** Like {@link #await}, without blocking a thread: polls with the async reads, waits on a delayed executor. */
    CompletableFuture<Result> awaitAsync(List<String> ids, Duration timeout, Duration interval) {
        check(ids, timeout, interval);
        Instant deadline = Instant.now().plus(timeout);
        return poll(List.copyOf(ids), deadline, interval);
    }

    private CompletableFuture<Result> poll(List<String> ids, Instant deadline, Duration interval) {
        List<CompletableFuture<Task>> reads = ids.stream().map(readAsync).toList();
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenCompose(done -> {
            List<Task> tasks = reads.stream().map(CompletableFuture::join).toList();
            boolean all = tasks.stream().allMatch(t -> TERMINAL.contains(t.getStatus()));
            if (all || !Instant.now().isBefore(deadline)) {
                return CompletableFuture.completedFuture(new Result(tasks, all, deadline));
            }
            long wait = Math.min(interval.toMillis(), Math.max(1, Duration.between(Instant.now(), deadline).toMillis()));
            return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(wait, TimeUnit.MILLISECONDS))
                    .thenCompose(ignored -> poll(ids, deadline, interval));
        });
    }

    private static void check(List<String> ids, Duration timeout, Duration interval) {
        Objects.requireNonNull(ids, "ids == null");
        if (timeout.isNegative() || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("timeout must be >= 0 and interval > 0");
        }
    }
}
