package dev.contractkit.reference.platform;

import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Stores what the embedded H2 file holds in memory, the way {@code WRITE_DELAY=0} does on every commit
 * ({@code MVStore.commit()}, a synchronous write of a chunk), and then waits for H2's background write pipeline, so
 * that changes a background store took just before are in the file too. In a second process that reaches the file
 * through the owner's auto-server, {@code CHECKPOINT} asks the owner to store (without the wait).
 */
final class H2Store implements StoredCommits.Store {
    private volatile MVStore local;
    private volatile boolean remote;

    @Override
    public void force(Connection c) throws SQLException {
        MVStore store = store(c);
        if (store == null) {
            try (Statement s = c.createStatement()) {
                s.execute("CHECKPOINT");
            }
            return;
        }
        try {
            store.commit();
            FileStore<?> file = store.getFileStore();
            if (file != null) {
                file.executeFileStoreOperation(() -> { });
            }
        } catch (MVStoreException | IllegalStateException e) {
            throw new SQLException("the embedded database could not store its changes: " + e.getMessage(), e);
        }
    }

    private MVStore store(Connection c) throws SQLException {
        MVStore known = local;
        if (known != null || remote) {
            return known;
        }
        Session session = c.unwrap(JdbcConnection.class).getSession();
        if (session instanceof SessionLocal s && s.getDatabase().getStore() != null) {
            local = s.getDatabase().getStore().getMvStore();
        } else {
            remote = true;
        }
        return local;
    }
}
