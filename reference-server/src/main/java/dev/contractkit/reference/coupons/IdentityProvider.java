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
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.DemoCredentials;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The embedded OpenID Connect provider of the coupon service (Keycloak's paths and token shape):
 * password, refresh-token and authorization-code (PKCE S256, {@link AuthorizationFlow}) grants, RS256 tokens with {@code realm_access.roles} and an {@code aud} naming
 * the coupons API, a JWKS, a discovery document, RFC 7009 revocation. Users (hashed passwords), the signing
 * key and the (hashed) refresh tokens live in the kit's database, so tokens stay valid across restarts and
 * replicas. Password guessing is throttled per username and per client address ({@link LoginThrottle});
 * an unknown username costs the same key derivation as a known one; at most so many logins are checked at once
 * ({@link LoginSlots}); a demo user's demo password is refused in a request from beyond this machine.
 */
final class IdentityProvider {
    /** The token endpoint's answer; {@code idToken} only for the authorization-code grant with scope openid. */
    record Tokens(String accessToken, long expiresIn, String refreshToken, long refreshExpiresIn, String scope,
                  String idToken) {
    }

    /** What an ID token says beyond the user: the login's time and the client's nonce (may be null). */
    record IdTokenFacts(Instant authTime, String nonce) {
    }

    /** How the provider is set up. */
    record Config(String realm, List<String> clientIds, long accessTtl, long refreshTtl, String audience,
                  IssuerUrl issuer, List<IdpUsers.Seed> users, boolean replaceUsers, List<IdpUsers.Seed> demoUsers,
                  RedirectUris redirectUris) {
    }

    /** An OAuth 2.0 error ({@code {error, error_description}}); {@code retryAfter} seconds for a 429. */
    static final class OAuthError extends RuntimeException {
        final int status;
        final String error;
        final long retryAfter;

        OAuthError(int status, String error, String description) {
            this(status, error, description, 0);
        }

        OAuthError(int status, String error, String description, long retryAfter) {
            super(description, null, false, false);
            this.status = status;
            this.error = error;
            this.retryAfter = retryAfter;
        }
    }

    private final DataSource dataSource;
    private final Clock clock;
    private final Config config;
    private final IdpUsers users;
    private final RefreshTokens refreshTokens;
    private final AuthorizationCodes codes;
    private final Passwords passwords;
    private final LoginThrottle throttle;
    private final LoginSlots slots;
    private final RSAKey key;
    private final TokenVerifier refreshVerifier;

    IdentityProvider(DataSource dataSource, Clock clock, Config config, Passwords passwords, LoginThrottle throttle,
                     LoginSlots slots) throws SQLException {
        this.dataSource = dataSource;
        this.clock = clock;
        this.config = config;
        this.passwords = passwords;
        this.throttle = throttle;
        this.slots = slots;
        this.users = new IdpUsers(dataSource, clock, passwords);
        this.refreshTokens = new RefreshTokens(dataSource);
        this.codes = new AuthorizationCodes(dataSource);
        this.key = loadOrCreateKey();
        this.refreshVerifier = TokenVerifier.local(publicKeys(), config.issuer(), null);
    }

    /** Seeds (or, when configured, replaces) the users of {@code KIT_COUPONS_USERS}. */
    void seedUsers() throws SQLException {
        users.seed(config.users(), config.replaceUsers(), refreshTokens::revokeUser);
    }

    String realm() {
        return config.realm();
    }

    IssuerUrl issuer() {
        return config.issuer();
    }

    JWKSet publicKeys() {
        return new JWKSet(key.toPublicJWK());
    }

    /** @return the demo users that would keep their demo password once the configured users are seeded */
    List<String> demoInEffect(List<IdpUsers.Seed> demo) {
        return users.demoInEffect(demo, config.users());
    }

    /**
     * @param address  the client's address (per-address limit)
     * @param indirect why the request may come from another machine ({@link DemoCredentials#indirect}): then a
     *                 demo user's demo password is refused
     */
    Tokens passwordGrant(String clientId, String username, String password, String address, Optional<String> indirect) {
        checkClient(clientId);
        IdpUsers.User user = authenticate(username, password, address, indirect);
        return issue(clientId, user, UUID.randomUUID().toString(), null);
    }

    /**
     * Checks a username and password (the token endpoint's password grant and the login page): throttled, bounded
     * in concurrency, the same key derivation for an unknown user; records the login.
     *
     * @return the user
     * @throws OAuthError 400 {@code invalid_grant} for wrong credentials (or a demo password from afar), 429 when
     *                    throttled or too busy
     */
    IdpUsers.User authenticate(String username, String password, String address, Optional<String> indirect) {
        if (!slots.enter()) {
            throw new OAuthError(429, "temporarily_unavailable", "The server is checking too many logins at once; "
                    + "try again in 1 second", 1);
        }
        try {
            String name = username == null ? "" : username;
            long wait = throttle.attempt(name, address);
            if (wait > 0) {
                throw new OAuthError(429, "too_many_attempts", "Too many failed logins; try again in " + wait
                        + " seconds", wait);
            }
            String pw = password == null ? "" : password;
            if (indirect.isPresent() && config.demoUsers().stream()
                    .anyMatch(d -> d.username().equals(name) && d.password().equals(pw))) {
                throw new OAuthError(400, "invalid_grant", DemoCredentials.message("password of user " + name,
                        indirect.get(), "KIT_COUPONS_USERS"));
            }
            Optional<IdpUsers.User> found = users.find(name);
            boolean ok = found.isPresent() ? passwords.matches(pw, found.get().passwordHash()) : passwords.matchesNobody(pw);
            if (!ok) {
                // RFC 6749 section 5.2: 400 for every error but invalid_client (Keycloak answers 401 here)
                throw new OAuthError(400, "invalid_grant", "Invalid user credentials");
            }
            throttle.succeeded(name, address);
            users.loggedIn(found.get(), pw);
            return found.get();
        } finally {
            slots.leave();
        }
    }

    /** Redeems a refresh token once and answers with a new pair; a replayed token ends its session. */
    Tokens refreshGrant(String clientId, String refreshToken) {
        checkClient(clientId);
        Principal p = verifiedRefresh(refreshToken)
                .orElseThrow(() -> new OAuthError(400, "invalid_grant", "Invalid refresh token"));
        RefreshTokens.Redeemed session = refreshTokens.find(refreshToken)
                .orElseThrow(() -> new OAuthError(400, "invalid_grant", "Invalid refresh token"));
        if (!session.clientId().equals(clientId)) {
            throw new OAuthError(400, "invalid_grant", "Invalid refresh token. Token client and authorized client "
                    + "don't match");
        }
        session = refreshTokens.redeem(refreshToken).orElseThrow(() -> new OAuthError(400, "invalid_grant",
                "Invalid refresh token: it was already used or revoked"));
        IdpUsers.User user = users.findById(p.subject()).orElseThrow(() -> new OAuthError(400, "invalid_grant",
                "User not found"));
        return issue(clientId, user, session.familyId(), null);
    }

    /**
     * RFC 7009: ends the session of a refresh token (or of the access token's session: its refresh tokens stop
     * working; the access token itself lives out its short lifetime). Unknown or invalid tokens are ignored.
     */
    void revoke(String clientId, String token) {
        checkClient(clientId);
        Optional<RefreshTokens.Redeemed> session = verifiedRefresh(token).flatMap(p -> refreshTokens.find(token));
        if (session.isPresent()) {
            if (!session.get().clientId().equals(clientId)) {
                throw new OAuthError(400, "unauthorized_client", "Token was issued to another client");
            }
            refreshTokens.revokeFamily(session.get().familyId());
            return;
        }
        sessionOfAccessToken(token).ifPresent(refreshTokens::revokeFamily);
    }

    /** Forgets expired refresh tokens and authorization codes (the module's timer). */
    void prune() {
        refreshTokens.prune(clock.instant());
        codes.prune(clock.instant());
    }

    /** Ends a login session: its refresh tokens stop working (a replayed authorization code's session). */
    void endSession(String sessionId) {
        refreshTokens.revokeFamily(sessionId);
    }

    AuthorizationCodes codes() {
        return codes;
    }

    RedirectUris redirectUris() {
        return config.redirectUris();
    }

    Clock clock() {
        return clock;
    }

    boolean knowsClient(String clientId) {
        return clientId != null && config.clientIds().contains(clientId);
    }

    private Optional<Principal> verifiedRefresh(String token) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!"Refresh".equals(jwt.getJWTClaimsSet().getClaim("typ"))) {
                return Optional.empty();
            }
            return Optional.of(refreshVerifier.verifyAnyType(token));
        } catch (ParseException | ApiError e) {
            return Optional.empty();
        }
    }

    private Optional<String> sessionOfAccessToken(String token) {
        try {
            refreshVerifier.verifyAnyType(token);
            Object sid = SignedJWT.parse(token).getJWTClaimsSet().getClaim("sid");
            return Optional.ofNullable(sid).map(Object::toString);
        } catch (ParseException | ApiError e) {
            return Optional.empty();
        }
    }

    void checkClient(String clientId) {
        if (!knowsClient(clientId)) {
            throw new OAuthError(401, "invalid_client", "Invalid client or Invalid client credentials");
        }
    }

    /**
     * Signs an access token and a refresh token for the user; with {@code id} also an OpenID Connect ID token
     * ({@code aud} = the client, the profile claims the user configuration holds, the client's nonce).
     */
    Tokens issue(String clientId, IdpUsers.User user, String sessionId, IdTokenFacts id) {
        Instant now = clock.instant();
        String issuer = config.issuer().get();
        String access = sign(new JWTClaimsSet.Builder()
                .issuer(issuer).subject(user.id()).audience(config.audience()).jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(config.accessTtl())))
                .claim("typ", "Bearer").claim("azp", clientId).claim("sid", sessionId)
                .claim("scope", "openid profile email")
                .claim("preferred_username", user.username()).claim("email", user.email())
                .claim("given_name", user.firstName()).claim("family_name", user.lastName())
                .claim("realm_access", Map.of("roles", user.roles()))
                .build());
        Instant refreshExpiry = now.plusSeconds(config.refreshTtl());
        String refresh = sign(new JWTClaimsSet.Builder()
                .issuer(issuer).subject(user.id()).audience(issuer).jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now)).expirationTime(Date.from(refreshExpiry))
                .claim("typ", "Refresh").claim("azp", clientId).claim("sid", sessionId)
                .build());
        refreshTokens.store(refresh, sessionId, user.id(), clientId, refreshExpiry);
        String idToken = id == null ? null : sign(new JWTClaimsSet.Builder()
                .issuer(issuer).subject(user.id()).audience(clientId).jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(config.accessTtl())))
                .claim("auth_time", id.authTime().getEpochSecond()).claim("nonce", id.nonce())
                .claim("typ", "ID").claim("azp", clientId).claim("sid", sessionId)
                .claim("preferred_username", user.username()).claim("email", user.email())
                .claim("given_name", user.firstName()).claim("family_name", user.lastName())
                .build());
        return new Tokens(access, config.accessTtl(), refresh, config.refreshTtl(), "openid profile email", idToken);
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

    Map<String, Object> discovery() {
        String issuer = config.issuer().get();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("issuer", issuer);
        d.put("authorization_endpoint", issuer + "/protocol/openid-connect/auth");
        d.put("token_endpoint", issuer + "/protocol/openid-connect/token");
        d.put("jwks_uri", issuer + "/protocol/openid-connect/certs");
        d.put("revocation_endpoint", issuer + "/protocol/openid-connect/revoke");
        d.put("grant_types_supported", List.of("authorization_code", "password", "refresh_token"));
        d.put("response_types_supported", List.of("code"));
        d.put("response_modes_supported", List.of("query"));
        d.put("code_challenge_methods_supported", List.of("S256"));
        d.put("authorization_response_iss_parameter_supported", true);
        d.put("scopes_supported", List.of("openid", "profile", "email"));
        d.put("subject_types_supported", List.of("public"));
        d.put("id_token_signing_alg_values_supported", List.of("RS256"));
        d.put("token_endpoint_auth_methods_supported", List.of("none"));
        d.put("claims_supported", List.of("sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "preferred_username",
                "email", "given_name", "family_name", "realm_access"));
        return d;
    }

    /** @return true when the provider can sign a token and verify it with its own key set */
    boolean selfTest() {
        try {
            String token = sign(new JWTClaimsSet.Builder().issuer(config.issuer().get()).subject("probe")
                    .issueTime(Date.from(clock.instant())).expirationTime(Date.from(clock.instant().plusSeconds(30)))
                    .claim("typ", "Bearer").build());
            return refreshVerifier.verify(token).subject().equals("probe");
        } catch (RuntimeException e) {
            return false;
        }
    }

    Optional<IdpUsers.User> findById(String id) {
        return users.findById(id);
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
}
