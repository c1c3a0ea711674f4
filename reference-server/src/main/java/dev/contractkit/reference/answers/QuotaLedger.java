package dev.contractkit.reference.answers;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each key's quota window: {@code used} (answer requests processed in the window) is kept in the kit's
 * database, {@code pending} (requests in flight) in memory, since nothing is in flight after a restart. A
 * request reserves a slot before the engine runs and turns it into one {@code used} when it ends, so that
 * {@code used + pending} never passes the limit, however many requests arrive at once.
 *
 * <p>Windows follow one another from the key's creation: {@code start = created + n * window}.
 */
final class QuotaLedger {
    /** A key's quota as the contract reports it. */
    record Usage(int used, int pending, int totalLimit, Instant start, Instant end) {
        boolean exceeded() {
            return used + pending >= totalLimit;
        }
    }

    /** A reserved slot: {@link #close()} counts it as used. */
    interface Reservation extends AutoCloseable {
        @Override
        void close();
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final Map<String, Object> locks = new ConcurrentHashMap<>();
    private final Map<String, Integer> pending = new ConcurrentHashMap<>();

    QuotaLedger(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /**
     * @param key a key
     * @return its usage in the current window
     */
    Usage usage(ApiKeys.Key key) throws SQLException {
        Instant start = windowStart(key);
        return new Usage(used(key.id(), start), pending.getOrDefault(key.id(), 0), key.totalLimit(), start,
                start.plus(key.window()));
    }

    /**
     * Reserves one request of the key's quota.
     *
     * @param key a key
     * @return the reservation, or null when the window is used up
     */
    Reservation reserve(ApiKeys.Key key) throws SQLException {
        synchronized (locks.computeIfAbsent(key.id(), k -> new Object())) {
            if (usage(key).exceeded()) {
                return null;
            }
            pending.merge(key.id(), 1, Integer::sum);
        }
        Instant start = windowStart(key);
        return new Reservation() {
            private boolean closed;

            @Override
            public void close() {
                if (closed) {
                    return;
                }
                closed = true;
                synchronized (locks.get(key.id())) {
                    try {
                        count(key.id(), start);
                    } catch (SQLException e) {
                        throw new IllegalStateException("could not count a quota use", e);
                    } finally {
                        pending.merge(key.id(), -1, Integer::sum);
                    }
                }
            }
        };
    }

    private Instant windowStart(ApiKeys.Key key) {
        long windowMs = key.window().toMillis();
        long created = key.createdAt().toEpochMilli();
        long elapsed = Math.max(0, clock.millis() - created);
        return Instant.ofEpochMilli(created + elapsed - elapsed % windowMs);
    }

    private int used(String keyId, Instant start) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT used FROM answer_usage WHERE key_id = ? AND window_start = ?")) {
            ps.setString(1, keyId);
            ps.setObject(2, ApiKeys.utc(start));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    private void count(String keyId, Instant start) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement up = c.prepareStatement(
                    "UPDATE answer_usage SET used = used + 1 WHERE key_id = ? AND window_start = ?")) {
                up.setString(1, keyId);
                up.setObject(2, ApiKeys.utc(start));
                if (up.executeUpdate() == 1) {
                    return;
                }
            }
            try (PreparedStatement in = c.prepareStatement(
                    "INSERT INTO answer_usage (key_id, window_start, used) VALUES (?, ?, 1)")) {
                in.setString(1, keyId);
                in.setObject(2, ApiKeys.utc(start));
                in.executeUpdate();
            }
        }
    }
}
