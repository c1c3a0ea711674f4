package dev.contractkit.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the examples of the local services (exec, runtime, agent) find the kit token, as the reference server
 * does: {@code KIT_TOKEN} when set, else the file {@code <data dir>/kit-token} ({@code KIT_DATA_DIR}, default
 * {@code ./data}) that the server made owner-only on first start.
 */
public final class KitToken {
    /** The file name inside the data directory. */
    public static final String FILE_NAME = "kit-token";

    private KitToken() {
    }

    /**
     * @param env the environment ({@code KIT_TOKEN}, {@code KIT_DATA_DIR})
     * @return the token: {@code KIT_TOKEN}, else the first line of {@code <data dir>/kit-token}, trimmed
     * @throws IllegalStateException when there is none, saying where it was looked for and how to get one
     */
    public static String from(Map<String, String> env) {
        String set = env.get("KIT_TOKEN");
        if (set != null && !set.isBlank()) {
            return set.trim();
        }
        String dir = env.get("KIT_DATA_DIR");
        Path file = Path.of(dir == null || dir.isBlank() ? "data" : dir).resolve(FILE_NAME).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("No kit token: KIT_TOKEN is not set and " + file + " does not exist. Set"
                    + " KIT_TOKEN to the server's token, or KIT_DATA_DIR to the data directory of the server (it makes"
                    + " kit-token there on first start and prints where).");
        }
        String token;
        try {
            token = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the kit token from " + file + " (it is owner-only: run as"
                    + " the user that started the server, or set KIT_TOKEN): " + e.getMessage(), e);
        }
        if (token.isEmpty() || token.contains("\n")) {
            throw new IllegalStateException("The kit token file " + file + " does not hold one token on one line;"
                    + " set KIT_TOKEN instead.");
        }
        return token;
    }
}
