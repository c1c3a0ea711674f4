package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Jdbc;

import javax.sql.DataSource;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Optional;

/**
 * The authorization codes the embedded provider issued ({@code idp_auth_codes}), by the SHA-256 of their text
 * like the refresh tokens ({@link RefreshTokens#hash}): a database reader learns no usable code. A code is
 * redeemed at most once, by an atomic update, so two replicas cannot both redeem it.
 */
final class AuthorizationCodes {
    /** What a code was issued for. */
    record Grant(String clientId, String redirectUri, String userId, String codeChallenge, String nonce, String scope,
                 String sessionId, Instant authTime, Instant expiresAt) {
    }

    /** The outcome of redeeming a code. */
    sealed interface Redeemed {
    }

    /** The code was valid and is used up now. */
    record Fresh(Grant grant) implements Redeemed {
    }

    /** The code had been redeemed before: a replay (its session should end). */
    record Replayed(Grant grant) implements Redeemed {
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Jdbc jdbc;

    AuthorizationCodes(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    /** @return a new code (256 random bits) stored for the grant */
    String issue(Grant g) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String code = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        update("INSERT INTO idp_auth_codes (code_hash, client_id, redirect_uri, user_id, code_challenge, nonce, scope, "
                        + "session_id, auth_time, expires_at, used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE)",
                RefreshTokens.hash(code), g.clientId(), g.redirectUri(), g.userId(), g.codeChallenge(), g.nonce(),
                g.scope(), g.sessionId(), utc(g.authTime()), utc(g.expiresAt()));
        return code;
    }

    /** Marks a known code used; empty for a code this provider never issued. */
    Optional<Redeemed> redeem(String code) {
        String hash = RefreshTokens.hash(code);
        return find(hash).map(g -> update("UPDATE idp_auth_codes SET used = TRUE WHERE code_hash = ? AND used = FALSE",
                hash) == 1 ? new Fresh(g) : new Replayed(g));
    }

    /** Forgets codes that expired (a replay of one is refused as unknown). */
    void prune(Instant now) {
        update("DELETE FROM idp_auth_codes WHERE expires_at < ?", utc(now));
    }

    private Optional<Grant> find(String hash) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT client_id, redirect_uri, user_id, code_challenge, "
                    + "nonce, scope, session_id, auth_time, expires_at FROM idp_auth_codes WHERE code_hash = ?")) {
                ps.setString(1, hash);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Grant(rs.getString(1), rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7),
                            rs.getObject(8, OffsetDateTime.class).toInstant(),
                            rs.getObject(9, OffsetDateTime.class).toInstant())) : Optional.empty();
                }
            }
        });
    }

    private static OffsetDateTime utc(Instant i) {
        return OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private int update(String sql, Object... args) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    if (args[i] == null) {
                        ps.setNull(i + 1, java.sql.Types.VARCHAR); // an unset profile field or nonce
                    } else {
                        ps.setObject(i + 1, args[i]);
                    }
                }
                return ps.executeUpdate();
            }
        });
    }
}
