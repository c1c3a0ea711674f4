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
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationErrorResponse;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.AuthorizationRequest;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.GrantType;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.token.OIDCTokens;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/**
 * The coupon service's identity provider as a standard OpenID Connect / OAuth 2.0 client sees it: every call
 * goes through Nimbus' OAuth 2.0 / OIDC SDK ({@code com.nimbusds:oauth2-oidc-sdk}), none through the kit's
 * own code: discovery, the password and refresh-token grants, the access token's RS256 signature checked with
 * the published JWKS, revocation (RFC 7009) and the error responses of RFC 6749 section 5.2, each parsed by
 * the library.
 */
class StandardOidcClientTest {
    private static final ClientID CLIENT = new ClientID("kit-cli");
    /** A native app's loopback redirect URI: registered as http://127.0.0.1/callback, any port (RFC 8252 7.3). */
    private static final URI CALLBACK = URI.create("http://127.0.0.1:49152/callback");
    /** The browser: keeps nothing, follows no redirect (the test reads each Location itself). */
    private static final HttpClient BROWSER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private static final Pattern HIDDEN = Pattern.compile("<input type=\"hidden\" name=\"([^\"]*)\" value=\"([^\"]*)\">");
    private static final Pattern ACTION = Pattern.compile("<form method=\"post\" action=\"([^\"]*)\">");

    @TempDir
    static Path dataDir;

    private static KitServer server;
    private static OIDCProviderMetadata provider;

