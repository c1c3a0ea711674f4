package dev.contractkit.mock.state;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;

import java.security.SecureRandom;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Bearer JWTs of one API's mock. The mock's token endpoint (an operation at a scheme's
 * {@code x-kit-token-endpoint}) issues HS256 tokens signed with a key made at start; any username and password
 * are accepted, and the roles are {@code user}, plus {@code admin} for a username that starts with
 * {@code admin}. A bearer credential of a JWT scheme is accepted when it is one of these tokens, or a
 * well-formed, unexpired JWT of another issuer that is not {@code alg: none} (its signature cannot be checked,
 * its claims are used as they are): anything else is refused like a missing credential.
 */
public final class MockTokens {
    private final byte[] secret = new byte[32];
    private final String issuer;
    private final Clock clock;

    MockTokens(String issuer, Clock clock) {
        new SecureRandom().nextBytes(secret);
        this.issuer = issuer;
        this.clock = clock;
    }

    /** @return a signed token for this user, with its roles under the claim path (e.g. {@code realm_access.roles}) */
    public String mint(String username, String rolesClaim, Duration ttl, String type) {
        List<String> roles = username.toLowerCase(Locale.ROOT).startsWith("admin") ? List.of("user", "admin") : List.of("user");
        Instant now = clock.instant();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(issuer).subject(username)
                .claim("preferred_username", username).claim("typ", type).jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plus(ttl)));
        String[] path = rolesClaim.split("\\.");
        Object value = roles;
        for (int i = path.length - 1; i > 0; i--) {
            value = Map.of(path[i], value);
        }
        claims.claim(path[0], value);
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
        try {
            jwt.sign(new MACSigner(secret));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    /** @return the claims of an acceptable token (see the class comment), else empty */
    public Optional<JWTClaimsSet> claims(String token) {
        return checked(token).claims();
    }

    /** @return why the token is not acceptable (an RFC 6750 {@code error_description}), empty when it is */
    public Optional<String> problem(String token) {
        return checked(token).problem();
    }

    private record Checked(Optional<JWTClaimsSet> claims, Optional<String> problem) {
        static Checked refused(String why) {
            return new Checked(Optional.empty(), Optional.of(why));
        }
    }

    private Checked checked(String token) {
        try {
            JWT jwt = JWTParser.parse(token.trim());
            if (!(jwt instanceof SignedJWT signed)) {
                // alg none, or encrypted: nothing a client should send
                return Checked.refused("the token is not signed (alg none or encrypted)");
            }
            JWTClaimsSet claims = signed.getJWTClaimsSet();
            if (issuer.equals(claims.getIssuer()) && !signed.verify(new MACVerifier(secret))) {
                return Checked.refused("the token's signature does not match the mock's key");
            }
            Date exp = claims.getExpirationTime();
            return exp != null && exp.toInstant().isBefore(clock.instant())
                    ? Checked.refused("the token expired at " + exp.toInstant() + "; get a new one at the token endpoint")
                    : new Checked(Optional.of(claims), Optional.empty());
        } catch (ParseException | JOSEException | RuntimeException e) {
            return Checked.refused("the token is not a JWT; get one at the token endpoint");
        }
    }

    /** @return the roles at the claim path, e.g. {@code realm_access.roles} */
    public static List<String> roles(JWTClaimsSet claims, String rolesClaim) {
        Object current = claims.getClaims();
        for (String part : rolesClaim.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return List.of();
            }
            current = map.get(part);
        }
        return current instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
    }
}
