package dev.contractkit.reference.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * An embedded database this JVM migrated once, copied into each test's empty data directory: the server then finds its
 * schema up to date instead of running every migration again. A fresh database's migrations were a third of this
 * module's test CPU (JFR, 2026-11-30; 258 opens in one run, 40 s of Flyway). The copy is what the server's own first
 * start leaves (the database file and its password file), so a test sees the same database as on a fresh start; the
 * migrations themselves still run here once per JVM, and on every PostgreSQL schema.
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
            Database.open(Settings.of(Map.of("data-dir", dir.toString()))).close();
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
