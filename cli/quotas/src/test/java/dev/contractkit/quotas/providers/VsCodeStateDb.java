package dev.contractkit.quotas.providers;

import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.StringJoiner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A VS Code state database as VS Code writes it, for tests: made with the real {@code sqlite3} program, the GitHub
 * sessions sealed here as Electron's safeStorage seals them (its own key derivation, not quotas's).
 */
public final class VsCodeStateDb {
    /** The key VS Code's secret storage gives the GitHub extension's sessions. */
    public static final String KEY = "secret://{\"extensionId\":\"vscode.github-authentication\",\"key\":\"github.auth\"}";

    private VsCodeStateDb() {
    }

    /** ./kit test installs sqlite3; where it is missing the test skips, except on CI, where that is a failure. */
    public static void requireSqlite3() {
        boolean sqlite = Environment.of(System.getenv()).program("sqlite3").isPresent();
        assertThat(sqlite || !"true".equals(System.getenv("CI"))).as("sqlite3 is not installed (apt-get install sqlite3;"
                + " ./kit test installs it)").isTrue();
        org.junit.jupiter.api.Assumptions.assumeTrue(sqlite, "sqlite3 is not installed");
    }

    /** One session as the GitHub extension stores it. */
    public static String session(String user, String token, String... scopes) {
        StringJoiner s = new StringJoiner("\",\"", "[\"", "\"]");
        for (String scope : scopes) {
            s.add(scope);
        }
        return "{\"id\":\"" + Integer.toHexString(token.hashCode()) + "\",\"accessToken\":\"" + token + "\",\"account\":{\"label\":\""
                + user + "\",\"id\":\"" + Math.abs(user.hashCode()) + "\"},\"scopes\":" + (scopes.length == 0 ? "[]" : s) + "}";
    }

    /**
     * @param plain    the text (the sessions' JSON array)
     * @param prefix   {@code v10} or {@code v11}
     * @param password the password the key is derived from ({@code peanuts} for Linux's v10)
     * @param rounds   PBKDF2 iterations (1 on Linux, 1003 on macOS)
     * @return the value VS Code stores: the sealed bytes as a Node Buffer's JSON
     */
    public static String sealed(String plain, String prefix, String password, int rounds) {
        try {
            byte[] key = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA1").generateSecret(new PBEKeySpec(password.toCharArray(),
                    "saltysalt".getBytes(StandardCharsets.US_ASCII), rounds, 128)).getEncoded();
            Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(" ".repeat(16).getBytes(StandardCharsets.US_ASCII)));
            byte[] body = c.doFinal(plain.getBytes(StandardCharsets.UTF_8));
            StringJoiner data = new StringJoiner(",", "{\"type\":\"Buffer\",\"data\":[", "]}");
            for (byte b : prefix.getBytes(StandardCharsets.US_ASCII)) {
                data.add(Integer.toString(b & 0xff));
            }
            for (byte b : body) {
                data.add(Integer.toString(b & 0xff));
            }
            return data.toString();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code <configDir>/<app>/User/globalStorage/state.vscdb} holding {@code value} under {@link #KEY}. */
    public static Path write(Path configDir, String app, String value) throws IOException, InterruptedException {
        Path db = configDir.resolve(app).resolve("User/globalStorage/state.vscdb");
        Files.createDirectories(db.getParent());
        Files.deleteIfExists(db);
        Process p = new ProcessBuilder("sqlite3", db.toString(), "CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE,"
                + " value BLOB); INSERT INTO ItemTable VALUES ('" + KEY + "', '" + value.replace("'", "''") + "'),"
                + " ('workbench.panel.width', '300');").inheritIO().start();
        assertThat(p.waitFor()).isZero();
        return db;
    }
}
