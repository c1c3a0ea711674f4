package dev.contractkit.reference.platform;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A whole PostgreSQL database of its own on the server these machines run (127.0.0.1:5432, trust auth; override
 * with {@code KIT_TEST_PG_URL} / {@code KIT_TEST_PG_USER}), dropped with its connections on {@link #close()}.
 * Replica tests use a database rather than a schema: the bus's LISTEN/NOTIFY channel is per database.
 *
 * @param name the database name
 * @param url  its JDBC URL
 * @param user the user
 */
public record PostgresDatabase(String name, String url, String user) implements AutoCloseable {
    private static final String ADMIN_URL = env("KIT_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String USER = env("KIT_TEST_PG_USER", "postgres");

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    /** @return a new, empty database */
    public static PostgresDatabase create() {
        String name = "kit_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        execute("CREATE DATABASE " + name);
        String base = ADMIN_URL.substring(0, ADMIN_URL.lastIndexOf('/') + 1);
        return new PostgresDatabase(name, TestDatabases.withFastCommits(base + name), USER);
    }

    /**
     * @return a connection to this database
     * @throws SQLException when it cannot connect
     */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, "");
    }

    @Override
    public void close() {
        execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private static void execute(String sql) {
        try (Connection c = DriverManager.getConnection(ADMIN_URL, USER, "");
             Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + ADMIN_URL + " is needed for the replica tests: "
                    + e.getMessage(), e);
        }
    }
}
