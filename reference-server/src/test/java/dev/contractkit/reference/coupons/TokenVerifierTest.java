package dev.contractkit.reference.coupons;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.contractkit.reference.platform.ApiError;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The verifier remembers verified access tokens by their exact bytes, never by their claims. */
class TokenVerifierTest {
    private static RSAKey key;
    private static RSAKey otherKey;
    private static TokenVerifier verifier;
    private static final String ISSUER = "http://127.0.0.1:8082/realms/contractkit";

    @BeforeAll
    static void keys() throws Exception {
        key = new RSAKeyGenerator(2048).keyID("k1").generate();
        otherKey = new RSAKeyGenerator(2048).keyID("k1").generate();
        verifier = TokenVerifier.local(new JWKSet(key.toPublicJWK()), () -> ISSUER, "coupons-api");
    }

    private static String token(RSAKey signer, String subject) throws Exception {
        Instant now = Instant.now();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1").build(),
                new JWTClaimsSet.Builder().issuer(ISSUER).subject(subject).audience("coupons-api")
                        .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300)))
                        .claim("typ", "Bearer").claim("realm_access", Map.of("roles", List.of("user"))).build());
        jwt.sign(new RSASSASigner(signer));
        return jwt.serialize();
    }

    @Test
    void aVerifiedTokenIsAcceptedAgainWithTheSameCaller() throws Exception {
        String token = token(key, "alice");

        Principal first = verifier.verify(token);
        Principal again = verifier.verify(token);

        assertThat(first.subject()).isEqualTo("alice");
        assertThat(again).isEqualTo(first);
        assertThat(again.roles()).containsExactly("user");
    }

    @Test
    void theSameClaimsWithAnotherSignatureAreRefusedAfterTheGenuineTokenWasVerified() throws Exception {
        String genuine = token(key, "bob");
        verifier.verify(genuine);
        String[] parts = genuine.split("\\.");
        String forged = parts[0] + "." + parts[1] + "." + token(otherKey, "bob").split("\\.")[2];

        assertThatThrownBy(() -> verifier.verify(forged)).isInstanceOf(ApiError.class);
    }

    @Test
    void aTokenSignedByAnotherKeyIsRefusedEveryTime() throws Exception {
        String foreign = token(otherKey, "mallory");

        assertThatThrownBy(() -> verifier.verify(foreign)).isInstanceOf(ApiError.class);
        assertThatThrownBy(() -> verifier.verify(foreign)).isInstanceOf(ApiError.class);
    }
}
