package dev.contractkit.reference.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The kit token: the secret the exec, runtime and agent listeners require as {@code Authorization: Bearer}.
 * Read from the setting {@code token} ({@code KIT_TOKEN} / {@code kit.token}), else from
 * {@code <data dir>/kit-token}, which is generated on first start (32 random bytes, base64url; directory 0700,
 * file 0600) and printed once. {@code execcli} reads the same places.
 */
public final class KitToken {
    private final String value;

    private KitToken(String value) {
        this.value = value;
    }

    /**
     * @param settings configuration
     * @return the configured token, else the one in the data directory (made when missing)
     */
    public static KitToken load(Settings settings) {
        var configured = settings.get("token");
        if (configured.isPresent()) {
            return new KitToken(configured.get());
        }
        Path file = Path.of(fileOf(settings));
        try {
            return new KitToken(readOrCreate(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the kit token " + file
                    + " (or set KIT_TOKEN): " + e.getMessage(), e);
        }
    }

    private static synchronized String readOrCreate(Path file) throws IOException {
        if (Files.exists(file)) {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        }
        Path dir = file.toAbsolutePath().getParent();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            if (posix) {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
        }
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        try {
            if (posix) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } else {
                Files.createFile(file);
            }
        } catch (FileAlreadyExistsException raced) {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        }
        Files.writeString(file, token + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
        System.out.println("kit token (generated once, stored in " + file + "): " + token);
        return token;
    }

    /**
     * @param settings configuration
     * @return the token file: {@code <data-dir>/kit-token} (data dir default {@code ./data})
     */
    public static String fileOf(Settings settings) {
        return Path.of(settings.get("data-dir", "data")).resolve("kit-token").toString();
    }

    /** @return the token */
    public String value() {
        return value;
    }

    /**
     * @param presentedSecret what a caller sent (may be null)
     * @return whether it is the token (constant time)
     */
    public boolean matches(String presentedSecret) {
        if (presentedSecret == null) {
            return false;
        }
        return MessageDigest.isEqual(value.getBytes(StandardCharsets.UTF_8), presentedSecret.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "KitToken[***]";
    }
}
