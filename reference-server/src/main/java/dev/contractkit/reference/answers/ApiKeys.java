package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.Jdbc;

import java.time.temporal.ChronoUnit;
import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The answer service's API keys, in the kit's database. Only a SHA-256 hash of a key is stored: keys are
 * 256-bit random values (or operator-chosen secrets), so a fast hash is enough to make a leaked table
 * useless, and it lets a request's key be found with one indexed look-up.
 */
final class ApiKeys {
    /** A key as stored (never the key itself). */
    record Key(String id, String name, int totalLimit, Duration window, Instant createdAt, Instant revokedAt) {
        boolean active() {
            return revokedAt == null;
        }
    }

    /** A key just created: the only moment its secret is known. */
    record Created(Key key, String secret) {
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Jdbc jdbc;
    private final Clock clock;

    ApiKeys(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    /**
     * Creates a key with a new random secret.
     *
     * @param name       a label for operators
     * @param totalLimit answer requests per quota window
     * @param window     the quota window's length
     * @return the key and its secret (shown once)
     */
    Created create(String name, int totalLimit, Duration window) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String secret = "ak_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return new Created(insert(name, secret, totalLimit, window), secret);
    }

    /**
     * Makes sure a configured secret is a key (idempotent: an existing key keeps its id and usage, and takes the
     * configured limit and window).
     *
     * @return the key
     */
    Key provision(String name, String secret, int totalLimit, Duration window) {
        Optional<Key> existing = find(secret);
        if (existing.isEmpty()) {
            return insert(name, secret, totalLimit, window);
        }
        jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE answer_keys SET total_limit = ?, window_seconds = ?, revoked_at = NULL WHERE id = ?")) {
                ps.setInt(1, totalLimit);
                ps.setLong(2, window.toSeconds());
                ps.setString(3, existing.get().id());
                ps.executeUpdate();
                return null;
            }
        });
        return find(secret).orElseThrow();
    }

    /**
     * @param secret a key as a caller sent it
     * @return the stored key, if the secret is one and it is not revoked
     */
    Optional<Key> find(String secret) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM answer_keys WHERE key_hash = ?")) {
                ps.setString(1, hash(secret));
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs)) : Optional.<Key>empty();
                }
            }
        });
    }

    /** @return every key, oldest first */
    List<Key> list() {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM answer_keys ORDER BY created_at, id");
                 ResultSet rs = ps.executeQuery()) {
                List<Key> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(read(rs));
                }
                return out;
            }
        });
    }

    /**
     * @param id a key's id
     * @return whether a key was revoked
     */
    boolean revoke(String id) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE answer_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")) {
                ps.setObject(1, utc(clock.instant()));
                ps.setString(2, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    private Key insert(String name, String secret, int totalLimit, Duration window) {
        Key key = new Key("key_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16), name, totalLimit,
                window, clock.instant().truncatedTo(ChronoUnit.SECONDS), null);
        jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO answer_keys (id, name, key_hash, total_limit,"
                    + " window_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, key.id());
                ps.setString(2, name);
                ps.setString(3, hash(secret));
                ps.setInt(4, totalLimit);
                ps.setLong(5, window.toSeconds());
                ps.setObject(6, utc(key.createdAt()));
                ps.executeUpdate();
                return null;
            }
        });
        return key;
    }

    private static Key read(ResultSet rs) throws SQLException {
        OffsetDateTime revoked = rs.getObject("revoked_at", OffsetDateTime.class);
        return new Key(rs.getString("id"), rs.getString("name"), rs.getInt("total_limit"),
                Duration.ofSeconds(rs.getLong("window_seconds")),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                revoked == null ? null : revoked.toInstant());
    }

    static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    static String hash(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
