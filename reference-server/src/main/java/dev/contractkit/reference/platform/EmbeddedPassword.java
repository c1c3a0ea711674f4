package dev.contractkit.reference.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The embedded H2 database's password: made once into {@code <data dir>/db-password} (owner-only), and set on
 * a database file that was made before the kit gave it one (those had user {@code sa} with an empty password).
 */
final class EmbeddedPassword {
    private static final int WRONG_USER_OR_PASSWORD = 28000;

    private EmbeddedPassword() {
    }

    static String ensure(Path dataDir, String url) {
        try {
            SecretFile.ownerOnlyDirectory(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the data directory " + dataDir + ": " + e.getMessage(), e);
        }
        String password = SecretFile.readOrCreate(dataDir.resolve("db-password"), made -> { });
        if (Files.exists(dataDir.resolve("kit.mv.db"))) {
            upgrade(url, password);
        }
        return password;
    }

    /** A database from before: its empty password is replaced by the kit's. */
    private static void upgrade(String url, String password) {
        try (Connection ignored = DriverManager.getConnection(url, "sa", password)) {
            return;
        } catch (SQLException e) {
            if (e.getErrorCode() != WRONG_USER_OR_PASSWORD) {
                return; // not a password problem: the pool's own open reports it
            }
        }
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             Statement st = c.createStatement()) {
            st.execute("ALTER USER SA SET PASSWORD '" + password.replace("'", "''") + "'");
        } catch (SQLException e) {
            throw new IllegalStateException("the embedded database refuses the password in db-password and the empty"
                    + " one; restore db-password or move the data directory away: " + e.getMessage(), e);
        }
    }

    static void ownerOnlyFiles(Path dataDir) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dataDir)) {
            for (Path f : files) {
                SecretFile.ownerOnly(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the files in " + dataDir + " owner-only: " + e.getMessage(), e);
        }
    }
}
