package dev.contractkit.reference.platform;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The kit token: the one secret that the exec, runtime and agent APIs require as
 * {@code Authorization: Bearer <token>}, that {@code execcli} sends and that the control plane sends to the
 * runtime. From the setting {@code token} ({@code KIT_TOKEN}) when set, else from the file
 * {@code <data dir>/kit-token}, made on first start with owner-only permissions. The server never prints the token
 * (standard output ends up in terminals' scroll-back, CI logs and shared log files): it prints where the file is.
 */
public final class KitToken {
    /** The file name inside the data directory. */
    public static final String FILE_NAME = "kit-token";

    private final byte[] value;
    private final String source;

    private KitToken(String value, String source) {
        this.value = value.getBytes(StandardCharsets.UTF_8);
        this.source = source;
    }

    /**
     * @param settings the server settings
     * @return the token (made, and where it is printed, when the file did not exist)
     */
    public static KitToken load(Settings settings) {
        return settings.get("token")
                .map(t -> new KitToken(t, Settings.envName("token")))
                .orElseGet(() -> {
                    Path file = fileOf(settings);
                    String secret = SecretFile.readOrCreate(file, made -> System.out.println(
                            "kit token: made now, kept owner-only in " + file + " (not printed: read it from there)"));
                    return new KitToken(secret, file.toString());
                });
    }

    /**
     * @param settings the server settings
     * @return where the token file is
     */
    public static Path fileOf(Settings settings) {
        return SecretFile.dataDir(settings).resolve(FILE_NAME);
    }

    /** @return the secret */
    public String value() {
        return new String(value, StandardCharsets.UTF_8);
    }

    /** @return where it came from, for messages (the file, or KIT_TOKEN) — never the secret */
    public String source() {
        return source;
    }

    /**
     * @param presented a secret a caller sent (may be null)
     * @return true when it is this token (compared in constant time); the operations' {@link Admission} asks
     */
    public boolean matches(String presented) {
        return presented != null && Secrets.same(value, presented.getBytes(StandardCharsets.UTF_8));
    }
}
