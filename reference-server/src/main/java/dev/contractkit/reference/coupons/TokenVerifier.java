package dev.contractkit.reference.coupons;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.contractkit.reference.platform.ApiError;

import java.net.MalformedURLException;
import java.net.URI;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Verifies bearer tokens: RS256 only (so {@code alg: none} and HMAC tokens are refused), signature by a key
 * of the issuer's JWKS, not expired, exactly the configured issuer, an {@code aud} naming the coupons API
 * ({@code KIT_COUPONS_AUDIENCE}), and typ {@code Bearer}. The embedded identity provider's key set is used by
 * default; an external issuer (e.g. a Keycloak realm) is configured with {@code KIT_COUPONS_ISSUER} and
 * {@code KIT_COUPONS_JWKS_URL}.
 */
final class TokenVerifier {
    /** Past this many verified access tokens the memo starts afresh (a client keeps its token for minutes). */
    static final int MEMO_LIMIT = 10_000;
    private final DefaultJWTProcessor<SecurityContext> processor;
    private final Predicate<String> issuerCheck;
    /**
     * Access tokens already verified, by their exact text (signature included), until they expire: the RSA
     * signature check costs a tenth of a redemption (docs/performance.md). A hit needs the same bytes, so nothing is
     * accepted that was not verified; it is taken only before {@code exp} (without the verifier's clock skew).
     */
    private final ConcurrentHashMap<String, Principal> verified = new ConcurrentHashMap<>();

    private TokenVerifier(JWKSource<SecurityContext> keys, Predicate<String> issuerCheck, String audience) {
        this.issuerCheck = issuerCheck;
        this.processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.RS256, keys));
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(
                // Nimbus asks contains(null) of these sets, which Set.of refuses
                audience == null ? null : new HashSet<>(List.of(audience)), null,
                new HashSet<>(List.of("sub", "exp", "iat", "iss")), null));
    }

    /**
     * The embedded provider: the issuer comes from configuration ({@link IssuerUrl}), never from a request.
     *
     * @param audience the {@code aud} a token must name; null only for the provider's own refresh tokens
     */
    static TokenVerifier local(JWKSet publicKeys, Supplier<String> issuer, String audience) {
        return new TokenVerifier(new ImmutableJWKSet<>(publicKeys), iss -> iss.equals(issuer.get()), audience);
    }

    static TokenVerifier remote(String jwksUrl, String issuer, String audience) {
        try {
            return new TokenVerifier(JWKSourceBuilder.create(URI.create(jwksUrl).toURL()).build(), issuer::equals,
                    audience);
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("KIT_COUPONS_JWKS_URL is not a URL: " + jwksUrl, e);
        }
    }

    /**
     * @param token the compact JWT
     * @return the caller
     * @throws ApiError 401 UNAUTHORIZED for any token that does not verify
     */
    Principal verify(String token) {
        Principal known = verified.get(token);
        if (known != null && Instant.now().isBefore(known.expiresAt())) {
            return known;
        }
        Principal checked = check(token, true);
        synchronized (verified) {
            if (verified.size() >= MEMO_LIMIT) {
                verified.clear(); // bounded: a flood of distinct valid tokens costs signature checks, not memory
            }
            verified.put(token, checked);
        }
        return checked;
    }

    /** @return how many verified tokens the memo holds (never more than {@link #MEMO_LIMIT}) */
    int remembered() {
        return verified.size();
    }

    /** Verifies signature, expiry and issuer but not the token type (used for refresh tokens). */
    Principal verifyAnyType(String token) {
        return check(token, false);
    }

    private Principal check(String token, boolean accessOnly) {
        JWTClaimsSet claims;
        try {
            claims = processor.process(token, null);
        } catch (ParseException | BadJOSEException | JOSEException | RuntimeException e) {
            throw ApiError.unauthorized("invalid token: " + reason(e));
        }
        if (!issuerCheck.test(claims.getIssuer())) {
            throw ApiError.unauthorized("invalid token: unexpected issuer " + claims.getIssuer());
        }
        Object typ = claims.getClaim("typ");
        if (accessOnly && typ != null && !"Bearer".equals(typ)) {
            throw ApiError.unauthorized("invalid token: not an access token");
        }
        return new Principal(claims.getSubject(), username(claims), roles(claims), text(claims, "email"),
                text(claims, "given_name"), text(claims, "family_name"), claims.getIssueTime().toInstant(),
                authTime(claims), claims.getExpirationTime().toInstant());
    }

    private static String text(JWTClaimsSet claims, String name) {
        Object v = claims.getClaim(name);
        return v == null ? null : v.toString();
    }

    private static Instant authTime(JWTClaimsSet claims) {
        Object v = claims.getClaim("auth_time");
        if (v instanceof Date d) {
            return d.toInstant();
        }
        return v instanceof Number n ? Instant.ofEpochSecond(n.longValue()) : null;
    }

    private static String username(JWTClaimsSet claims) {
        Object u = claims.getClaim("preferred_username");
        return u == null ? claims.getSubject() : u.toString();
    }

    @SuppressWarnings("unchecked")
    private static Set<String> roles(JWTClaimsSet claims) {
        Object access = claims.getClaim("realm_access");
        if (access instanceof Map<?, ?> map && map.get("roles") instanceof List<?> list) {
            Set<String> roles = new HashSet<>();
            ((List<Object>) list).forEach(r -> roles.add(String.valueOf(r)));
            return Set.copyOf(roles);
        }
        return Set.of();
    }

    private static String reason(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (m.contains("Expired")) {
            return "expired";
        }
        return m.length() > 120 ? m.substring(0, 120) : m;
    }
}
