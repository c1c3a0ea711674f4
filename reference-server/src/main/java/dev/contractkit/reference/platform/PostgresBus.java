package dev.contractkit.reference.platform;

import com.zaxxer.hikari.HikariDataSource;
import org.postgresql.PGConnection;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The bus on PostgreSQL: a message is a row of {@code kit_events} (its {@code seq} the order) inserted under a
 * transaction-scoped advisory lock, so rows commit in {@code seq} order, followed by {@code NOTIFY kit_events}
 * in the same transaction. Each replica holds one connection that LISTENs ({@code PGConnection
 * .getNotifications}) and reads the rows after the last one it delivered on every notification, and at least
 * every half second, so a lost notification only delays. After a lost connection it reconnects and reads on.
 * Rows older than the newest {@value Bus#LOG_SIZE} are pruned.
 */
final class PostgresBus extends SequencedBus {
    private static final Logger LOG = Logger.getLogger(PostgresBus.class.getName());
    private static final long LOCK = 0x6b69745f627573L; // "kit_bus"

    private final DataSource dataSource;
    private final Thread listener;
    private volatile boolean closed;
    private volatile boolean listening;

    PostgresBus(DataSource dataSource) {
        this.dataSource = dataSource;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            // created here rather than by a migration: the table exists only where this bus runs (PostgreSQL)
            s.execute("CREATE TABLE IF NOT EXISTS kit_events (seq BIGSERIAL PRIMARY KEY, channel VARCHAR(64) NOT NULL, "
                    + "message TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now())");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot prepare the PostgreSQL bus (kit_events): " + e.getMessage(), e);
        }
        this.listener = Thread.ofPlatform().daemon().name("pg-bus").start(this::listen);
    }

    @Override
    public void publish(String channel, String message) {
        checkChannel(channel);
        try (Connection c = dataSource.getConnection()) {
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                long seq;
                try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                    lock.setLong(1, LOCK);
                    lock.execute();
                }
                try (PreparedStatement in = c.prepareStatement(
                        "INSERT INTO kit_events (channel, message) VALUES (?, ?) RETURNING seq")) {
                    in.setString(1, channel);
                    in.setString(2, message);
                    try (ResultSet rs = in.executeQuery()) {
                        rs.next();
                        seq = rs.getLong(1);
                    }
                }
                try (Statement n = c.createStatement()) {
                    n.execute("NOTIFY kit_events");
                    if (seq % 1000 == 0) {
                        n.execute("DELETE FROM kit_events WHERE seq <= " + (seq - LOG_SIZE));
                    }
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(auto);
            }
        } catch (SQLException e) {
            throw new StorageException(e);
        }
    }

    private void listen() {
        long backoff = 50;
        while (!closed) {
            Connection c = null;
            try {
                c = dataSource.getConnection();
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN kit_events");
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                listening = true;
                connected();
                backoff = 50;
                while (!closed) {
                    pg.getNotifications(500); // wakes on a notification, else after 500 ms
                    catchUp();
                }
            } catch (SQLException | RuntimeException e) {
                if (!closed) {
                    LOG.log(Level.WARNING, "postgresql bus: connection lost (" + e.getMessage() + "); reconnecting");
                }
            } finally {
                listening = false;
                retire(c);
            }
            if (!closed) {
                try {
                    Thread.sleep(backoff); // back-off between reconnection attempts, not a wait for a result
                } catch (InterruptedException e) {
                    return;
                }
                backoff = Math.min(2_000, backoff * 2);
            }
        }
    }

    @Override
    long head() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(seq), 0) FROM kit_events")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new StorageException(e);
        }
    }

    @Override
    List<Entry> since(long after) {
        List<Entry> out = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT seq, channel, message FROM kit_events WHERE seq > ? ORDER BY seq LIMIT 1000")) {
            ps.setLong(1, after);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Entry(rs.getLong(1), rs.getString(2), rs.getString(3)));
                }
            }
        } catch (SQLException e) {
            throw new StorageException(e);
        }
        return out;
    }

    /** A gap is a loss only when rows of it were pruned; a rolled-back insert leaves a gap that never fills. */
    @Override
    boolean logIsShort(long after, long firstLogged) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT 1 FROM kit_events WHERE seq <= ? LIMIT 1")) {
            ps.setLong(1, after);
            try (ResultSet rs = ps.executeQuery()) {
                return !rs.next() && after > 0;
            }
        } catch (SQLException e) {
            return false;
        }
    }

    /**
     * The listening connection never goes back to the pool: it still LISTENs (or is dead), and a publisher that borrowed
     * it would get "Connection is closed" or notifications it does not read.
     */
    private void retire(Connection c) {
        if (c == null) {
            return;
        }
        try {
            if (dataSource.isWrapperFor(HikariDataSource.class)) {
                dataSource.unwrap(HikariDataSource.class).evictConnection(c);
            } else {
                c.close();
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "postgresql bus: retiring the listening connection", e);
        }
    }

    @Override
    public boolean healthy() {
        return listening;
    }

    @Override
    public String description() {
        return "postgresql LISTEN/NOTIFY";
    }

    @Override
    public void close() {
        closed = true;
        listener.interrupt();
    }
}