    @BeforeAll
    static void start() throws Exception {
        server = KitServer.start(TestDatabases.embedded(dataDir),
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

    // ---- authorization code with PKCE (issue 36.8) ---------------------------------------------------------

    @Test
    void theAuthorizationCodeFlowWithPkceLogsInOnTheLoginPageAndGivesAVerifiedIdTokenWithTheConfiguredProfile()
            throws Exception {
        String issuer = server.url(Api.COUPONS) + "/realms/contractkit";
        assertThat(provider.getAuthorizationEndpointURI()).hasToString(issuer + "/protocol/openid-connect/auth");
        assertThat(provider.getResponseTypes()).contains(ResponseType.CODE);
        assertThat(provider.getCodeChallengeMethods()).containsExactly(CodeChallengeMethod.S256);
        assertThat(provider.getGrantTypes()).contains(GrantType.AUTHORIZATION_CODE);

        CodeVerifier verifier = new CodeVerifier();
        Nonce nonce = new Nonce();
        AuthenticationRequest request = authentication(verifier, nonce);
        AuthorizationSuccessResponse ok = logIn(request, "alice", "alice-password");
        assertThat(ok.getState()).isEqualTo(request.getState());
        assertThat(ok.getIssuer()).isEqualTo(provider.getIssuer()); // RFC 9207

        AuthorizationCode code = ok.getAuthorizationCode();
        TokenResponse answer = token(new AuthorizationCodeGrant(code, CALLBACK, verifier));
        success(answer);
        assertThat(answer).isInstanceOf(OIDCTokenResponse.class);
        OIDCTokens tokens = ((OIDCTokenResponse) answer).getOIDCTokens();
        IDTokenClaimsSet id = new IDTokenValidator(provider.getIssuer(), CLIENT, JWSAlgorithm.RS256,
                provider.getJWKSetURI().toURL()).validate(tokens.getIDToken(), nonce); // signature, iss, aud, exp, nonce
        assertThat(id.getStringClaim("preferred_username")).isEqualTo("alice");
        // the profile is the user configuration's (CouponsModule.DEMO_USERS), not derived from the username
        assertThat(id.getStringClaim("email")).isEqualTo("alice@example.com");
        assertThat(id.getStringClaim("given_name")).isEqualTo("Alice");
        assertThat(id.getStringClaim("family_name")).isEqualTo("Liddell");

        JWTClaimsSet access = verify(tokens.getAccessToken().getValue());
        assertThat(access.getStringClaim("preferred_username")).isEqualTo("alice");
        HTTPRequest profile = new HTTPRequest(HTTPRequest.Method.GET,
                URI.create(server.url(Api.COUPONS) + "/api/v1/users/profile"));
        profile.setAuthorization(tokens.getAccessToken().toAuthorizationHeader());
        HTTPResponse me = profile.send();
        assertThat(me.getStatusCode()).as(me.getBody()).isEqualTo(200);
        assertThat(me.getBodyAsJSONObject()).containsEntry("email", "alice@example.com").containsEntry("last_name", "Liddell");
        assertThat(me.getHeaderValue("X-RateLimit-Limit")).as("authenticated-read at its real value").isEqualTo("2000");

        // single use: the code again is refused, and the session it started ends (RFC 6749 4.1.2)
        assertError(token(new AuthorizationCodeGrant(code, CALLBACK, verifier)), 400, "invalid_grant");
        assertError(token(new RefreshTokenGrant(tokens.getRefreshToken())), 400, "invalid_grant");
    }

    @Test
    void aCodeIsBoundToItsVerifierClientAndRedirectUriAndLivesBriefly() throws Exception {
        CodeVerifier verifier = new CodeVerifier();
        assertError(token(new AuthorizationCodeGrant(code(verifier), CALLBACK, new CodeVerifier())), 400, "invalid_grant");
        AuthorizationCode noVerifier = code(verifier);
        assertError(token(new AuthorizationCodeGrant(noVerifier, CALLBACK)), 400, "invalid_grant");
        // a failed attempt used the code up: the right verifier comes too late
        assertError(token(new AuthorizationCodeGrant(noVerifier, CALLBACK, verifier)), 400, "invalid_grant");
        assertError(token(new AuthorizationCodeGrant(code(verifier), URI.create("http://127.0.0.1:49153/callback"),
                verifier)), 400, "invalid_grant");
        assertError(OIDCTokenResponseParser.parse(new TokenRequest(provider.getTokenEndpointURI(), new ClientID("kit-web"),
                new AuthorizationCodeGrant(code(verifier), CALLBACK, verifier), null).toHTTPRequest().send()),
                400, "invalid_grant");

        AuthorizationCode old = code(verifier);
        try (Connection c = server.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE idp_auth_codes SET expires_at = auth_time"); // as if a minute had passed
        }
        assertError(token(new AuthorizationCodeGrant(old, CALLBACK, verifier)), 400, "invalid_grant");

        // a request without a code is malformed (RFC 6749 5.2)
        HTTPRequest http = new TokenRequest(provider.getTokenEndpointURI(), CLIENT,
                new AuthorizationCodeGrant(new AuthorizationCode("x"), CALLBACK, verifier), null).toHTTPRequest();
        Map<String, List<String>> form = http.getBodyAsFormParameters();
        form.remove("code");
        http.setBody(URLUtils.serializeParameters(form));
        assertError(OIDCTokenResponseParser.parse(http.send()), 400, "invalid_request");
        // and the working path still works
        success(token(new AuthorizationCodeGrant(code(verifier), CALLBACK, verifier)));
    }

    @Test
    void theAuthorizationEndpointNeverRedirectsToAnUnregisteredUriAndSendsOtherErrorsBackWithTheState()
            throws Exception {
        Scope openid = new Scope("openid");
        CodeVerifier verifier = new CodeVerifier();
        for (AuthorizationRequest refused : List.of(
                new AuthorizationRequest.Builder(ResponseType.CODE, CLIENT).redirectionURI(URI.create(
                        "https://evil.example/callback")),
                new AuthorizationRequest.Builder(ResponseType.CODE, CLIENT).redirectionURI(URI.create(
                        "http://127.0.0.1:49152/callback/../evil")),
                new AuthorizationRequest.Builder(ResponseType.CODE, new ClientID("no-such-client")).redirectionURI(CALLBACK),
                new AuthorizationRequest.Builder(ResponseType.CODE, new ClientID("kit-web")).redirectionURI(CALLBACK))
                .stream().map(b -> b.scope(openid).state(new State()).codeChallenge(verifier, CodeChallengeMethod.S256)
                        .endpointURI(provider.getAuthorizationEndpointURI()).build()).toList()) {
            HttpResponse<String> page = browse(refused.toURI(), null, null);
            assertThat(page.statusCode()).as(refused.toURI().toString()).isEqualTo(400);
            assertThat(page.headers().firstValue("Location")).isEmpty();
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/html"));
        }

        State state = new State();
        Map<String, AuthorizationRequest> redirected = new LinkedHashMap<>();
        redirected.put("invalid_request", new AuthorizationRequest.Builder(ResponseType.CODE, CLIENT) // no PKCE
                .redirectionURI(CALLBACK).scope(openid).state(state).endpointURI(provider.getAuthorizationEndpointURI()).build());
        redirected.put("invalid_request ", new AuthorizationRequest.Builder(ResponseType.CODE, CLIENT) // plain PKCE
                .redirectionURI(CALLBACK).scope(openid).state(state).codeChallenge(verifier, CodeChallengeMethod.PLAIN)
                .endpointURI(provider.getAuthorizationEndpointURI()).build());
        redirected.put("unsupported_response_type", new AuthorizationRequest.Builder(ResponseType.TOKEN, CLIENT)
                .redirectionURI(CALLBACK).scope(openid).state(state).codeChallenge(verifier, CodeChallengeMethod.S256)
                .endpointURI(provider.getAuthorizationEndpointURI()).build());
        redirected.put("invalid_scope", new AuthorizationRequest.Builder(ResponseType.CODE, CLIENT)
                .redirectionURI(CALLBACK).scope(new Scope("openid", "admin:all")).state(state)
                .codeChallenge(verifier, CodeChallengeMethod.S256).endpointURI(provider.getAuthorizationEndpointURI()).build());
        for (Map.Entry<String, AuthorizationRequest> e : redirected.entrySet()) {
            HttpResponse<String> answer = browse(e.getValue().toURI(), null, null);
            assertThat(answer.statusCode()).as(e.getKey()).isEqualTo(302);
            AuthorizationResponse parsed = AuthorizationResponse.parse(URI.create(answer.headers().firstValue("Location")
                    .orElseThrow()));
            assertThat(parsed.indicatesSuccess()).isFalse();
            AuthorizationErrorResponse error = parsed.toErrorResponse();
            assertThat(error.getRedirectionURI()).isEqualTo(CALLBACK);
            assertThat(error.getState()).isEqualTo(state);
            assertThat(error.getErrorObject().getCode()).isEqualTo(e.getKey().strip());
        }
    }

    @Test
    void theLoginFormNeedsItsCsrfCookieChecksTheRequestAgainAndAWrongPasswordShowsTheFormAgain() throws Exception {
        AuthenticationRequest request = authentication(new CodeVerifier(), new Nonce());
        HttpResponse<String> page = browse(request.toURI(), null, null);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(v -> assertThat(v).contains("frame-ancestors 'none'"));
        String setCookie = page.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(setCookie).contains("HttpOnly").contains("SameSite=Strict");
        String cookie = setCookie.split(";")[0];
        Map<String, String> fields = hidden(page.body());
        assertThat(fields).containsEntry("state", request.getState().getValue()).containsKey("csrf");

        // another site's page posting the form: the browser sends no SameSite=Strict cookie
        HttpResponse<String> forged = post(page.body(), null, Map.of("username", "alice", "password", "alice-password"));
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(forged.headers().firstValue("Location")).isEmpty();
        HttpResponse<String> mismatched = post(page.body(), "KIT_LOGIN_CSRF=" + "A".repeat(43),
                Map.of("username", "alice", "password", "alice-password"));
        assertThat(mismatched.statusCode()).isEqualTo(403);

        // the hidden fields are checked again: a changed redirect_uri is not redirected to
        HttpResponse<String> tampered = post(page.body(), cookie, Map.of("username", "alice", "password",
                "alice-password", "redirect_uri", "https://evil.example/callback"));
        assertThat(tampered.statusCode()).isEqualTo(400);
        assertThat(tampered.headers().firstValue("Location")).isEmpty();

        HttpResponse<String> wrong = post(page.body(), cookie, Map.of("username", "alice", "password", "not-hers"));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.headers().firstValue("Location")).isEmpty();
        assertThat(wrong.body()).contains("Invalid username or password").contains("value=\"alice\"");
        // the page shown again logs in
        HttpResponse<String> right = post(wrong.body(), cookie, Map.of("username", "alice", "password", "alice-password"));
        assertThat(right.statusCode()).isEqualTo(303);
        assertThat(right.headers().firstValue("Location").orElseThrow()).startsWith(CALLBACK + "?code=");
    }

    @Test
    @Tag("browser")
    void theFrontEndsLoginButtonRunsTheFlowInARealBrowserAndShowsTheConfiguredProfile() throws Exception {
        Path chromium = Path.of("/usr/bin/chromium");
        Path driver = Path.of("/usr/bin/chromedriver");
        if (!Files.isExecutable(chromium) || !Files.isExecutable(driver)) {
            if ("true".equals(System.getenv("CI"))) {
                fail("chromium and chromium-driver are missing: ./kit test installs them (apt-get), CI must run it");
            }
            Assumptions.abort("skipped: no /usr/bin/chromium and /usr/bin/chromedriver (Debian chromium, chromium-driver)");
        }
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile())
                .usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + Files.createDirectories(dataDir.resolve("chromium-profile")));
        WebDriver browser = new ChromeDriver(service, options);
        try {
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
            browser.get(server.url(Api.COUPONS) + "/app/");
            wait.until(d -> d.findElement(By.id("login")).isDisplayed());
            browser.findElement(By.id("login")).click();
            // the provider's login page
            wait.until(d -> d.getCurrentUrl().contains("/realms/contractkit/protocol/openid-connect/auth"));
            browser.findElement(By.id("username")).sendKeys("alice");
            browser.findElement(By.id("password")).sendKeys("alice-password");
            browser.findElement(By.cssSelector("button[type=submit]")).click();
            // back on the page: the code was exchanged, the profile shown, the code gone from the address bar
            wait.until(d -> d.findElement(By.id("profile")).isDisplayed());
            assertThat(browser.findElement(By.id("p-email")).getText()).isEqualTo("alice@example.com");
            assertThat(browser.findElement(By.id("p-name")).getText()).isEqualTo("Alice Liddell");
            assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("Logged in as alice");
            assertThat(browser.getCurrentUrl()).isEqualTo(server.url(Api.COUPONS) + "/app/");
            assertThat(browser.findElement(By.id("message")).isDisplayed()).isFalse();
        } finally {
            Path png = Files.createDirectories(Path.of("target", "coupons-web-ui")).resolve("login.png");
            Files.write(png, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
            browser.quit();
            service.stop();
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------

    private static AuthenticationRequest authentication(CodeVerifier verifier, Nonce nonce) {
        return new AuthenticationRequest.Builder(ResponseType.CODE, new Scope("openid", "profile", "email"), CLIENT,
                CALLBACK).endpointURI(provider.getAuthorizationEndpointURI()).state(new State()).nonce(nonce)
                .codeChallenge(verifier, CodeChallengeMethod.S256).build();
    }

    /** A browser's login: the login page, the form posted with its cookie, the redirect to the client parsed. */
    private static AuthorizationSuccessResponse logIn(AuthorizationRequest request, String user, String password)
            throws Exception {
        HttpResponse<String> page = browse(request.toURI(), null, null);
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        String cookie = page.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        HttpResponse<String> answer = post(page.body(), cookie, Map.of("username", user, "password", password));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(303);
        AuthorizationResponse parsed = AuthorizationResponse.parse(URI.create(answer.headers().firstValue("Location")
                .orElseThrow()));
        assertThat(parsed.indicatesSuccess()).as(parsed.toString()).isTrue();
        return parsed.toSuccessResponse();
    }

    private static AuthorizationCode code(CodeVerifier verifier) throws Exception {
        return logIn(authentication(verifier, new Nonce()), "bob", "bob-password").getAuthorizationCode();
    }

    /** Posts the page's form: its hidden fields, overridden or completed by {@code input}. */
    private static HttpResponse<String> post(String html, String cookie, Map<String, String> input) throws Exception {
        Map<String, String> fields = hidden(html);
        fields.putAll(input);
        Matcher action = ACTION.matcher(html);
        assertThat(action.find()).as(html).isTrue();
        String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        return browse(URI.create(server.url(Api.COUPONS)).resolve(unescape(action.group(1))), cookie, body);
    }

    private static Map<String, String> hidden(String html) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = HIDDEN.matcher(html);
        while (m.find()) {
            out.put(unescape(m.group(1)), unescape(m.group(2)));
        }
        return out;
    }

    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }

    private static HttpResponse<String> browse(URI uri, String cookie, String form) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        if (form != null) {
            b.header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form));
        }
        return BROWSER.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

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
