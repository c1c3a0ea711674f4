package dev.contractkit.reference.coupons;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The embedded OpenID Connect provider of the coupon service (Keycloak's paths and token shape):
 * password and refresh-token grants, RS256 tokens with {@code realm_access.roles}, a JWKS, a discovery
 * document. Users (hashed passwords) and the signing key live in the kit's database, so tokens stay
 * valid across restarts and replicas.
 */
final class IdentityProvider {
    /** A user row. */
    record User(String id, String username, String email, String firstName, String lastName, List<String> roles,
                String passwordHash, OffsetDateTime createdAt, OffsetDateTime lastLogin) {
    }

    /** The token endpoint's answer. */
    record Tokens(String accessToken, long expiresIn, String refreshToken, long refreshExpiresIn, String scope) {
    }

    /** An OAuth 2.0 error ({@code {error, error_description}}). */
    static final class OAuthError extends RuntimeException {
        final int status;
        final String error;

        OAuthError(int status, String error, String description) {
            super(description, null, false, false);
            this.status = status;
            this.error = error;
        }
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final String realm;
    private final List<String> clientIds;
    private final long accessTtl;
    private final long refreshTtl;
    private final RSAKey key;
    private final TokenVerifier refreshVerifier;

    IdentityProvider(DataSource dataSource, Clock clock, String realm, List<String> clientIds, long accessTtl,
                     long refreshTtl, List<String> seedUsers) throws SQLException {
        this.dataSource = dataSource;
        this.clock = clock;
        this.realm = realm;
        this.clientIds = clientIds;
        this.accessTtl = accessTtl;
        this.refreshTtl = refreshTtl;
        this.key = loadOrCreateKey();
        this.refreshVerifier = TokenVerifier.local(publicKeys(), realm);
        seed(seedUsers);
    }

    String realm() {
        return realm;
    }

    JWKSet publicKeys() {
        return new JWKSet(key.toPublicJWK());
    }

    Tokens passwordGrant(String issuer, String clientId, String username, String password) {
        checkClient(clientId);
        User user = find(username).filter(u -> Passwords.matches(password == null ? "" : password, u.passwordHash()))
                .orElseThrow(() -> new OAuthError(401, "invalid_grant", "Invalid user credentials"));
        touchLastLogin(user.id());
        return issue(issuer, clientId, user);
    }

    Tokens refreshGrant(String issuer, String clientId, String refreshToken) {
        checkClient(clientId);
        try {
            SignedJWT jwt = SignedJWT.parse(refreshToken);
            if (!"Refresh".equals(jwt.getJWTClaimsSet().getClaim("typ"))) {
                throw new OAuthError(400, "invalid_grant", "Invalid refresh token");
            }
            Principal p = refreshVerifier.verifyAnyType(refreshToken);
            User user = findById(p.subject()).orElseThrow(() -> new OAuthError(400, "invalid_grant", "User not found"));
            return issue(issuer, clientId, user);
        } catch (ParseException | dev.contractkit.reference.platform.ApiError e) {
            throw new OAuthError(400, "invalid_grant", "Invalid refresh token");
        }
    }

    private void checkClient(String clientId) {
        if (clientId == null || !clientIds.contains(clientId)) {
            throw new OAuthError(401, "invalid_client", "Invalid client or Invalid client credentials");
        }
    }

    private Tokens issue(String issuer, String clientId, User user) {
        Instant now = clock.instant();
        String access = sign(new JWTClaimsSet.Builder()
                .issuer(issuer).subject(user.id()).audience("account").jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(accessTtl)))
                .claim("typ", "Bearer").claim("azp", clientId).claim("scope", "openid profile email")
                .claim("preferred_username", user.username()).claim("email", user.email())
                .claim("given_name", user.firstName()).claim("family_name", user.lastName())
                .claim("realm_access", Map.of("roles", user.roles()))
                .build());
        String refresh = sign(new JWTClaimsSet.Builder()
                .issuer(issuer).subject(user.id()).jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(refreshTtl)))
                .claim("typ", "Refresh").claim("azp", clientId)
                .build());
        return new Tokens(access, accessTtl, refresh, refreshTtl, "openid profile email");
    }

    private String sign(JWTClaimsSet claims) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
                    .type(JOSEObjectType.JWT).build(), claims);
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a token", e);
        }
    }

    Map<String, Object> discovery(String issuer) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("issuer", issuer);
        d.put("token_endpoint", issuer + "/protocol/openid-connect/token");
        d.put("jwks_uri", issuer + "/protocol/openid-connect/certs");
        d.put("grant_types_supported", List.of("password", "refresh_token"));
        d.put("response_types_supported", List.of("token"));
        d.put("subject_types_supported", List.of("public"));
        d.put("id_token_signing_alg_values_supported", List.of("RS256"));
        d.put("token_endpoint_auth_methods_supported", List.of("none"));
        d.put("claims_supported", List.of("sub", "iss", "preferred_username", "email", "given_name", "family_name",
                "realm_access"));
        return d;
    }

    /** @return true when the provider can sign a token and verify it with its own key set */
    boolean selfTest() {
        try {
            String token = sign(new JWTClaimsSet.Builder().issuer("probe/realms/" + realm).subject("probe")
                    .issueTime(Date.from(clock.instant())).expirationTime(Date.from(clock.instant().plusSeconds(30)))
                    .claim("typ", "Bearer").build());
            return refreshVerifier.verify(token).subject().equals("probe");
        } catch (RuntimeException e) {
            return false;
        }
    }

    Optional<User> find(String username) {
        return query("SELECT id, username, email, first_name, last_name, roles, password_hash, created_at, last_login "
                + "FROM idp_users WHERE username = ?", username == null ? "" : username);
    }

    Optional<User> findById(String id) {
        return query("SELECT id, username, email, first_name, last_name, roles, password_hash, created_at, last_login "
                + "FROM idp_users WHERE id = ?", id);
    }

    private Optional<User> query(String sql, String arg) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, arg);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                OffsetDateTime last = rs.getObject(9, OffsetDateTime.class);
                return Optional.of(new User(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), List.of(rs.getString(6).split(",")), rs.getString(7),
                        rs.getObject(8, OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC),
                        last == null ? null : last.withOffsetSameInstant(ZoneOffset.UTC)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void touchLastLogin(String id) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE idp_users SET last_login = ? WHERE id = ?")) {
            ps.setObject(1, OffsetDateTime.now(clock));
            ps.setString(2, id);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private RSAKey loadOrCreateKey() throws SQLException {
        Optional<RSAKey> existing = readKey();
        if (existing.isPresent()) {
            return existing.get();
        }
        try {
            RSAKey created = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
                    .keyID(UUID.randomUUID().toString()).generate();
            try (Connection c = dataSource.getConnection();
                 PreparedStatement ps = c.prepareStatement("INSERT INTO idp_keys (kid, jwk, created_at) VALUES (?, ?, ?)")) {
                ps.setString(1, created.getKeyID());
                ps.setString(2, created.toJSONString());
                ps.setTimestamp(3, Timestamp.from(clock.instant()));
                ps.executeUpdate();
            }
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return readKey().orElseThrow(); // the oldest key wins if two replicas raced
    }

    private Optional<RSAKey> readKey() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT jwk FROM idp_keys ORDER BY created_at, kid LIMIT 1");
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(RSAKey.parse(rs.getString(1))) : Optional.empty();
        } catch (ParseException e) {
            throw new IllegalStateException("stored signing key is not a JWK", e);
        }
    }

    /** Seeds users given as {@code username:password:role+role}, once (existing usernames are kept). */
    private void seed(List<String> specs) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        for (String spec : specs) {
            String[] parts = spec.split(":");
            if (parts.length != 3) {
                throw new IllegalArgumentException("KIT_COUPONS_USERS entries are username:password:role+role, got " + spec);
            }
            if (find(parts[0]).isEmpty()) {
                rows.add(parts);
            }
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO idp_users (id, username, email, first_name, "
                     + "last_name, roles, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (String[] r : rows) {
                String name = r[0];
                ps.setString(1, UUID.nameUUIDFromBytes(("kit-user:" + name).getBytes()).toString());
                ps.setString(2, name);
                ps.setString(3, name + "@example.com");
                ps.setString(4, Character.toUpperCase(name.charAt(0)) + name.substring(1));
                ps.setString(5, "Kit");
                ps.setString(6, String.join(",", r[2].split("\\+")));
                ps.setString(7, Passwords.hash(r[1]));
                ps.setObject(8, OffsetDateTime.now(clock));
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            if (rows.isEmpty() || find(rows.get(0)[0]).isEmpty()) {
                throw e; // not a race with another replica seeding the same users
            }
        }
    }
}
