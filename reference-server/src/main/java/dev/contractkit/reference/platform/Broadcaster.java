package dev.contractkit.reference.platform;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * Fans messages out to subscribers without ever blocking the publisher: each subscriber has a bounded
 * queue drained by its own virtual thread. A subscriber that falls behind by more than its queue, or
 * whose sink throws, is dropped (its {@code onDrop} runs, e.g. to close a WebSocket), so a slow or dead
 * client never slows down or breaks the request path that publishes.
 *
 * <pre>{@code
 * Broadcaster hub = new Broadcaster(256);
 * Broadcaster.Subscription s = hub.subscribe(session::sendText, () -> session.close(1008, "too slow"));
 * hub.publish("{\"type\":\"coupon_created\",...}");
 * s.cancel();
 * }</pre>
 */
public final class Broadcaster {
    private static final Logger LOG = Logger.getLogger(Broadcaster.class.getName());
    private static final String POISON = new String("stop");

    private final int capacity;
    private final Set<Subscription> subscribers = ConcurrentHashMap.newKeySet();

    /**
     * @param capacity messages a subscriber may fall behind before it is dropped
     */
    public Broadcaster(int capacity) {
        this.capacity = capacity;
    }

    /**
     * @param sink   receives each message, on the subscription's own thread
     * @param onDrop runs once if the subscription is dropped for being slow or failing
     * @return the subscription
     */
    public Subscription subscribe(Consumer<String> sink, Runnable onDrop) {
        return subscribe(sink, why -> onDrop.run());
    }

    /**
     * @param sink   receives each message, on the subscription's own thread
     * @param onDrop runs once with the reason if the subscription is dropped: for being slow or failing, or by
     *               {@link #dropAll} ({@link #MISSED})
     * @return the subscription
     */
    public Subscription subscribe(Consumer<String> sink, Consumer<String> onDrop) {
        Subscription s = new Subscription(new ArrayBlockingQueue<>(capacity), sink, onDrop);
        subscribers.add(s);
        Thread.ofVirtual().name("broadcast-subscriber").start(s::drain);
        return s;
    }

    /**
     * Offers a message to every subscriber; never blocks.
     *
     * @param message the message
     */
    public void publish(String message) {
        for (Subscription s : subscribers) {
            if (!s.queue.offer(message)) {
                s.drop("fell more than " + capacity + " messages behind");
            }
        }
    }

    /**
     * Probes the delivery machinery without reaching real subscribers: a private subscription (not in the
     * fan-out set) gets one message through its queue and virtual thread.
     *
     * @param timeout how long to wait for the delivery
     * @return true when the message arrived in time
     */
    public boolean selfTest(Duration timeout) {
        CountDownLatch delivered = new CountDownLatch(1);
        Subscription probe = new Subscription(new ArrayBlockingQueue<>(1), m -> delivered.countDown(), why -> { });
        try {
            Thread.ofVirtual().name("broadcast-probe").start(probe::drain);
            return probe.queue.offer("probe") && delivered.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (RuntimeException e) {
            return false;
        } finally {
            probe.stop();
        }
    }

    /** The reason {@link #dropAll} gives: messages were missed upstream (the bus lost some). */
    public static final String MISSED = "messages were missed upstream";

    /** Drops every subscriber with the reason {@link #MISSED}: they cannot be given every message any more. */
    public void dropAll() {
        for (Subscription s : subscribers) {
            s.drop(MISSED);
        }
    }

    /** @return the current number of subscribers */
    public int subscribers() {
        return subscribers.size();
    }

    /** One subscriber. */
    public final class Subscription {
        private final BlockingQueue<String> queue;
        private final Consumer<String> sink;
        private final Consumer<String> onDrop;
        private volatile boolean done;

        private Subscription(BlockingQueue<String> queue, Consumer<String> sink, Consumer<String> onDrop) {
            this.queue = queue;
            this.sink = sink;
            this.onDrop = onDrop;
        }

        private void drain() {
            try {
                while (!done) {
                    String m = queue.take();
                    if (m == POISON || done) {
                        return;
                    }
                    sink.accept(m);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                drop("delivery failed: " + e.getMessage());
            }
        }

        private void drop(String why) {
            if (stop()) {
                LOG.fine(() -> "dropping subscriber: " + why);
                onDrop.accept(why);
            }
        }

        private boolean stop() {
            if (done) {
                return false;
            }
            done = true;
            subscribers.remove(this);
            queue.clear();
            queue.offer(POISON);
            return true;
        }

        /** Stops delivery (the client went away). */
        public void cancel() {
            stop();
        }
    }
}
