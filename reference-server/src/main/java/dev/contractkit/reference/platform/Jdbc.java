package dev.contractkit.reference.platform;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JDBC boundary of a store: opens a connection (or a transaction), runs the store's statements on it and turns
 * their {@link SQLException} into a {@link StorageException}, once, here. Store methods built on it declare no
 * checked exception, so the endpoints call them directly and the server's error routing answers a failure.
 */
public final class Jdbc {
    /**
     * Statements run on one connection.
     *
     * @param <T> their result
     */
    @FunctionalInterface
    public interface Statements<T> {
        /**
         * @param c the connection
         * @return the result
         * @throws SQLException when the database fails
         */
        T run(Connection c) throws SQLException;
    }

    /**
     * Reads one row of a result.
     *
     * @param <T> what a row becomes
     */
    @FunctionalInterface
    public interface Row<T> {
        /**
         * @param r the result, on the row to read
         * @return the row
         * @throws SQLException when the database fails
         */
        T read(ResultSet r) throws SQLException;
    }

    private final DataSource ds;

    /** @param ds the database */
    public Jdbc(DataSource ds) {
        this.ds = ds;
    }

    /**
     * @param statements run on a connection of their own (auto-commit)
     * @param <T>        their result
     * @return their result
     * @throws StorageException when the database fails
     */
    public <T> T call(Statements<T> statements) {
        try (Connection c = ds.getConnection()) {
            return statements.run(c);
        } catch (SQLException e) {
            throw new StorageException(e);
        }
    }

    /**
     * @param statements run in one transaction: committed when they return, rolled back when they throw (a database
     *                   failure or the store's own refusal, e.g. an {@link ApiError})
     * @param <T>        their result
     * @return their result
     * @throws StorageException when the database fails
     */
    public <T> T transaction(Statements<T> statements) {
        return call(c -> {
            c.setAutoCommit(false);
            try {
                T result = statements.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        });
    }

    /**
     * @param sql  one query, run on a connection of its own
     * @param row  reads each row
     * @param args its parameters in order ({@link #bind})
     * @param <T>  what a row becomes
     * @return the rows, in the query's order
     * @throws StorageException when the database fails
     */
    public <T> List<T> list(String sql, Row<T> row, Object... args) {
        return call(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                bind(s, Arrays.asList(args));
                List<T> out = new ArrayList<>();
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(row.read(r));
                    }
                }
                return out;
            }
        });
    }

    /**
     * @param sql  one INSERT, UPDATE or DELETE, run on a connection of its own (auto-commit)
     * @param args its parameters in order ({@link #bind})
     * @return how many rows it changed
     * @throws StorageException when the database fails
     */
    public int update(String sql, Object... args) {
        return call(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                bind(s, Arrays.asList(args));
                return s.executeUpdate();
            }
        });
    }

    /**
     * @param s    a statement
     * @param args its parameters in order: null binds SQL NULL, anything else {@code setObject} (strings, numbers,
     *             booleans, {@code Timestamp}, {@code OffsetDateTime} read the same on PostgreSQL and H2)
     * @throws SQLException when the driver refuses a value
     */
    public static void bind(PreparedStatement s, List<?> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            Object v = args.get(i);
            if (v == null) {
                s.setNull(i + 1, Types.NULL);
            } else {
                s.setObject(i + 1, v);
            }
        }
    }
}
