package dev.contractkit.reference.platform;

/**
 * Messages between the replicas of the reference server: whatever one replica publishes on a channel reaches
 * the listeners of that channel on every replica (itself included), in the order the bus assigned to them.
 * {@link Cluster} picks the implementation: Redis pub/sub when {@code KIT_REDIS_URL} is set, PostgreSQL
 * LISTEN/NOTIFY when the database is PostgreSQL, in-process otherwise.
 *
 * <p>Guarantee: every message is delivered once per replica, in publication order (so every event of one coupon
 * in the order of its writes). A replica that loses its bus connection reads what it missed from the bus's
 * event log when it reconnects (Redis: the last {@value #LOG_SIZE} messages; PostgreSQL: the {@code kit_events}
 * table, the same bound); when the log no longer holds them, its listeners are told with {@link Listener#lost()}
 * instead of silently missing messages.
 *
 * <pre>{@code
 * Bus bus = cluster.bus();
 * bus.subscribe("coupons", new Bus.Listener() {
 *     public void message(String m) { hub.publish(m); }
 *     public void lost() { hub.dropAll(); }
 * });
 * bus.publish("coupons", "{\"type\":\"coupon_created\",...}");
 * }</pre>
 */
public interface Bus extends AutoCloseable {
    /** Messages a replica can catch up on after it lost its bus connection. */
    int LOG_SIZE = 10_000;

    /** Receives the messages of one channel, one at a time, on the bus's delivery thread: never block in it. */
    interface Listener {
        /** @param message a message published on the channel */
        void message(String message);

        /** Messages were lost (the replica was cut off longer than the log reaches back). */
        default void lost() {
        }
    }

    /**
     * Publishes; returns once the bus has the message (it is then delivered to every replica).
     *
     * @param channel a channel name (letters, digits, dots and dashes)
     * @param message the message
     * @throws IllegalStateException when the bus cannot take it (the caller answers 503)
     */
    void publish(String channel, String message);

    /**
     * @param channel  the channel
     * @param listener gets each later message of the channel
     */
    void subscribe(String channel, Listener listener);

    /** @return true when the bus works now (readiness) */
    boolean healthy();

    /** @return what the bus is, for the start banner ("redis://host:6379", "postgresql", "in-process") */
    String description();

    @Override
    void close();
}
