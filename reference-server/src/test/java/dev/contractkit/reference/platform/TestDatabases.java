package dev.contractkit.reference.platform;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * Databases for tests: an embedded H2 file in a temporary directory, or a fresh schema in the
 * PostgreSQL these machines run (127.0.0.1:5432, trust auth), dropped afterwards.
 * Override the server with {@code KIT_TEST_PG_URL} / {@code KIT_TEST_PG_USER}.
 */
public final class TestDatabases {
    /** The kit token every test server takes ({@code Authorization: Bearer test-kit-token}). */
    public static final String TOKEN = "test-kit-token";
    private static final String PG_URL = env("KIT_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String PG_USER = env("KIT_TEST_PG_USER", "postgres");
    /**
     * Added to the servers' PostgreSQL URLs: commits do not wait for PostgreSQL's own WAL flush (about 7 ms each on
     * these machines, most of an event-heavy test's time). What the tests prove does not change: a server killed
     * with -9 loses nothing PostgreSQL acknowledged either way; only a crash of PostgreSQL itself could.
     */
    public static final String FAST_COMMITS = "options=-c%20synchronous_commit%3Doff";

    private TestDatabases() {
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    /**
     * @param dir a temporary directory
     * @return settings for an embedded database there, every API on a free port; an empty {@code dir} gets a copy of
     *     a database this JVM migrated once ({@link MigratedTemplate})
     */
    public static Settings embedded(Path dir) {
        MigratedTemplate.copyInto(dir);
        return testServer(Settings.of(Map.of("data-dir", dir.toString(), "token", TOKEN)));
    }

    /**
     * For servers whose settings are made elsewhere (the conformance tests'): an empty {@code dir} gets a copy of a
     * database this JVM migrated once, with the identity provider's signing key ({@link MigratedTemplate}); a directory
     * that already holds a database is left as it is.
     *
     * @param dir a server's data directory
     */
    public static void copyMigratedInto(Path dir) {
        MigratedTemplate.copyInto(dir);
    }

    /**
     * The password cost every test server hashes the coupons users' passwords with: the setting's floor (1,000
     * PBKDF2 rounds) instead of the production 600,000, at which the users' seeding and the logins were a tenth of
     * this module's CPU (JFR, 2026-11-30). A test about the cost itself sets its own ({@code CouponsIdentityAttackTest}).
     */
    public static final String PASSWORD_ITERATIONS = "1000";

    /** Every API on a free port, passwords at {@link #PASSWORD_ITERATIONS}. */
    private static Settings testServer(Settings settings) {
        return settings.with("forms.port", "0").with("coupons.port", "0").with("answers.port", "0").with("codehost.port", "0")
                .with("exec.port", "0").with("runtime.port", "0").with("agent.port", "0")
                .with("coupons.password-iterations", PASSWORD_ITERATIONS);
    }

    /**
     * @param url a PostgreSQL JDBC URL
     * @return it with {@link #FAST_COMMITS}, unless it sets {@code options} itself
     */
    public static String withFastCommits(String url) {
        return url.contains("options=") ? url : url + (url.contains("?") ? "&" : "?") + FAST_COMMITS;
    }

    /** A schema of its own in PostgreSQL. */
    public record PostgresSchema(String name) implements AutoCloseable {
        /** @return a new, empty schema */
        public static PostgresSchema create() {
            String name = "kit_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            execute("CREATE SCHEMA " + name);
            return new PostgresSchema(name);
        }

        /** @return settings pointing the server at this schema, every API on a free port */
        public Settings settings() {
            return settings(withFastCommits(PG_URL));
        }

        /**
         * @return settings whose commits wait for PostgreSQL's WAL flush, as in production: for a test whose subject
         *         depends on the commit rate (a subscriber that must keep up with the writes)
         */
        public Settings settingsWithDurableCommits() {
            return settings(PG_URL);
        }

        private Settings settings(String url) {
            return testServer(Settings.of(Map.of("db.url", url + (url.contains("?") ? "&" : "?") + "currentSchema=" + name,
                    "db.user", PG_USER, "token", TOKEN)));
        }

        @Override
        public void close() {
            execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
        }

        private static void execute(String sql) {
            try (Connection c = DriverManager.getConnection(PG_URL, PG_USER, "");
                 Statement s = c.createStatement()) {
                s.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException("PostgreSQL at " + PG_URL + " is needed for the PostgreSQL storage tests: "
                        + e.getMessage(), e);
            }
        }
    }
}
