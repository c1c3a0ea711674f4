package dev.contractkit.reference.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A secret kept in a file that only its owner can read: made once (32 random bytes, base64url) with
 * permissions {@code rw-------} inside a directory with {@code rwx------}, and read from then on.
 */
public final class SecretFile {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");

    private SecretFile() {
    }

    /**
     * @param settings the server settings
     * @return the data directory ({@code KIT_DATA_DIR}, default {@code ./data}), absolute
     */
    public static Path dataDir(Settings settings) {
        return Path.of(settings.text("data-dir")).toAbsolutePath().normalize();
    }

    /**
     * Reads the secret, or makes it when the file does not exist yet.
     *
     * @param file    where it is kept
     * @param created called with the new secret when this call made it
     * @return the secret
     */
    public static String readOrCreate(Path file, Consumer<String> created) {
        try {
            ownerOnlyDirectory(file.toAbsolutePath().getParent());
            if (!Files.exists(file)) {
                String secret = random();
                try {
                    Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_FILE));
                    Files.writeString(file, secret + "\n", StandardCharsets.UTF_8);
                    created.accept(secret);
                    return secret;
                } catch (FileAlreadyExistsException raced) {
                    // another process made it first: read theirs
                }
            }
            ownerOnly(file);
            String secret = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (secret.isEmpty()) {
                throw new IllegalStateException(file + " is empty: delete it and start again to make a new secret");
            }
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the secret file " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return 32 random bytes, base64url without padding */
    public static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Creates the directory (and its parents) if needed and makes it owner-only.
     *
     * @param dir the directory
     * @throws IOException when it cannot be made
     */
    public static void ownerOnlyDirectory(Path dir) throws IOException {
        if (dir == null) {
            return;
        }
        Files.createDirectories(dir);
        if (posix(dir)) {
            Files.setPosixFilePermissions(dir, OWNER_DIR);
        }
    }

    /**
     * Makes a file readable and writable by its owner only.
     *
     * @param file the file
     * @throws IOException when its permissions cannot be set
     */
    public static void ownerOnly(Path file) throws IOException {
        if (Files.isRegularFile(file) && posix(file)) {
            Files.setPosixFilePermissions(file, OWNER_FILE);
        }
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
