package dev.contractkit.reference.platform;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Group commit for the embedded database: writes handed to {@link #transaction} from many request threads are
 * collected by a committer thread, run one after the other in one transaction, committed once, and only then
 * answered. On the embedded file a durable commit writes a chunk of H2's changes to the file before it returns (see
 * {@link Database}), or a journal line per write ({@link AfterCommit}), and that write, not the statements, is what
 * a durable write waits for: one commit for a batch costs about what one commit for one did, and no write is
 * answered before its commit is durable.
 *
 * <p>Each write runs behind a savepoint of its own: when it throws (its own refusal, or a failed statement), the
 * transaction goes back to that savepoint and the write's caller gets its exception after the commit, while the
 * others of the batch are committed. A refusal is answered after the commit too, since it may have been decided on
 * an earlier write of the same batch (the order it repeats, the last use of a coupon). When the commit fails, every
 * write of the batch gets a {@link StorageException} and nothing of it is stored.
 *
 * <p>Back-pressure: at most {@code queue} writes wait; a write beyond that is refused at once with 503
 * {@code SERVICE_UNAVAILABLE} and {@code Retry-After: 1} (nothing of it was run). {@link #close} stops accepting
 * (later writes get the same 503), runs and commits every write already accepted, and answers each; a write is
 * therefore either answered after its commit or refused before it ran, never acknowledged and lost.
 *
 * <p>One committer (what the redemptions use) runs a batch, writes its commit, answers it and takes the next: every
 * batch holds what arrived while the one before ran and was written, the largest batches for a given load. With two,
 * they take turns, so that one batch's statements run while the previous batch's commit is written: a
 * committer holds {@code running} while it collects a batch and runs its statements, and lets it go just before
 * {@code commit()}. H2 ends the transaction (its row locks released) before it writes the chunk, so the next batch
 * never waits for the write, only for the end of the statements before it; and since a committing transaction takes
 * no new lock, two batches cannot deadlock on rows they lock in different orders. The next commit's write waits for
 * the one before (H2's store lock) and covers everything committed before it: a batch is answered only once what it
 * read is in the file too.
 *
 * <p>How large a batch grows: a committer takes every write waiting, and runs each one that arrives while its batch
 * runs, for as long as the other committer's commit is being written (its own commit could not be written before
 * that one anyway, so waiting costs no latency); then, when {@code delay} is above zero and the batch before held
 * more than one write (writes arrive concurrently), it waits up to {@code delay} more for further writes, as
 * PostgreSQL's {@code commit_delay} does (a little latency for fewer, larger commits). A batch never holds more than
 * {@code maxBatch} writes.
 *
 * <p>With an {@link AfterCommit} (a {@link Journal} of the writes), the batch's transaction is committed on the
 * database's {@link Database#deferredDataSource()} (H2 stores it in the background) and the hook makes the batch
 * durable after the commit and before any answer; without one, the commit itself does.
 *
 * <pre>{@code
 * try (GroupCommit commits = new GroupCommit(dataSource, "example", 64, 1024, Duration.ZERO)) {
 *     int changed = commits.transaction(c -> {
 *         try (var ps = c.prepareStatement("UPDATE counters SET n = n + 1 WHERE id = 1")) {
 *             return ps.executeUpdate();
 *         }
 *     });
 * }
 * }</pre>
 */
public final class GroupCommit implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GroupCommit.class.getName());
    private static final long CLOSE_WAIT_SECONDS = 30;
    private static final long IDLE_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /**
     * The settings {@code db.group-commit*} (registry: {@code platform/settings.tsv}), read and checked once.
     *
     * @param batch       {@code db.group-commit}: the most writes one commit holds, 0 for a transaction per write
     * @param queue       {@code db.group-commit-queue}: the most writes waiting for a commit
     * @param delayMicros {@code db.group-commit-delay-us}: how long a batch waits for more, in microseconds
     */
    public record Sizes(int batch, int queue, int delayMicros) {
        /**
         * @param s the settings
         * @return their group-commit sizes
         * @throws IllegalArgumentException naming the variables when one is out of range
         */
        public static Sizes from(Settings s) {
            int batch = s.integer("db.group-commit");
            int queue = s.integer("db.group-commit-queue");
            int delay = s.integer("db.group-commit-delay-us");
            if (batch < 0 || queue < 1 || delay < 0) {
                throw new IllegalArgumentException(Settings.envName("db.group-commit") + " must be 0 (off) or more, "
                        + Settings.envName("db.group-commit-queue") + " 1 or more and "
                        + Settings.envName("db.group-commit-delay-us") + " 0 or more, were " + batch + ", " + queue
                        + " and " + delay);
            }
            return new Sizes(batch, queue, delay);
        }
    }

    /**
     * Where one kind of durable write runs: on the embedded database, a group commit with one committer (each batch
     * takes what arrived while the one before ran and was written: the largest batches); on PostgreSQL (any
     * {@code KIT_DB_URL}), or with {@code db.group-commit} 0, none: a transaction per write (the database already
     * flushes concurrent commits together, and replicas share it).
     *
     * @param database the kit's database
     * @param sizes    {@link Sizes#from}
     * @param name     what the writes are (the committer thread's name, its messages)
     * @return the group commit, or null for a transaction per write
     */
    public static GroupCommit forEmbedded(Database database, Sizes sizes, String name) {
        return forEmbedded(database, sizes, name, null);
    }

    /**
     * What makes a batch durable when its commit does not: called on a committer thread, after the batch's commit and
     * before its answers.
     */
    public interface AfterCommit {
        /**
         * @param results what the batch's writes that succeeded returned, in their order (refusals left out)
         * @throws RuntimeException when the batch cannot be made durable: every write of it gets the exception
         */
        void committed(List<Object> results);

        /** Called by a committer with nothing to do, about every 100 ms. */
        default void idle() {
        }

        /** Called once, after the last batch's answers. */
        default void closed() {
        }
    }

    /**
     * As {@link #forEmbedded(Database, Sizes, String)}, for writes that a journal makes durable.
     *
     * @param database the kit's database
     * @param sizes    {@link Sizes#from}
     * @param name     what the writes are
     * @param after    what makes a batch durable after its commit (null: the commit does)
     * @return the group commit, or null for a transaction per write
     */
    public static GroupCommit forEmbedded(Database database, Sizes sizes, String name, AfterCommit after) {
        if (!database.embedded() || sizes.batch() <= 0) {
            return null;
        }
        return new GroupCommit(after == null ? database.dataSource() : database.deferredDataSource(), name,
                sizes.batch(), sizes.queue(), Duration.ofNanos(sizes.delayMicros() * 1_000L), 1, after);
    }

    private record Write<T>(Jdbc.Statements<T> statements, CompletableFuture<T> answer) {
    }

    /** A write's outcome within its batch, delivered once the batch's commit is known. */
    private record Outcome(Write<?> write, Object result, RuntimeException failure) {
        @SuppressWarnings("unchecked")
        void deliver() {
            if (failure != null) {
                write.answer.completeExceptionally(failure);
            } else {
                ((CompletableFuture<Object>) write.answer).complete(result);
            }
        }
    }

    private final DataSource dataSource;
    private final String name;
    private final int maxBatch;
    private final int queueLimit;
    private final long delayNanos;
    /** Guards {@link #waiting}, {@link #writing} and {@link #closed}; {@link #changed} is signalled on each change. */
    private final ReentrantLock state = new ReentrantLock();
    private final Condition changed = state.newCondition();
    private final ArrayDeque<Write<?>> waiting = new ArrayDeque<>();
    /** Commits being written now (0 or 1: a commit starts only once the collecting committer lets go of running). */
    private int writing;
    private boolean closed;
    /** Held by the committer whose batch runs its statements; let go before the commit (see the class comment). */
    private final ReentrantLock running = new ReentrantLock();
    private final List<Thread> committers;
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong writes = new AtomicLong();
    private volatile int lastBatch;
    private final AfterCommit after;

    /**
     * @param dataSource the database (a connection is borrowed for each batch)
     * @param name       what the writes are, for the committer threads' names and messages
     * @param maxBatch   the most writes in one transaction (at least 1)
     * @param queue      the most writes waiting for a committer before new ones are refused (at least 1)
     * @param delay      how long a batch waits for more writes once nothing else is being written, when writes
     *                   arrive concurrently (zero: it does not wait)
     */
    public GroupCommit(DataSource dataSource, String name, int maxBatch, int queue, Duration delay) {
        this(dataSource, name, maxBatch, queue, delay, 2);
    }

    /**
     * @param dataSource the database (a connection is borrowed for each batch)
     * @param name       what the writes are, for the committer threads' names and messages
     * @param maxBatch   the most writes in one transaction (at least 1)
     * @param queue      the most writes waiting for a committer before new ones are refused (at least 1)
     * @param delay      how long a batch waits for more writes once nothing else is being written, when writes
     *                   arrive concurrently (zero: it does not wait)
     * @param committers 1 (each batch takes what arrived while the one before ran and was written: larger batches)
     *                   or 2 (one batch's statements run while the other's commit is written)
     */
    public GroupCommit(DataSource dataSource, String name, int maxBatch, int queue, Duration delay, int committers) {
        this(dataSource, name, maxBatch, queue, delay, committers, null);
    }

    private GroupCommit(DataSource dataSource, String name, int maxBatch, int queue, Duration delay, int committers,
                        AfterCommit after) {
        if (committers < 1 || committers > 2) {
            throw new IllegalArgumentException("group commit of " + name + ": 1 or 2 committers, were " + committers);
        }
        if (maxBatch < 1 || queue < 1 || delay.isNegative()) {
            throw new IllegalArgumentException("group commit of " + name + ": batch and queue must be at least 1 and "
                    + "the delay 0 or more, were " + maxBatch + ", " + queue + " and " + delay);
        }
        this.dataSource = dataSource;
        this.name = name;
        this.maxBatch = maxBatch;
        this.queueLimit = queue;
        this.delayNanos = delay.toNanos();
        this.after = after;
        List<Thread> started = new ArrayList<>();
        for (int i = 1; i <= committers; i++) {
            started.add(Thread.ofPlatform().name("group-commit-" + name + "-" + i).daemon().start(this::commitLoop));
        }
        this.committers = List.copyOf(started);
    }

    /**
     * Runs {@code statements} in the next group transaction and waits for its commit.
     *
     * @param statements the write, on the group's connection (no commit, rollback or auto-commit change of its own)
     * @param <T>        its result
     * @return its result, once committed
     * @throws StorageException when the database fails (the write is not stored)
     * @throws ApiError         503 when too many writes wait or the server is stopping (the write was not run)
     * @throws RuntimeException what {@code statements} threw (rolled back to its savepoint)
     */
    public <T> T transaction(Jdbc.Statements<T> statements) {
        Write<T> write = new Write<>(statements, new CompletableFuture<>());
        state.lock();
        try {
            if (closed) {
                throw refused("the server is stopping", "the server is stopping");
            }
            if (waiting.size() >= queueLimit) {
                throw refused(waiting.size() + " writes are waiting for their commit", "too many writes at once");
            }
            waiting.add(write);
            changed.signalAll();
        } finally {
            state.unlock();
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return interrupted ? write.answer.get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS) : write.answer.get();
                } catch (InterruptedException e) {
                    // the server's stop interrupts the request threads (Helidon closes their connections), but
                    // this write was accepted and its committer answers it (close() commits every one accepted):
                    // tell its real outcome rather than "unknown"; a second interrupt or a committer that does not
                    // answer in time ends the wait
                    if (interrupted) {
                        throw outcomeUnknown();
                    }
                    interrupted = true;
                } catch (TimeoutException e) {
                    throw outcomeUnknown();
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static ApiError outcomeUnknown() {
        return ApiError.unavailable("interrupted while the write waited for its commit; its outcome is unknown")
                .withDetails("interrupted");
    }

    private static ApiError refused(String why, String details) {
        return ApiError.unavailable("service temporarily unavailable: " + why).withDetails(details)
                .withHeader("Retry-After", "1");
    }

    /** @return how many writes wait for a committer now (not counting the batches being run) */
    public int waiting() {
        state.lock();
        try {
            return waiting.size();
        } finally {
            state.unlock();
        }
    }

    /** @return how many transactions the committers have committed */
    public long commits() {
        return commits.get();
    }

    /** @return how many writes those transactions held (succeeded or refused) */
    public long writes() {
        return writes.get();
    }

    private void commitLoop() {
        List<Write<?>> batch = new ArrayList<>();
        while (true) {
            running.lock();
            Write<?> first = next(batch);
            if (first == null) {
                running.unlock();
                if (after != null) {
                    idle();
                }
                if (ended()) {
                    return;
                }
                continue;
            }
            batch.add(first);
            try {
                commit(batch);
            } catch (Throwable t) { // a committer must outlive anything one batch does: answer its writes, go on
                LOG.log(Level.SEVERE, "group commit of " + name + " failed", t);
                RuntimeException failure = t instanceof SQLException s ? new StorageException(s)
                        : new IllegalStateException("group commit failed", t);
                batch.forEach(w -> w.answer.completeExceptionally(failure));
            } finally {
                if (running.isHeldByCurrentThread()) {
                    running.unlock();
                }
            }
            batch.clear();
        }
    }

    private void idle() {
        try {
            after.idle();
        } catch (RuntimeException e) { // tried again on the next idle round; the writes stay durable meanwhile
            LOG.log(Level.WARNING, "group commit of " + name + ": idle work failed", e);
        }
    }

    private boolean ended() {
        state.lock();
        try {
            return closed && waiting.isEmpty();
        } finally {
            state.unlock();
        }
    }

    /**
     * The next write for {@code batch} (empty: the first one, waited for up to 100 ms), or null when the batch is
     * complete: full, or nothing waits, nothing is being written and the delay (if any) is over.
     */
    private Write<?> next(List<Write<?>> batch) {
        if (batch.size() >= maxBatch) {
            return null;
        }
        long deadline = 0;
        state.lock();
        try {
            while (waiting.isEmpty()) {
                long wait;
                if (batch.isEmpty()) {
                    if (closed) {
                        return null;
                    }
                    wait = IDLE_WAIT_NANOS;
                } else if (writing > 0) {
                    wait = IDLE_WAIT_NANOS; // woken when that commit ends
                } else if (delayNanos > 0 && lastBatch > 1 && !closed) {
                    long now = System.nanoTime();
                    if (deadline == 0) {
                        deadline = now + delayNanos;
                    }
                    wait = deadline - now;
                    if (wait <= 0) {
                        return null;
                    }
                } else {
                    return null;
                }
                long left = changed.awaitNanos(wait);
                if (batch.isEmpty() && left <= 0 && waiting.isEmpty()) {
                    return null; // an idle committer goes round its loop (and ends there once closed)
                }
            }
            return waiting.poll();
        } catch (InterruptedException e) {
            return null; // only close() may end a committer, and only once nothing waits
        } finally {
            state.unlock();
        }
    }

    /**
     * One transaction for the batch: each write behind its savepoint, as they come (see the class comment), then
     * (letting the other committer start on the next batch) one commit, then every answer. Called holding
     * {@link #running}, with the batch's first write in {@code batch}.
     */
    private void commit(List<Write<?>> batch) throws SQLException {
        List<Outcome> outcomes = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                for (Write<?> w = batch.getFirst(); w != null; w = next(batch)) {
                    if (w != batch.getFirst()) {
                        batch.add(w);
                    }
                    outcomes.add(run(c, w));
                }
                lastBatch = batch.size();
                writingBegins();
                running.unlock();
                try {
                    c.commit();
                } finally {
                    writingEnds();
                }
            } catch (SQLException | RuntimeException | Error e) {
                try {
                    c.rollback();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
        } // the pool gives the connection back in auto-commit
        if (after != null) {
            List<Object> results = new ArrayList<>(outcomes.size());
            for (Outcome o : outcomes) {
                if (o.failure == null) {
                    results.add(o.result);
                }
            }
            after.committed(results);
        }
        commits.incrementAndGet();
        writes.addAndGet(batch.size());
        outcomes.forEach(Outcome::deliver);
    }

    private static Outcome run(Connection c, Write<?> w) throws SQLException {
        Savepoint before = c.setSavepoint();
        try {
            return new Outcome(w, w.statements.run(c), null);
        } catch (SQLException e) {
            c.rollback(before);
            return new Outcome(w, null, new StorageException(e));
        } catch (RuntimeException e) {
            c.rollback(before);
            return new Outcome(w, null, e);
        }
    }

    private void writingBegins() {
        state.lock();
        try {
            writing++;
        } finally {
            state.unlock();
        }
    }

    private void writingEnds() {
        state.lock();
        try {
            writing--;
            changed.signalAll();
        } finally {
            state.unlock();
        }
    }

    /**
     * Stops accepting writes, commits and answers those already accepted, and ends the committers (waits up to 30 s each;
     * a write still unanswered then was never committed: its caller waits on and gets no success).
     */
    @Override
    public void close() {
        state.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            state.unlock();
        }
        try {
            for (Thread committer : committers) {
                committer.join(TimeUnit.SECONDS.toMillis(CLOSE_WAIT_SECONDS));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (after != null) {
            after.closed();
        }
        long n = commits.get();
        if (n > 0) {
            LOG.info(() -> String.format("group commit of %s: %d writes in %d commits (%.1f a commit)", name,
                    writes.get(), n, (double) writes.get() / n));
        }
    }
}
