package dev.contractkit.reference.platform;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;

/**
 * {@link SharedCounters} in PostgreSQL: one upsert per increment ({@code INSERT ... ON CONFLICT (key) DO UPDATE
 * SET count = count + 1 RETURNING count}), atomic under the row lock. Expired rows are deleted now and then.
 */
final class PostgresCounters implements SharedCounters {
    private final DataSource dataSource;
    private long calls;

    PostgresCounters(DataSource dataSource) {
        this.dataSource = dataSource;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            // created here rather than by a migration: the table exists only where these counters run (PostgreSQL)
            s.execute("CREATE TABLE IF NOT EXISTS kit_rate_counters (key VARCHAR(512) PRIMARY KEY, "
                    + "count BIGINT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot prepare the PostgreSQL rate-limit counters: " + e.getMessage(), e);
        }
    }

    @Override
    public long increment(String key, long ttlMillis) {
        try (Connection c = dataSource.getConnection()) {
            if (prune()) {
                try (Statement s = c.createStatement()) {
                    s.execute("DELETE FROM kit_rate_counters WHERE expires_at < now()");
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO kit_rate_counters (key, count, expires_at) "
                    + "VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET count = kit_rate_counters.count + 1 RETURNING count")) {
                ps.setString(1, key);
                ps.setTimestamp(2, new Timestamp(System.currentTimeMillis() + ttlMillis));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        } catch (SQLException e) {
            throw new StorageException(e);
        }
    }

    private synchronized boolean prune() {
        return ++calls % 10_000 == 1;
    }

    @Override
    public String description() {
        return "postgresql";
    }
}
