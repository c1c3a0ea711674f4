package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Jdbc;
import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The refresh tokens the embedded provider issued, by the SHA-256 of their text (a database reader learns no
 * usable token). A token is {@code active} until it is redeemed once ({@code used}); redeeming a used token
 * again means it leaked, so its whole family (one login session) is {@code revoked}, as the OAuth 2.0
 * Security BCP (RFC 9700 section 4.14.2) recommends.
 */
final class RefreshTokens {
    /** The session a redeemed token belonged to. */
    record Redeemed(String familyId, String userId, String clientId) {
    }

    private final Jdbc jdbc;

    RefreshTokens(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    void store(String token, String familyId, String userId, String clientId, Instant expiresAt) {
        update("INSERT INTO idp_refresh_tokens (token_hash, family_id, user_id, client_id, state, expires_at) "
                + "VALUES (?, ?, ?, ?, 'active', ?)", hash(token), familyId, userId, clientId,
                OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC));
    }

    /**
     * Redeems an active token once. A used token revokes its family; an unknown or revoked one changes nothing.
     *
     * @return the session, or empty when the token may not be redeemed
     */
    Optional<Redeemed> redeem(String token) {
        String hash = hash(token);
        Optional<String[]> row = row(hash);
        if (row.isEmpty()) {
            return Optional.empty();
        }
        String[] r = row.get();
        if (r[3].equals("active") && update("UPDATE idp_refresh_tokens SET state = 'used' WHERE token_hash = ? "
                + "AND state = 'active'", hash) == 1) {
            return Optional.of(new Redeemed(r[0], r[1], r[2]));
        }
        if (!r[3].equals("revoked")) {
            revokeFamily(r[0]); // replayed (or redeemed twice at once): the token leaked
        }
        return Optional.empty();
    }

    /** @return the family of a stored token (any state) */
    Optional<Redeemed> find(String token) {
        return row(hash(token)).map(r -> new Redeemed(r[0], r[1], r[2]));
    }

    void revokeFamily(String familyId) {
        update("UPDATE idp_refresh_tokens SET state = 'revoked' WHERE family_id = ?", familyId);
    }

    void revokeUser(String userId) {
        update("UPDATE idp_refresh_tokens SET state = 'revoked' WHERE user_id = ?", userId);
    }

    /** Forgets tokens that expired (a replay of one fails its signature check's {@code exp} anyway). */
    void prune(Instant now) {
        update("DELETE FROM idp_refresh_tokens WHERE expires_at < ?", OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
    }

    private Optional<String[]> row(String hash) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT family_id, user_id, client_id, state FROM idp_refresh_tokens WHERE token_hash = ?")) {
                ps.setString(1, hash);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new String[] {rs.getString(1), rs.getString(2), rs.getString(3),
                            rs.getString(4)}) : Optional.empty();
                }
            }
        });
    }

    private int update(String sql, Object... args) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    ps.setObject(i + 1, args[i]);
                }
                return ps.executeUpdate();
            }
        });
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
