package dev.contractkit.reference.platform;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * An embedded database this JVM migrated once, copied into each test's empty data directory: the server then finds its
 * schema up to date instead of running every migration again, and the identity provider's signing key already made
 * (as after the coupons API's first start) instead of generating a 2048-bit RSA key. A fresh database's migrations
 * were a third of this module's test CPU and the keys a tenth (JFR, 2026-11-30; 258 opens in one run, 40 s of Flyway);
 * on the JIT's quick tier a key takes several times longer still (BigInteger's intrinsics are C2's). The copy holds
 * what the server's own first start leaves (the database file and its password file), so a test sees the same
 * database as after a first start; the migrations still run here once per JVM, and on every PostgreSQL schema. Test
 * servers of one JVM share the key: a test about another server's tokens signs with a key of its own.
 */
final class MigratedTemplate {
    private static Path template;

    private MigratedTemplate() {
    }

    /** Copies the template into {@code dir} unless it already holds a database (a restart on the same directory). */
    static void copyInto(Path dir) {
        try {
            if (Files.exists(dir.resolve("kit.mv.db")) || Files.exists(dir.resolve("db-password"))) {
                return;
            }
            Path from = template();
            Files.createDirectories(dir);
            try (DirectoryStream<Path> files = Files.newDirectoryStream(from)) {
                for (Path f : files) {
                    Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the migrated database into " + dir + ": " + e.getMessage(), e);
        }
    }

    private static synchronized Path template() throws IOException {
        if (template == null) {
            Path dir = Files.createTempDirectory("kit-migrated-db");
            try (Database db = Database.open(Settings.of(Map.of("data-dir", dir.toString())));
                 Connection c = db.dataSource().getConnection();
                 PreparedStatement ps = c.prepareStatement("INSERT INTO idp_keys (kid, jwk, created_at) VALUES (?, ?, ?)")) {
                RSAKey key = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
                        .keyID(UUID.randomUUID().toString()).generate();
                ps.setString(1, key.getKeyID());
                ps.setString(2, key.toJSONString());
                ps.setTimestamp(3, Timestamp.from(Instant.now()));
                ps.executeUpdate();
            } catch (SQLException | JOSEException e) {
                throw new IllegalStateException("cannot make the migrated test database: " + e.getMessage(), e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            template = dir;
        }
        return template;
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a temporary directory: the machine's cleaner takes what is left
        }
    }
}
