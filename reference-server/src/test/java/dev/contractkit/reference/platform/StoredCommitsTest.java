package dev.contractkit.reference.platform;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sql.DataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link StoredCommits} on an embedded H2 file that writes in the background ({@code WRITE_DELAY=500}, as with the
 * journal): every commit that wrote, and every write in auto-commit, is stored before it returns; what only read or
 * was rolled back is not. That the stores make the writes survive a {@code kill -9} is {@code KillNineTest}'s.
 */
class StoredCommitsTest {
    @TempDir
    Path dir;
    HikariDataSource pool;
    DataSource ds;
    final AtomicInteger stores = new AtomicInteger();

    @BeforeEach
    void open() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:file:" + dir.resolve("t") + ";WRITE_DELAY=" + Database.JOURNAL_WRITE_DELAY_MS);
        config.setUsername("sa");
        config.setMaximumPoolSize(2);
        pool = new HikariDataSource(config);
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE items (id VARCHAR(40) PRIMARY KEY)");
        }
        H2Store h2 = new H2Store();
        ds = new StoredCommits(pool, c -> {
            stores.incrementAndGet();
            h2.force(c);
        });
    }

    @AfterEach
    void close() {
        pool.close();
    }

    private static void insert(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO items (id) VALUES (?)")) {
            ps.setString(1, id);
            ps.executeUpdate();
        }
    }

    @Test
    void aTransactionThatWroteIsStoredWhenItCommits() throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            insert(c, "a");
            insert(c, "b");
            assertThat(stores).as("nothing stored before the commit").hasValue(0);
            c.commit();
            assertThat(stores).hasValue(1);
            c.commit(); // nothing written since
            assertThat(stores).hasValue(1);
        }
    }

    @Test
    void everyWriteInAutoCommitIsStoredAtOnce() throws SQLException {
        try (Connection c = ds.getConnection()) {
            insert(c, "a");
            assertThat(stores).hasValue(1);
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO items (id) VALUES ('b')");
                assertThat(stores).hasValue(2);
                s.addBatch("INSERT INTO items (id) VALUES ('c')");
                s.addBatch("INSERT INTO items (id) VALUES ('d')");
                s.executeBatch();
                assertThat(stores).hasValue(3);
            }
        }
    }

    @Test
    void queriesAndRolledBackTransactionsStoreNothing() throws SQLException {
        try (Connection c = ds.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM items"); ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
            }
            c.setAutoCommit(false);
            insert(c, "a");
            c.rollback();
            c.commit();
            c.setAutoCommit(true);
        }
        assertThat(stores).hasValue(0);
    }

    @Test
    void aWriteRolledBackOnlyToASavepointIsStillStoredAtTheCommit() throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            insert(c, "a");
            var savepoint = c.setSavepoint();
            insert(c, "b");
            c.rollback(savepoint);
            c.commit();
        }
        assertThat(stores).hasValue(1);
    }

    @Test
    void switchingAutoCommitBackOnCommitsAndStores() throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            insert(c, "a");
            c.setAutoCommit(true);
        }
        assertThat(stores).hasValue(1);
    }

    @Test
    void aCommitThroughTheStatementsConnectionIsStoredToo() throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO items (id) VALUES ('a')")) {
                ps.executeUpdate();
                ps.getConnection().commit();
            }
        }
        assertThat(stores).hasValue(1);
    }
}
