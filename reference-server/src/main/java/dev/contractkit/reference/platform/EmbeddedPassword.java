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
 * a database file that was made before the kit gave it one (those had user {@code sa} with an empty password) when
 * that file refuses it. The refusal comes from the pool's own first connection: a start does not open the file once
 * more only to ask.
 */
final class EmbeddedPassword {
    private static final int WRONG_USER_OR_PASSWORD = 28000;

    private EmbeddedPassword() {
    }

    static String ensure(Path dataDir) {
        try {
            SecretFile.ownerOnlyDirectory(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the data directory " + dataDir + ": " + e.getMessage(), e);
        }
        return SecretFile.readOrCreate(dataDir.resolve("db-password"), made -> { });
    }

    /**
     * @param failure what opening the database with the kit's password threw
     * @return true when the file refused that password (a database from before the kit gave it one)
     */
    static boolean refused(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException e && e.getErrorCode() == WRONG_USER_OR_PASSWORD) {
                return true;
            }
        }
        return false;
    }

    /** A database from before: its empty password is replaced by the kit's. */
    static void upgrade(String url, String password) {
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
