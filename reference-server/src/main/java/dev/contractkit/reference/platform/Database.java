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
 * default 0), {@code KIT_DB_JOURNAL} (embedded only, default true).
 *
 * <p>Durability of the embedded file (write delay 0, the default): a write answered with success survives a
 * {@code kill -9} of the process. With the journal (the default) H2 itself writes in the background
 * ({@code WRITE_DELAY=500}, so its background writer also compacts the file), and {@link #dataSource()} stores H2's
 * changes in the file after every commit that wrote ({@link StoredCommits}) before the commit returns; the writes of
 * a group commit with a {@link Journal} go through {@link #deferredDataSource()} instead and are durable once their
 * journal lines are written. Without the journal ({@code KIT_DB_JOURNAL=false}) H2 runs with {@code WRITE_DELAY=0}:
 * {@code TransactionStore.endTransaction} stores a chunk on every commit, group-committed ones too. H2 2.3 never
 * calls {@code fsync} per commit (only on close, {@code CHECKPOINT SYNC} and compaction), and neither does the
 * journal: a power loss can still lose the last commits; use PostgreSQL for that. A write delay above 0 is H2's own
 * behaviour (500 ms is H2's default): commits written in the background, up to that much of acknowledged writes lost
 * on a kill (docs/performance.md has the cost).
 */
public final class Database implements AutoCloseable {
    /** H2's write delay while a journal makes the writes durable: its own default, so its background writer runs. */
    static final int JOURNAL_WRITE_DELAY_MS = 500;

    private final HikariDataSource pool;
    private final DataSource dataSource;
    private final String description;
    private final boolean embedded;
    private final Path dataDir;
    /** The embedded file's store (null on other databases). */
    private final StoredCommits.Store store;
    private final boolean journaled;

    private Database(HikariDataSource pool, DataSource dataSource, String description, boolean embedded,
                     Path dataDir, StoredCommits.Store store, boolean journaled) {
        this.journaled = journaled;
        this.pool = pool;
        this.store = store;
        this.dataSource = dataSource;
        this.description = description;
        this.embedded = embedded;
        this.dataDir = dataDir;
    }

    /**
     * Opens the configured database and migrates it.
     *
     * @param settings the server settings
     * @return the open database
     */
    public static Database open(Settings settings) {
        boolean embedded = settings.get("db.url").isEmpty();
        boolean journal = embedded && settings.duration("db.write-delay").isZero() && settings.flag("db.journal");
        String url = settings.get("db.url").orElseGet(() -> embeddedUrl(settings, journal));
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
        if (!journal) {
            return new Database(ds, ds, redact(url), embedded, embedded ? SecretFile.dataDir(settings) : null,
                    embedded ? new H2Store() : null, false);
        }
        StoredCommits.Store store = new H2Store();
        try (Connection c = ds.getConnection()) {
            store.force(c); // the migrations, written in the background like everything else
        } catch (SQLException e) {
            ds.close();
            throw new IllegalStateException("cannot store the database at " + redact(url) + ": " + e.getMessage(), e);
        }
        return new Database(ds, new StoredCommits(ds, store), redact(url), true, SecretFile.dataDir(settings), store,
                true);
    }

    private static String embeddedUrl(Settings settings, boolean journal) {
        Path dir = Path.of(settings.text("data-dir")).toAbsolutePath().normalize();
        long writeDelay = journal ? JOURNAL_WRITE_DELAY_MS : settings.duration("db.write-delay").toMillis();
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

    /** @return the pooled data source: a write is in the database's file when its commit returns */
    public DataSource dataSource() {
        return dataSource;
    }

    /**
     * @return the pooled data source without the store after each commit: only for writes a {@link Journal}
     *     ({@link #journalFile}) makes durable before they are answered; the same as {@link #dataSource()} when there is
     *     no journal
     */
    public DataSource deferredDataSource() {
        return pool;
    }

    /**
     * @param name what the journal holds, its file's name in the data directory ({@code <name>.journal})
     * @return the journal's file on the embedded database (whether or not writes use one now: a journal a crash left
     *     behind is applied at the next start even when {@code KIT_DB_JOURNAL} was turned off since); null on any other
     *     database, which a journal never belongs to
     */
    public Path journalFile(String name) {
        return embedded ? dataDir.resolve(name + ".journal") : null;
    }

    /**
     * @return true when writes made durable by a journal use it ({@link #deferredDataSource()}); false when every
     *     commit is stored by H2 itself or the database is not the embedded file
     */
    public boolean journaled() {
        return journaled;
    }

    /**
     * Stores everything committed so far in the embedded file and waits until it is there (a journal's lines may then
     * be dropped); nothing to do on any other database.
     *
     * @throws StorageException when the store fails
     */
    public void store() {
        if (store == null) {
            return;
        }
        try (Connection c = pool.getConnection()) {
            store.force(c);
        } catch (SQLException e) {
            throw new StorageException(e);
        }
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
        try (Connection c = pool.getConnection()) {
            return c.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        pool.close();
    }
}
