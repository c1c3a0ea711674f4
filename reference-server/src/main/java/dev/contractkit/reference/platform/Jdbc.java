package dev.contractkit.reference.platform;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

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
}
