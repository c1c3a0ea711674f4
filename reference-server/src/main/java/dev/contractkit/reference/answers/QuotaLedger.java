package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.StorageException;
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
 * Each key's quota window, counted in the kit's database so that every replica counts the same quota: a request
 * reserves its slot with one conditional increment ({@code UPDATE answer_usage SET used = used + 1 WHERE ... AND
 * used < limit}), atomic under the row lock, before the engine runs. So {@code used} never passes the limit,
 * however many requests arrive at once on however many replicas. {@code pending} (requests in flight) is this
 * replica's own; the contract's {@code used} is the stored count less them.
 *
 * <p>A request the service could not process (503: the model's provider failed) gives its slot back
 * ({@link Reservation#refund()}); answers and the four refusals keep it.
 *
 * <p>Windows follow one another from the key's creation: {@code start = created + n * window}.
 *
 * <p>On the embedded database the reservations share their commits ({@link GroupCommit}): every answer request
 * increments the same row, so one durable commit per request would queue them all on that row's lock for the
 * file's write; a shared commit holds every reservation that arrived meanwhile, each still answered only once it is
 * in the file.
 */
final class QuotaLedger {
    /** A key's quota as the contract reports it. */
    record Usage(int used, int pending, int totalLimit, Instant start, Instant end) {
        boolean exceeded() {
            return used + pending >= totalLimit;
        }
    }

    /** A reserved slot (counted already); {@link #close()} ends it. */
    interface Reservation extends AutoCloseable {
        /** Gives the slot back: the request was not processed (the model's provider could not answer: 503). */
        void refund();

        @Override
        void close();
    }

    private final Jdbc jdbc;
    private final Clock clock;
    private final GroupCommit reservations;
    private final Map<String, Integer> pending = new ConcurrentHashMap<>();

    /**
     * @param dataSource   the kit's database
     * @param clock        the time
     * @param reservations where reservations run (shared commits on the embedded database); null: a transaction each
     */
    QuotaLedger(DataSource dataSource, Clock clock, GroupCommit reservations) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
        this.reservations = reservations;
    }

    /**
     * @param key a key
     * @return its usage in the current window
     */
    Usage usage(ApiKeys.Key key) {
        Instant start = windowStart(key);
        int inFlight = pending.getOrDefault(key.id(), 0);
        int stored = used(key.id(), start);
        return new Usage(Math.max(0, stored - inFlight), Math.min(inFlight, stored), key.totalLimit(), start,
                start.plus(key.window()));
    }

    /**
     * Reserves one request of the key's quota.
     *
     * @param key a key
     * @return the reservation, or null when the window is used up
     */
    Reservation reserve(ApiKeys.Key key) {
        Instant start = windowStart(key);
        if (!take(key.id(), start, key.totalLimit())) {
            return null;
        }
        pending.merge(key.id(), 1, Integer::sum);
        return new Reservation() {
            private boolean closed;
            private boolean refunded;

            @Override
            public void refund() {
                if (!refunded) {
                    refunded = true;
                    give(key.id(), start);
                }
            }

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    pending.merge(key.id(), -1, Integer::sum);
                }
            }
        };
    }

    private void give(String keyId, Instant start) {
        jdbc.call(c -> {
            try (PreparedStatement down = c.prepareStatement(
                    "UPDATE answer_usage SET used = used - 1 WHERE key_id = ? AND window_start = ? AND used > 0")) {
                down.setString(1, keyId);
                down.setObject(2, ApiKeys.utc(start));
                return down.executeUpdate();
            }
        });
    }

    private Instant windowStart(ApiKeys.Key key) {
        long windowMs = key.window().toMillis();
        long created = key.createdAt().toEpochMilli();
        long elapsed = Math.max(0, clock.millis() - created);
        return Instant.ofEpochMilli(created + elapsed - elapsed % windowMs);
    }

    private int used(String keyId, Instant start) {
        return jdbc.call(c -> used(c, keyId, start));
    }

    private static int used(Connection c, String keyId, Instant start) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT used FROM answer_usage WHERE key_id = ? AND window_start = ?")) {
            ps.setString(1, keyId);
            ps.setObject(2, ApiKeys.utc(start));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    /**
     * One atomic conditional increment; the window's row is made first if missing (a lost race is fine). One
     * connection for both: a second one taken while holding the first exhausts the pool under concurrency.
     */
    private boolean take(String keyId, Instant start, int limit) {
        Jdbc.Statements<Boolean> reserve = c -> {
            if (used(c, keyId, start) == 0) {
                try (PreparedStatement in = c.prepareStatement(
                        "INSERT INTO answer_usage (key_id, window_start, used) VALUES (?, ?, 0)")) {
                    in.setString(1, keyId);
                    in.setObject(2, ApiKeys.utc(start));
                    in.executeUpdate();
                } catch (SQLException e) {
                    if (!StorageException.isUniqueViolation(e)) {
                        throw e;
                    } // another request (or replica) made the row first
                }
            }
            try (PreparedStatement up = c.prepareStatement(
                    "UPDATE answer_usage SET used = used + 1 WHERE key_id = ? AND window_start = ? AND used < ?")) {
                up.setString(1, keyId);
                up.setObject(2, ApiKeys.utc(start));
                up.setInt(3, limit);
                return up.executeUpdate() == 1;
            }
        };
        return reservations == null ? jdbc.call(reserve) : reservations.transaction(reserve);
    }
}
