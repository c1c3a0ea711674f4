package dev.contractkit.reference.coupons;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.ClientCredentialsGrant;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.ResourceOwnerPasswordCredentialsGrant;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.TokenRevocationRequest;
import com.nimbusds.oauth2.sdk.auth.ClientSecretBasic;
import com.nimbusds.oauth2.sdk.auth.ClientSecretPost;
import com.nimbusds.oauth2.sdk.auth.Secret;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.token.AccessToken;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.oauth2.sdk.token.Tokens;
import com.nimbusds.oauth2.sdk.util.URLUtils;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The coupon service's identity provider as a standard OpenID Connect / OAuth 2.0 client sees it: every call
 * goes through Nimbus' OAuth 2.0 / OIDC SDK ({@code com.nimbusds:oauth2-oidc-sdk}), none through the kit's
 * own code: discovery, the password and refresh-token grants, the access token's RS256 signature checked with
 * the published JWKS, revocation (RFC 7009) and the error responses of RFC 6749 section 5.2, each parsed by
 * the library.
 */
class StandardOidcClientTest {
    private static final ClientID CLIENT = new ClientID("kit-cli");

    @TempDir
    static Path dataDir;

    private static KitServer server;
    private static OIDCProviderMetadata provider;

    @BeforeAll
    static void start() throws Exception {
        server = KitServer.start(TestDatabases.embedded(dataDir).with("coupons.password-iterations", "1000"),
                List.of(Api.COUPONS));
        Issuer issuer = new Issuer(server.url(Api.COUPONS) + "/realms/contractkit");
        provider = OIDCProviderMetadata.resolve(issuer); // throws when the document's issuer differs
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    // ---- discovery ---------------------------------------------------------------------------------------

    @Test
    void discoveryNamesTheIssuerAndEndpointsUnderIt() throws Exception {
        String issuer = server.url(Api.COUPONS) + "/realms/contractkit";
        assertThat(provider.getIssuer().getValue()).isEqualTo(issuer);
        assertThat(provider.getTokenEndpointURI()).hasToString(issuer + "/protocol/openid-connect/token");
        assertThat(provider.getJWKSetURI()).hasToString(issuer + "/protocol/openid-connect/certs");
        assertThat(provider.getRevocationEndpointURI()).hasToString(issuer + "/protocol/openid-connect/revoke");
        assertThat(provider.getGrantTypes()).extracting(Object::toString).contains("password", "refresh_token");
        assertThat(provider.getIDTokenJWSAlgs()).contains(JWSAlgorithm.RS256);
        // the library refuses a document for another issuer
        assertThatThrownBy(() -> OIDCProviderMetadata.resolve(new Issuer(server.url(Api.COUPONS) + "/realms/other")))
                .isInstanceOf(Exception.class);
    }

    // ---- grants, signatures, API use ---------------------------------------------------------------------

    @Test
    void passwordGrantGivesASignedTokenTheCouponsApiAccepts() throws Exception {
        Tokens tokens = success(token(password("alice", "alice-password")));
        AccessToken access = tokens.getAccessToken();
        assertThat(access.getType().getValue()).isEqualToIgnoringCase("Bearer");
        assertThat(access.getLifetime()).isPositive();
        assertThat(tokens.getRefreshToken()).isNotNull();

        JWTClaimsSet claims = verify(access.getValue());
        assertThat(claims.getIssuer()).isEqualTo(provider.getIssuer().getValue());
        assertThat(claims.getAudience()).contains(CouponsModule.DEFAULT_AUDIENCE);
        assertThat(claims.getExpirationTime()).isAfter(new Date());
        assertThat(claims.getStringClaim("preferred_username")).isEqualTo("alice");

        HTTPRequest get = new HTTPRequest(HTTPRequest.Method.GET,
                URI.create(server.url(Api.COUPONS) + "/coupons/v1/user/coupons"));
        get.setAuthorization(access.toAuthorizationHeader());
        HTTPResponse coupons = get.send();
        assertThat(coupons.getStatusCode()).as(coupons.getBody()).isEqualTo(200);

        HTTPRequest anonymous = new HTTPRequest(HTTPRequest.Method.GET,
                URI.create(server.url(Api.COUPONS) + "/coupons/v1/user/coupons"));
        assertThat(anonymous.send().getStatusCode()).isEqualTo(401);
    }

    @Test
    void theJwksCheckRejectsATamperedOrForeignToken() throws Exception {
        String access = success(token(password("admin", "admin-password"))).getAccessToken().getValue();
        assertThat(verify(access).getSubject()).isNotBlank();

        // a changed payload under the original signature
        String[] parts = access.split("\\.");
        String forged = parts[0] + "." + new JWTClaimsSet.Builder(SignedJWT.parse(access).getJWTClaimsSet())
                .claim("preferred_username", "mallory").build().toPayload().toBase64URL() + "." + parts[2];
        assertThatThrownBy(() -> verify(forged)).isInstanceOf(BadJOSEException.class);

        // the same claims signed with a key the provider does not publish, under the provider's key id
        JWKSet published = JWKSet.load(provider.getJWKSetURI().toURL());
        String kid = published.getKeys().getFirst().getKeyID();
        RSAKey foreign = new RSAKeyGenerator(2048).keyID(kid).generate();
        SignedJWT other = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid).build(),
                SignedJWT.parse(access).getJWTClaimsSet());
        other.sign(new RSASSASigner(foreign));
        assertThatThrownBy(() -> verify(other.serialize())).isInstanceOf(BadJOSEException.class);

