package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Signals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stores one run's events behind the stream (write-behind): {@link #append} hands an event over and returns at
 * once; a writer (one virtual thread per run) stores everything handed over since its last commit in one
 * transaction, in sequence order, then signals re-attached readers. {@link #sync} waits until every event handed
 * over so far is stored: the sink calls it before it sends the run's last event (RUN_FINISHED, RUN_ERROR), so a
 * client never sees a run end whose events are not all stored (docs/decisions.md, "Agent events are stored behind
 * the stream").
 */
final class EventLog {
    private static final Logger LOG = Logger.getLogger(EventLog.class.getName());

    private final AgentStore store;
    private final String runId;
    private final String threadId;
    private final Signals signals;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private List<AgentStore.StoredEvent> pending = new ArrayList<>();
    private int appended = -1;
    private int handled = -1;
    private boolean closed;
    private boolean ended;

    EventLog(AgentStore store, String runId, String threadId, Signals signals) {
        this.store = store;
        this.runId = runId;
        this.threadId = threadId;
        this.signals = signals;
        Thread.ofVirtual().name("agent-" + runId + "-events").start(this::writeAll);
    }

    /** Hands an event over to be stored; its sequence number is one more than the last one's. */
    void append(AgentStore.StoredEvent event) {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("the event log of run " + runId + " is closed");
            }
            pending.add(event);
            appended = event.seq();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until every event handed over so far is stored (or its batch failed, which is logged). */
    void sync() {
        lock.lock();
        try {
            int target = appended;
            while (handled < target && !ended) {
                changed.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stores what is left and ends the writer. */
    void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        sync();
    }

    private void writeAll() {
        try {
            write();
        } finally {
            lock.lock();
            try {
                ended = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    private void write() {
        while (true) {
            List<AgentStore.StoredEvent> batch;
            lock.lock();
            try {
                while (pending.isEmpty() && !closed) {
                    changed.awaitUninterruptibly();
                }
                if (pending.isEmpty()) {
                    return;
                }
                batch = pending;
                pending = new ArrayList<>();
            } finally {
                lock.unlock();
            }
            try {
                store.events(runId, threadId, batch);
                signals.signal(runId);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "agent: could not store " + batch.size() + " event(s) of run " + runId, e);
            }
            lock.lock();
            try {
                handled = batch.getLast().seq();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
