package dev.contractkit.reference.platform;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The kit's database: an embedded H2 file by default (created on first start, kept across restarts),
 * PostgreSQL (or any JDBC URL) when {@code KIT_DB_URL} is set. Schema migrations run at open.
 *
 * <p>Settings: {@code KIT_DB_URL}, {@code KIT_DB_USER}, {@code KIT_DB_PASSWORD}, {@code KIT_DATA_DIR}
 * (where the embedded file lives, default {@code ./data}), {@code KIT_DB_WRITE_DELAY} (embedded only, milliseconds,
 * default 0).
 *
 * <p>Durability of the embedded file: with H2's {@code WRITE_DELAY=0} the transaction store writes the commit's
 * chunk to the file on the committing thread ({@code TransactionStore.endTransaction} calls
 * {@code MVStore.commit()}, which stores synchronously) before {@code Connection.commit()} returns, so a write
 * answered with success survives a {@code kill -9} of the process. H2 2.3 never calls {@code fsync} per commit
 * (only on close, {@code CHECKPOINT SYNC} and compaction): a power loss can still lose the last commits; use
 * PostgreSQL for that. H2's own default (500 ms) writes commits in the background and loses up to half a second of
 * acknowledged writes on a kill; {@code KIT_DB_WRITE_DELAY=500} restores it (docs/performance.md has the cost).
 */
public final class Database implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final String description;
    private final boolean embedded;

    private Database(HikariDataSource dataSource, String description, boolean embedded) {
        this.dataSource = dataSource;
        this.description = description;
        this.embedded = embedded;
    }

    /**
     * Opens the configured database and migrates it.
     *
     * @param settings the server settings
     * @return the open database
     */
    public static Database open(Settings settings) {
        boolean embedded = settings.get("db.url").isEmpty();
        String url = settings.get("db.url").orElseGet(() -> embeddedUrl(settings));
        if (url.contains("AUTO_SERVER=TRUE") && System.getProperty("h2.bindAddress") == null) {
            // a second process (./kit answers-keys while ./kit serve runs) reaches the file through a loopback port
            System.setProperty("h2.bindAddress", "127.0.0.1");
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        settings.get("db.user").ifPresent(config::setUsername);
        settings.get("db.password").ifPresent(config::setPassword);
        if (url.startsWith("jdbc:h2:") && settings.get("db.user").isEmpty()) {
            config.setUsername("sa");
        }
        if (embedded) {
            // the embedded file's auto-server listens on a loopback port that every local user can reach: the
            // database has a password, kept owner-only beside it, and the directory is owner-only too
            config.setPassword(EmbeddedPassword.ensure(SecretFile.dataDir(settings), url));
        }
        config.setMaximumPoolSize(settings.integer("db.pool-size"));
        config.setPoolName("kit-db");
        config.setConnectionTimeout(5_000);
        HikariDataSource ds;
        try {
            ds = new HikariDataSource(config);
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot open the database at " + redact(url) + ": " + rootMessage(e), e);
        }
        try {
            Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        } catch (RuntimeException e) {
            ds.close();
            throw new IllegalStateException("cannot migrate the database at " + redact(url) + ": " + rootMessage(e), e);
        }
        if (embedded) {
            EmbeddedPassword.ownerOnlyFiles(SecretFile.dataDir(settings));
        }
        return new Database(ds, redact(url), embedded);
    }

    private static String embeddedUrl(Settings settings) {
        Path dir = Path.of(settings.text("data-dir")).toAbsolutePath().normalize();
        long writeDelay = settings.duration("db.write-delay").toMillis();
        return "jdbc:h2:file:" + dir.resolve("kit") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;LOCK_TIMEOUT=10000;"
                + "WRITE_DELAY=" + writeDelay + ";AUTO_SERVER=TRUE";
    }

    private static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage();
    }

    /** @return the pooled data source */
    public DataSource dataSource() {
        return dataSource;
    }

    /** @return true when the database is PostgreSQL (replicas can share it, its bus and its counters) */
    public boolean isPostgres() {
        return description.startsWith("jdbc:postgresql:");
    }

    /**
     * @return true for the embedded file (no {@code KIT_DB_URL}): one server process at a time by construction, so
     *     at its start nothing unfinished in it can belong to another live process
     */
    public boolean embedded() {
        return embedded;
    }

    /** @return the JDBC URL, password redacted */
    public String description() {
        return description;
    }

    /** @return true when the database answers a trivial query within a second */
    public boolean ping() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