        // the claims verifier itself: another audience is refused
        DefaultJWTProcessor<SecurityContext> otherAudience = processor(new ImmutableJWKSet<>(published), "other-api");
        assertThatThrownBy(() -> otherAudience.process(access, null)).isInstanceOf(BadJWTException.class);
    }

    @Test
    void refreshRotatesAndTheOldRefreshTokenIsRefused() throws Exception {
        Tokens first = success(token(password("alice", "alice-password")));
        RefreshToken old = first.getRefreshToken();

        Tokens second = success(token(new RefreshTokenGrant(old)));
        assertThat(second.getAccessToken().getValue()).isNotEqualTo(first.getAccessToken().getValue());
        assertThat(second.getRefreshToken()).isNotNull();
        assertThat(second.getRefreshToken().getValue()).isNotEqualTo(old.getValue());
        assertThat(verify(second.getAccessToken().getValue()).getStringClaim("preferred_username")).isEqualTo("alice");

        assertError(token(new RefreshTokenGrant(old)), 400, "invalid_grant");
    }

    @Test
    void revocationEndsTheSession() throws Exception {
        Tokens tokens = success(token(password("alice", "alice-password")));
        HTTPResponse revoked = new TokenRevocationRequest(provider.getRevocationEndpointURI(), CLIENT,
                tokens.getRefreshToken()).toHTTPRequest().send();
        assertThat(revoked.getStatusCode()).as(revoked.getBody()).isEqualTo(200);
        assertError(token(new RefreshTokenGrant(tokens.getRefreshToken())), 400, "invalid_grant");

        // RFC 7009 section 2.2: an unknown token is answered 200 as well
        HTTPResponse unknown = new TokenRevocationRequest(provider.getRevocationEndpointURI(), CLIENT,
                new RefreshToken("not-a-token")).toHTTPRequest().send();
        assertThat(unknown.getStatusCode()).isEqualTo(200);
    }

    // ---- RFC 6749 section 5.2 errors ----------------------------------------------------------------------

    @Test
    void aWrongPasswordIsInvalidGrantWith400() throws Exception {
        assertError(token(password("alice", "not-her-password")), 400, "invalid_grant");
        assertError(token(password("nobody-here", "whatever")), 400, "invalid_grant");
    }

    @Test
    void anUnknownClientIsInvalidClient() throws Exception {
        // a public client (no authentication): RFC 6749 allows 400 or 401 for invalid_client
        TokenResponse unknown = OIDCTokenResponseParser.parse(new TokenRequest(provider.getTokenEndpointURI(),
                new ClientID("no-such-client"), password("alice", "alice-password"), null).toHTTPRequest().send());
        ErrorObject error = error(unknown);
        assertThat(error.getCode()).isEqualTo("invalid_client");
        assertThat(error.getHTTPStatusCode()).isIn(400, 401);

        // a client that authenticated with the Authorization header: 401 with WWW-Authenticate (section 5.2)
        HTTPResponse basic = new TokenRequest(provider.getTokenEndpointURI(),
                new ClientSecretBasic(new ClientID("no-such-client"), new Secret("secret")),
                password("alice", "alice-password"), null).toHTTPRequest().send();
        assertError(OIDCTokenResponseParser.parse(basic), 401, "invalid_client");
        assertThat(basic.getHeaderValue("WWW-Authenticate")).startsWithIgnoringCase("Basic");
    }

    @Test
    void anUnsupportedGrantTypeIsUnsupportedGrantType() throws Exception {
        TokenRequest clientCredentials = new TokenRequest(provider.getTokenEndpointURI(),
                new ClientSecretPost(CLIENT, new Secret("secret")), new ClientCredentialsGrant(), null);
        assertError(OIDCTokenResponseParser.parse(clientCredentials.toHTTPRequest().send()), 400,
                "unsupported_grant_type");
    }

    @Test
    void aMissingParameterIsInvalidRequest() throws Exception {
        for (String missing : List.of("grant_type", "refresh_token")) {
            AuthorizationGrant grant = missing.equals("refresh_token")
                    ? new RefreshTokenGrant(new RefreshToken("placeholder")) : password("alice", "alice-password");
            HTTPRequest http = new TokenRequest(provider.getTokenEndpointURI(), CLIENT, grant, null).toHTTPRequest();
            Map<String, List<String>> form = http.getBodyAsFormParameters();
            assertThat(form).containsKey(missing);
            form.remove(missing);
            http.setBody(URLUtils.serializeParameters(form));
            assertError(OIDCTokenResponseParser.parse(http.send()), 400, "invalid_request");
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------

    private static ResourceOwnerPasswordCredentialsGrant password(String user, String password) {
        return new ResourceOwnerPasswordCredentialsGrant(user, new Secret(password));
    }

    private static TokenResponse token(AuthorizationGrant grant) throws Exception {
        return OIDCTokenResponseParser.parse(
                new TokenRequest(provider.getTokenEndpointURI(), CLIENT, grant, null).toHTTPRequest().send());
    }

    private static Tokens success(TokenResponse response) {
        assertThat(response.indicatesSuccess())
                .as(() -> response.indicatesSuccess() ? "" : response.toErrorResponse().getErrorObject().toString())
                .isTrue();
        return response.toSuccessResponse().getTokens();
    }

    private static ErrorObject error(TokenResponse response) {
        assertThat(response.indicatesSuccess()).as("expected an error response").isFalse();
        assertThat(response).isInstanceOf(TokenErrorResponse.class);
        return response.toErrorResponse().getErrorObject();
    }

    private static void assertError(TokenResponse response, int status, String code) {
        ErrorObject error = error(response);
        assertThat(error.getCode()).as(error.toString()).isEqualTo(code);
        assertThat(error.getHTTPStatusCode()).as(error.toString()).isEqualTo(status);
        assertThat(error.getDescription()).as(error.toString()).isNotBlank();
    }

    /** Checks signature (the provider's JWKS), issuer, audience and expiry; throws when any is wrong. */
    private static JWTClaimsSet verify(String token) throws Exception {
        JWKSource<SecurityContext> keys = JWKSourceBuilder.create(provider.getJWKSetURI().toURL())
                .retrying(false).build();
        return processor(keys, CouponsModule.DEFAULT_AUDIENCE).process(token, null);
    }

    private static DefaultJWTProcessor<SecurityContext> processor(JWKSource<SecurityContext> keys, String audience) {
        DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
        p.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.RS256, keys));
        p.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(audience,
                new JWTClaimsSet.Builder().issuer(provider.getIssuer().getValue()).build(),
                new HashSet<>(Set.of("sub", "exp", "iat"))));
        return p;
    }
}
