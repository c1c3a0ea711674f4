package dev.contractkit.reference.platform;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes readers that wait for new rows under a key (an agent run's events). The database is the truth: a reader
 * reads, then waits for a signal or a short time-out and reads again, so a signal that comes from another replica
 * (or never comes) only delays it by the time-out. {@link #local()} signals within this process; a shared bus
 * (Redis, PostgreSQL {@code LISTEN/NOTIFY}) can implement this interface to wake readers on other replicas at once.
 *
 * <pre>{@code
 * long seen = signals.version(runId);
 * List<Event> more = store.eventsAfter(runId, last);   // read after taking the version: no signal is lost
 * if (more.isEmpty()) signals.await(runId, seen, Duration.ofMillis(250));
 * }</pre>
 */
public interface Signals {
    /**
     * @param key what changed
     * @return a number that grows with every {@link #signal} of the key
     */
    long version(String key);

    /** @param key what changed (new rows are committed) */
    void signal(String key);

    /**
     * Waits until the key's version differs from {@code seen} or {@code max} has passed.
     *
     * @throws InterruptedException when interrupted
     */
    void await(String key, long seen, Duration max) throws InterruptedException;

    /** @param key a key nobody will wait for any more (its run ended) */
    void forget(String key);

    /** @return signals within this process */
    static Signals local() {
        return new Local();
    }

    /** In-process signals: one version counter per key and one monitor. */
    final class Local implements Signals {
        private final ConcurrentHashMap<String, Long> versions = new ConcurrentHashMap<>();
        private final Object monitor = new Object();

        private Local() {
        }

        @Override
        public long version(String key) {
            return versions.getOrDefault(key, 0L);
        }

        @Override
        public void signal(String key) {
            versions.merge(key, 1L, Long::sum);
            synchronized (monitor) {
                monitor.notifyAll();
            }
        }

        @Override
        public void await(String key, long seen, Duration max) throws InterruptedException {
            long deadline = System.nanoTime() + max.toNanos();
            synchronized (monitor) {
                while (version(key) == seen) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return;
                    }
                    monitor.wait(Math.max(1, left / 1_000_000));
                }
            }
        }

        @Override
        public void forget(String key) {
            // a waiter that read the old version sees 0 now: it reads the database again, which is right
            versions.remove(key);
            synchronized (monitor) {
                monitor.notifyAll();
            }
        }
    }
}
