package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.SignedJWT;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The coupons mock as identity provider: tokens it signs, roles it reads, credentials it refuses. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MockIdentityTest {
    private static final String TOKEN_PATH = "/realms/contractkit/protocol/openid-connect/token";
    private static final String NEW_COUPON = "{\"title\":\"Spring sale\",\"discount_percent\":15}";
    private MockServers mocks;
    private Http http;
    private String base;

    @BeforeAll
    void start() {
        mocks = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).build());
        http = new Http();
        base = mocks.url(Api.COUPONS);
    }

    @AfterAll
    void stop() {
        http.close();
        mocks.close();
    }

    private JsonNode login(String user) {
        Http.Answer answer = http.send("POST", base + TOKEN_PATH, "application/x-www-form-urlencoded",
                "grant_type=password&client_id=kit-cli&username=" + user + "&password=secret");
        assertThat(answer.status()).isEqualTo(200);
        return answer.json();
    }

    @Test
    void thePasswordGrantIssuesASignedJwtWithTheUsersRolesUnderTheContractsClaim() throws Exception {
        JsonNode tokens = login("admin");

        SignedJWT jwt = SignedJWT.parse(tokens.path("access_token").asText());
        assertThat(jwt.getJWTClaimsSet().getSubject()).isEqualTo("admin");
        assertThat(jwt.getJWTClaimsSet().getJSONObjectClaim("realm_access")).containsEntry("roles", List.of("user", "admin"));
        assertThat(jwt.getJWTClaimsSet().getExpirationTime()).isInTheFuture();
        assertThat(tokens.path("token_type").asText()).isEqualTo("Bearer");
    }

    @Test
    void aRefreshGrantWithTheMocksRefreshTokenIssuesNewTokensForTheSameUser() throws Exception {
        String refresh = login("alice").path("refresh_token").asText();

        Http.Answer again = http.send("POST", base + TOKEN_PATH, "application/x-www-form-urlencoded",
                "grant_type=refresh_token&client_id=kit-cli&refresh_token=" + refresh);
        Http.Answer forged = http.send("POST", base + TOKEN_PATH, "application/x-www-form-urlencoded",
                "grant_type=refresh_token&client_id=kit-cli&refresh_token=not-a-token");

        assertThat(SignedJWT.parse(again.json().path("access_token").asText()).getJWTClaimsSet().getSubject()).isEqualTo("alice");
        assertThat(forged.status()).isEqualTo(400);
    }

    @Test
    void aFormBodyBreakingTheContractIsRefusedNamingTheField() {
        Http.Answer answer = http.send("POST", base + TOKEN_PATH, "application/x-www-form-urlencoded",
                "grant_type=client_credentials&client_id=kit-cli");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("grant_type");
    }

    @Test
    void aUserTokenOnAnAdminOperationIs403AndAnAdminTokenPasses() {
        String user = "Bearer " + login("alice").path("access_token").asText();
        String admin = "Bearer " + login("admin").path("access_token").asText();

        Http.Answer refused = http.send("POST", base + "/write/v1/coupons", "application/json", NEW_COUPON, "Authorization", user);
        Http.Answer created = http.send("POST", base + "/write/v1/coupons", "application/json", NEW_COUPON, "Authorization", admin);

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().at("/error/code").asText()).isEqualTo("FORBIDDEN");
        assertThat(created.status()).isEqualTo(201);
    }

    @Test
    void aBearerThatIsNotAValidJwtIsRefusedLikeAMissingOne() {
        String header = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes());
        String claims = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"sub\":\"x\"}".getBytes());
        String expired = mocks.token(Api.COUPONS, "admin").replaceAll("\\..*\\.", "." + Base64.getUrlEncoder()
                .withoutPadding().encodeToString("{\"iss\":\"elsewhere\",\"exp\":1}".getBytes()) + ".");

        for (String bad : new String[]{"kit-invalid-credential", header + "." + claims + ".", expired}) {
            Http.Answer answer = http.get(base + "/api/v1/users/profile", "Authorization", "Bearer " + bad);
            assertThat(answer.status()).as(bad).isEqualTo(401);
            assertThat(answer.json().at("/error/code").asText()).isEqualTo("UNAUTHORIZED");
        }
    }

    @Test
    void aTokenOfAnotherIssuerIsTakenAtItsWordWhenWellFormedAndUnexpired() {
        String otherIssuer = String.join(".",
                Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"RS256\",\"typ\":\"JWT\"}".getBytes()),
                Base64.getUrlEncoder().withoutPadding().encodeToString(
                        ("{\"iss\":\"https://kc.example/realms/shop\",\"sub\":\"bob\",\"exp\":" + (System.currentTimeMillis() / 1000 + 600)
                                + ",\"realm_access\":{\"roles\":[\"user\"]}}").getBytes()),
                "c2lnbmF0dXJl");

        assertThat(http.get(base + "/api/v1/users/profile", "Authorization", "Bearer " + otherIssuer).status()).isEqualTo(200);
        assertThat(http.send("POST", base + "/write/v1/coupons", "application/json", NEW_COUPON,
                "Authorization", "Bearer " + otherIssuer).status()).isEqualTo(403);
    }

    @Test
    void theTokenEndpointOfARealmTheMockDoesNotServeIs404() {
        Http.Answer answer = http.send("POST", base + "/realms/elsewhere/protocol/openid-connect/token",
                "application/x-www-form-urlencoded", "grant_type=password&client_id=kit-cli&username=alice&password=secret");

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.json().has("access_token")).isFalse();
        assertThat(answer.json().path("error").asText()).isEqualTo("Realm does not exist");
        assertThat(answer.header("X-Kit-Refusal")).contains("elsewhere").contains("contractkit");
    }

    @Test
    void aBearerThatWasSentButIsNotTakenIsCalledInvalidNotMissing() {
        Http.Answer invalid = http.get(base + "/api/v1/users/profile", "Authorization", "Bearer kit-invalid-credential");
        Http.Answer missing = http.get(base + "/api/v1/users/profile");

        assertThat(invalid.status()).isEqualTo(401);
        assertThat(invalid.json().at("/error/message").asText()).startsWith("invalid token: ").contains("not a JWT")
                .doesNotContain("send 'Authorization");
        assertThat(invalid.header("WWW-Authenticate")).startsWith("Bearer error=\"invalid_token\", error_description=\"");
        assertThat(missing.status()).isEqualTo(401);
        assertThat(missing.json().at("/error/message").asText()).contains("send 'Authorization: Bearer");
        assertThat(missing.header("WWW-Authenticate")).isEqualTo("Bearer").as("RFC 6750 3.1: no error code without credentials");
    }

    @Test
    void anExpiredTokenIsRefusedSayingItExpired() {
        String expired = mocks.token(Api.COUPONS, "alice").replaceAll("\\..*\\.", "." + Base64.getUrlEncoder()
                .withoutPadding().encodeToString("{\"iss\":\"elsewhere\",\"exp\":1}".getBytes()) + ".");

        Http.Answer answer = http.get(base + "/api/v1/users/profile", "Authorization", "Bearer " + expired);

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().at("/error/message").asText()).contains("expired");
        assertThat(answer.header("WWW-Authenticate")).contains("invalid_token").contains("expired");
    }

    @Test
    void anErrorBodysRequestIdIsTheCallersIdAsTheHeaderIs() {
        Http.Answer refused = http.get(base + "/api/v1/users/profile", "X-Request-Id", "caller-id-1");
        Http.Answer chosen = http.get(base + "/api/v1/coupons/nope", "Prefer", "code=404", "X-Request-Id", "caller-id-2");

        assertThat(refused.header("X-Request-Id")).isEqualTo("caller-id-1");
        assertThat(refused.json().at("/error/request_id").asText()).isEqualTo("caller-id-1");
        assertThat(chosen.status()).isEqualTo(404);
        assertThat(chosen.header("X-Request-Id")).isEqualTo("caller-id-2");
        assertThat(chosen.json().at("/error/request_id").asText()).isEqualTo("caller-id-2");
    }

    @Test
    void aPathOfNoOperationIsA404WhoseRequestIdIsTheCallers() {
        Http.Answer unknown = http.get(base + "/api/v1/no-such-thing", "X-Request-Id", "caller-id-3");

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.header("X-Request-Id")).isEqualTo("caller-id-3");
        assertThat(unknown.json().at("/error/request_id").asText()).isEqualTo("caller-id-3");
    }

    @Test
    void withoutTheCallersIdTheErrorBodyAndHeaderShareOneFreshId() {
        Http.Answer first = http.get(base + "/api/v1/users/profile");
        Http.Answer second = http.get(base + "/api/v1/users/profile");

        assertThat(first.json().at("/error/request_id").asText()).isEqualTo(first.header("X-Request-Id"));
        assertThat(second.json().at("/error/request_id").asText()).isEqualTo(second.header("X-Request-Id"))
                .isNotEqualTo(first.header("X-Request-Id"));
    }
}
