package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.SignedJWT;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import okhttp3.FormBody;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.contractkit.reference.coupons.CouponsApiContractTest.HTTP;
import static dev.contractkit.reference.coupons.CouponsApiContractTest.JSON;
import static dev.contractkit.reference.coupons.CouponsApiContractTest.call;
import static dev.contractkit.reference.coupons.CouponsApiContractTest.tokenCall;
import static dev.contractkit.reference.coupons.CouponsApiContractTest.url;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Attacks on the coupon service's identity provider, each sent to a running server over real sockets; each
 * fails when its defence is removed.
 */
class CouponsIdentityAttackTest {
    private static final String REVOKE = "/realms/contractkit/protocol/openid-connect/revoke";

    @TempDir
    Path dataDir;

    @AfterEach
    void stop() {
        CouponsApiContractTest.stop();
    }

    private Settings settings() {
        return TestDatabases.embedded(dataDir);
    }

    private static void start(Settings settings) {
        CouponsApiContractTest.server = KitServer.start(settings, List.of(Api.COUPONS));
    }

    private static CouponsApiContractTest.Answer login(String user, String password) throws IOException {
        return tokenCall(Map.of("grant_type", "password", "client_id", "kit-cli", "username", user, "password", password));
    }

    private static CouponsApiContractTest.Answer refresh(String refreshToken) throws IOException {
        return tokenCall(Map.of("grant_type", "refresh_token", "client_id", "kit-cli", "refresh_token", refreshToken));
    }

    private static CouponsApiContractTest.Answer post(String path, Map<String, String> form) throws IOException {
        FormBody.Builder fb = new FormBody.Builder();
        form.forEach(fb::add);
        try (Response r = HTTP.newCall(new Request.Builder().url(url() + path).post(fb.build()).build()).execute()) {
            String text = r.body().string();
            return new CouponsApiContractTest.Answer(r.code(), text.isEmpty() ? JSON.nullNode() : JSON.readTree(text),
                    r.headers());
        }
    }

    private static void assertThrottled(CouponsApiContractTest.Answer a, long windowSeconds) {
        assertThat(a.status()).as(a.body().toString()).isEqualTo(429);
        assertThat(a.body().path("error").asText()).isEqualTo("too_many_attempts");
        assertThat(a.body().path("error_description").asText()).isNotBlank();
        assertThat(Long.parseLong(a.headers().get("Retry-After"))).isBetween(1L, windowSeconds);
        assertThat(a.headers().get("Cache-Control")).isEqualTo("no-store");
    }

    // ---- password guessing ----------------------------------------------------------------------------------

    @Test
    void guessingOneUsersPasswordIsRefusedWith429AndRetryAfterEvenWithTheRightPassword() throws IOException {
        start(settings().with("coupons.login-failures", "3").with("coupons.login-window", "PT1H"));
        for (int i = 0; i < 3; i++) {
            assertThat(login("alice", "guess-" + i).status()).isEqualTo(400);
        }
        assertThrottled(login("alice", "guess-3"), 3600);
        assertThrottled(login("alice", "alice-password"), 3600);
        // per user: another user on the same address still logs in
        assertThat(login("bob", "bob-password").status()).isEqualTo(200);
    }

    @Test
    void guessingAcrossManyUsersFromOneAddressIsRefusedWith429() throws IOException {
        start(settings().with("coupons.login-failures", "100").with("coupons.login-address-failures", "4")
                .with("coupons.login-window", "PT10M"));
        for (String user : List.of("admin", "alice", "bob", "nobody")) {
            assertThat(login(user, "password1").status()).isEqualTo(400);
        }
        assertThrottled(login("carol", "password1"), 600);
        assertThrottled(login("alice", "alice-password"), 600);
    }

    /** A login as a trusted proxy (the test's own loopback address) forwards it for {@code client}. */
    private static CouponsApiContractTest.Answer loginFor(String client, String user, String password) throws IOException {
        FormBody form = new FormBody.Builder().add("grant_type", "password").add("client_id", "kit-cli")
                .add("username", user).add("password", password).build();
        try (Response r = HTTP.newCall(new Request.Builder().url(url() + "/realms/contractkit/protocol/openid-connect/token")
                .header("X-Forwarded-For", client).post(form).build()).execute()) {
            return new CouponsApiContractTest.Answer(r.code(), JSON.readTree(r.body().string()), r.headers());
        }
    }

    @Test
    void steppingThroughTheAddressesOfOneIpv6Slash64GainsNoAttempts() throws IOException {
        // behind a trusted proxy (demo users are refused there: own users), 3 failures per address per window
        start(settings().with("trusted-proxies", "127.0.0.1").with("coupons.users", "carol:carol-own-secret:user")
                .with("coupons.login-failures", "100").with("coupons.login-address-failures", "3")
                .with("coupons.login-window", "PT10M"));
        for (int i = 1; i <= 3; i++) {
            assertThat(loginFor("2001:db8:1:2::" + i, "user-" + i, "guess").status()).isEqualTo(400);
        }
        // a fresh address of the same /64 (the attacker's whole subnet): refused
        assertThrottled(loginFor("2001:db8:1:2:ffff:ffff:ffff:fffe", "user-4", "guess"), 600);
        assertThrottled(loginFor("2001:db8:1:2::4", "carol", "carol-own-secret"), 600);
        // another /64, and IPv4 addresses, count on their own
        assertThat(loginFor("2001:db8:1:3::1", "user-5", "guess").status()).isEqualTo(400);
        assertThat(loginFor("198.51.100.7", "carol", "carol-own-secret").status()).isEqualTo(200);
    }

    @Test
    void aFloodOfLoginsFromManyAddressesIsRefusedFastOnceEveryPasswordCheckIsBusy() throws Exception {
        // one password check at a time, no waiting: a slow derivation makes concurrent logins collide
        // each login from an address of its own (through a trusted proxy): the per-address limit does not stop them
        start(settings().with("coupons.password-iterations", "400000").with("coupons.users", "carol:carol-own-secret:user")
                .with("trusted-proxies", "127.0.0.1").with("coupons.login-address-failures", "1")
                .with("coupons.login-concurrency", "1").with("coupons.login-queue-ms", "0"));
        int flood = 8;
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(flood);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(flood);
        List<java.util.concurrent.Future<CouponsApiContractTest.Answer>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < flood; i++) {
                String client = "198.51.100." + (i + 1);
                String user = "user-" + i;
                answers.add(pool.submit(() -> {
                    together.await(10, TimeUnit.SECONDS);
                    return loginFor(client, user, "guess");
                }));
            }
            List<CouponsApiContractTest.Answer> got = new ArrayList<>();
            for (var a : answers) {
                got.add(a.get(60, TimeUnit.SECONDS));
            }
            List<CouponsApiContractTest.Answer> busy = got.stream().filter(a -> a.status() == 429).toList();
            assertThat(busy).as("refused while every check was busy").isNotEmpty().allSatisfy(a -> {
                assertThat(a.body().path("error").asText()).isEqualTo("temporarily_unavailable");
                assertThat(a.body().path("error_description").asText()).contains("too many logins at once");
                assertThat(a.headers().get("Retry-After")).isEqualTo("1");
                assertThat(a.headers().get("Cache-Control")).isEqualTo("no-store");
            });
            assertThat(got).allSatisfy(a -> assertThat(a.status()).isIn(400, 429));
        } finally {
            pool.shutdownNow();
        }
        // once the flood is over a login goes through
        assertThat(login("carol", "carol-own-secret").status()).isEqualTo(200);
    }

    @Test
    void aSuccessfulLoginDoesNotCountAgainstItsAddress() throws IOException {
        start(settings().with("coupons.login-failures", "2").with("coupons.login-address-failures", "2"));
        for (int i = 0; i < 5; i++) {
            assertThat(login("alice", "alice-password").status()).isEqualTo(200);
        }
    }

    @Test
    void anUnknownUserCostsTheSameKeyDerivationAsAKnownOne() throws IOException {
        start(settings());
        long before = Passwords.derivations();
        assertThat(login("alice", "wrong-password").status()).isEqualTo(400);
        long known = Passwords.derivations() - before;

        before = Passwords.derivations();
        CouponsApiContractTest.Answer unknown = login("no-such-user-" + System.nanoTime(), "wrong-password");
        long unknownCost = Passwords.derivations() - before;

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().path("error_description").asText()).isEqualTo("Invalid user credentials");
        assertThat(known).isEqualTo(1);
        assertThat(unknownCost).as("an unknown user is checked against a dummy hash").isEqualTo(known);
    }

    @Test
    void anOldWeakerHashStillLogsInAndIsUpgradedOnLogin() throws Exception {
        start(settings());
        assertThat(storedHash("alice")).startsWith("pbkdf2-sha256$1000$");
        CouponsApiContractTest.stop();
        start(settings().with("coupons.password-iterations", "2000"));

        assertThat(login("alice", "alice-password").status()).isEqualTo(200);
        assertThat(storedHash("alice")).startsWith("pbkdf2-sha256$2000$");
        assertThat(login("alice", "alice-password").status()).isEqualTo(200);
    }

    @Test
    void theDefaultPasswordCostIsOwasps2023Figure() {
        assertThat(Passwords.DEFAULT_ITERATIONS).isGreaterThanOrEqualTo(600_000);
        assertThat(new Passwords(Passwords.DEFAULT_ITERATIONS).needsRehash("pbkdf2-sha256$60000$AAAA$AAAA")).isTrue();
    }

    private static String storedHash(String user) throws Exception {
        return queryOne("SELECT password_hash FROM idp_users WHERE username = '" + user + "'").get(0);
    }

    private static List<String> queryOne(String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = CouponsApiContractTest.server.database().dataSource().getConnection();
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    // ---- audience and issuer ------------------------------------------------------------------------------

    @Test
    void aTokenForAnotherAudienceOrWithoutOneIsUnauthorized() throws Exception {
        start(settings());
        Instant exp = Instant.now().plusSeconds(60);
        String account = CouponsApiContractTest.signedWithServerKey(CouponsApiContractTest.adminClaims(exp)
                .audience("account").build());
        String none = CouponsApiContractTest.signedWithServerKey(CouponsApiContractTest.adminClaims(exp)
                .audience((String) null).build());
        String ours = CouponsApiContractTest.signedWithServerKey(CouponsApiContractTest.adminClaims(exp).build());

        CouponsApiContractTest.Answer wrong = call("GET", "/api/v1/users/profile", account, null);
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.code()).isEqualTo("UNAUTHORIZED");
        assertThat(call("GET", "/api/v1/users/profile", none, null).status()).isEqualTo(401);
        assertThat(call("GET", "/api/v1/users/profile", ours, null).status()).isEqualTo(200);
        assertThat(SignedJWT.parse(login("alice", "alice-password").body().path("access_token").asText())
                .getJWTClaimsSet().getAudience()).containsExactly("coupons-api");
    }

    @Test
    void aForeignHostHeaderChangesNeitherTheDiscoveryDocumentNorTheTokensIssuer() throws Exception {
        // every Host let through (KIT_ALLOWED_HOSTS=*), so the identity provider itself must ignore it
        // (an own password: a demo one is refused in a request naming a host other than this machine's)
        start(settings().with("allowed-hosts", "*").with("coupons.users", "alice:alice-own-secret:user"));
        String issuer = url() + "/realms/contractkit";
        for (String host : List.of("evil.example", "localhost:1")) {
            try (Response r = HTTP.newCall(new Request.Builder()
                    .url(url() + "/realms/contractkit/.well-known/openid-configuration").header("Host", host).build())
                    .execute()) {
                String body = r.body().string();
                assertThat(r.code()).as(body).isEqualTo(200);
                assertThat(body).doesNotContain(host);
                JsonNode d = JSON.readTree(body);
                assertThat(d.path("issuer").asText()).isEqualTo(issuer);
                assertThat(d.path("token_endpoint").asText()).isEqualTo(issuer + "/protocol/openid-connect/token");
                assertThat(d.path("revocation_endpoint").asText()).isEqualTo(issuer + "/protocol/openid-connect/revoke");
            }
            try (Response r = HTTP.newCall(new Request.Builder()
                    .url(url() + "/realms/contractkit/protocol/openid-connect/token").header("Host", host)
                    .post(new FormBody.Builder().add("grant_type", "password").add("client_id", "kit-cli")
                            .add("username", "alice").add("password", "alice-own-secret").build()).build()).execute()) {
                assertThat(r.code()).isEqualTo(200);
                String access = JSON.readTree(r.body().string()).path("access_token").asText();
                assertThat(SignedJWT.parse(access).getJWTClaimsSet().getIssuer()).isEqualTo(issuer);
            }
        }
    }

    @Test
    void aConfiguredIssuerUrlIsTheIssuerOfTokensAndDiscovery() throws Exception {
        String issuer = "https://auth.example.com/realms/contractkit";
        start(settings().with("coupons.issuer-url", issuer + "/"));
        assertThat(call("GET", "/realms/contractkit/.well-known/openid-configuration", null, null).body()
                .path("issuer").asText()).isEqualTo(issuer);
        String access = login("alice", "alice-password").body().path("access_token").asText();
        assertThat(SignedJWT.parse(access).getJWTClaimsSet().getIssuer()).isEqualTo(issuer);
        assertThat(call("GET", "/api/v1/users/profile", access, null).status()).isEqualTo(200);
        // a token naming the address the client happened to use is not ours
        String byAddress = CouponsApiContractTest.signedWithServerKey(CouponsApiContractTest.adminClaims(
                Instant.now().plusSeconds(60)).build());
        assertThat(call("GET", "/api/v1/users/profile", byAddress, null).status()).isEqualTo(401);
    }

    // ---- refresh rotation and revocation ------------------------------------------------------------------

    @Test
    void refreshTokensRotateAndReplayingAUsedOneEndsTheSession() throws Exception {
        start(settings());
        String first = login("alice", "alice-password").body().path("refresh_token").asText();
        CouponsApiContractTest.Answer rotated = refresh(first);
        assertThat(rotated.status()).isEqualTo(200);
        String second = rotated.body().path("refresh_token").asText();
        assertThat(second).isNotEqualTo(first);
        assertThat(call("GET", "/api/v1/users/profile", rotated.body().path("access_token").asText(), null).status())
                .isEqualTo(200);

        CouponsApiContractTest.Answer replay = refresh(first);
        assertThat(replay.status()).isEqualTo(400);
        assertThat(replay.body().path("error").asText()).isEqualTo("invalid_grant");
        // the replay revoked the family: the legitimate holder's newer token is dead too
        assertThat(refresh(second).status()).isEqualTo(400);
        // another login is another session
        assertThat(refresh(login("alice", "alice-password").body().path("refresh_token").asText()).status())
                .isEqualTo(200);
    }

    @Test
    void refreshTokensAreStoredOnlyAsHashes() throws Exception {
        start(settings());
        String refreshToken = login("bob", "bob-password").body().path("refresh_token").asText();
        List<String> stored = queryOne("SELECT token_hash FROM idp_refresh_tokens");
        assertThat(stored).contains(RefreshTokens.hash(refreshToken)).doesNotContain(refreshToken);
        assertThat(String.join("", stored)).doesNotContain(refreshToken.substring(refreshToken.lastIndexOf('.') + 1));
    }

    @Test
    void aRefreshTokenIsBoundToItsClient() throws IOException {
        start(settings());
        String r = login("alice", "alice-password").body().path("refresh_token").asText();
        CouponsApiContractTest.Answer other = tokenCall(Map.of("grant_type", "refresh_token", "client_id", "kit-web",
                "refresh_token", r));
        assertThat(other.status()).isEqualTo(400);
        assertThat(other.body().path("error").asText()).isEqualTo("invalid_grant");
    }

    @Test
    void revokingARefreshTokenEndsItsSessionAndRevocationAnswersPerRfc7009() throws IOException {
        start(settings());
        CouponsApiContractTest.Answer tokens = login("alice", "alice-password");
        String r = tokens.body().path("refresh_token").asText();

        CouponsApiContractTest.Answer revoked = post(REVOKE, Map.of("token", r, "token_type_hint", "refresh_token",
                "client_id", "kit-cli"));
        assertThat(revoked.status()).isEqualTo(200);
        assertThat(revoked.body().isNull()).isTrue();
        assertThat(revoked.headers().get("Cache-Control")).isEqualTo("no-store");
        assertThat(refresh(r).status()).isEqualTo(400);

        // an unknown token answers 200 as well; bad requests in OAuth's shape, never a stack trace
        assertThat(post(REVOKE, Map.of("token", "garbage", "client_id", "kit-cli")).status()).isEqualTo(200);
        CouponsApiContractTest.Answer missing = post(REVOKE, Map.of("client_id", "kit-cli"));
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body().path("error").asText()).isEqualTo("invalid_request");
        assertThat(post(REVOKE, Map.of("token", r, "client_id", "nobody")).body().path("error").asText())
                .isEqualTo("invalid_client");
        String bobs = login("bob", "bob-password").body().path("refresh_token").asText();
        CouponsApiContractTest.Answer foreign = post(REVOKE, Map.of("token", bobs, "client_id", "kit-web"));
        assertThat(foreign.status()).isEqualTo(400);
        assertThat(foreign.body().path("error").asText()).isEqualTo("unauthorized_client");
        assertThat(refresh(bobs).status()).as("another client cannot log bob out").isEqualTo(200);
    }

    @Test
    void revokingAnAccessTokenEndsItsSessionsRefreshTokens() throws IOException {
        start(settings());
        CouponsApiContractTest.Answer tokens = login("alice", "alice-password");
        assertThat(post(REVOKE, Map.of("token", tokens.body().path("access_token").asText(), "client_id", "kit-cli"))
                .status()).isEqualTo(200);
        assertThat(refresh(tokens.body().path("refresh_token").asText()).status()).isEqualTo(400);
    }

    // ---- KIT_COUPONS_USERS --------------------------------------------------------------------------------

    @Test
    void theUsersSettingReplacesTheDemoAdminsPasswordAndEndsItsSessions() throws IOException {
        start(settings());
        CouponsApiContractTest.Answer before = login("admin", "admin-password");
        assertThat(before.status()).isEqualTo(200);
        CouponsApiContractTest.stop();

        start(settings().with("coupons.users", "admin:new-pass:admin+user"));
        assertThat(login("admin", "admin-password").status()).isEqualTo(400);
        CouponsApiContractTest.Answer now = login("admin", "new-pass");
        assertThat(now.status()).isEqualTo(200);
        assertThat(call("GET", "/api/v1/users/profile", now.body().path("access_token").asText(), null).body()
                .path("roles")).extracting(JsonNode::asText).containsExactly("admin", "user");
        assertThat(refresh(before.body().path("refresh_token").asText()).status()).isEqualTo(400);

        // a later start without the setting does not bring the demo password back
        CouponsApiContractTest.stop();
        start(settings());
        assertThat(login("admin", "admin-password").status()).isEqualTo(400);
        assertThat(login("admin", "new-pass").status()).isEqualTo(200);
    }

    @Test
    void theUsersSettingReplacesRolesAndProfileAndNothingIsMadeUp() throws IOException {
        start(settings());
        CouponsApiContractTest.stop();
        start(settings().with("coupons.users", "alice:alice:pass:admin+user;email=alice@shop.example;"
                + "first_name=Alicia;last_name=Smith,carol:carol-own-secret:user"));
        CouponsApiContractTest.Answer a = login("alice", "alice:pass");
        assertThat(a.status()).as("a password may contain colons").isEqualTo(200);
        JsonNode alice = call("GET", "/api/v1/users/profile", a.body().path("access_token").asText(), null).body();
        assertThat(alice.path("roles")).extracting(JsonNode::asText).containsExactly("admin", "user");
        // the profile is the configured one (issue 36.8), in the profile and in the access token
        assertThat(alice.path("email").asText()).isEqualTo("alice@shop.example");
        assertThat(alice.path("first_name").asText()).isEqualTo("Alicia");
        assertThat(alice.path("last_name").asText()).isEqualTo("Smith");
        assertThat(claims(a.body().path("access_token").asText()).get("given_name")).isEqualTo("Alicia");

        // a user configured without a profile has none: no invented address or names
        CouponsApiContractTest.Answer c = login("carol", "carol-own-secret");
        JsonNode carol = call("GET", "/api/v1/users/profile", c.body().path("access_token").asText(), null).body();
        assertThat(carol.path("username").asText()).isEqualTo("carol");
        assertThat(carol.has("email") || carol.has("first_name") || carol.has("last_name")).as(carol.toString()).isFalse();
        assertThat(claims(c.body().path("access_token").asText())).doesNotContainKeys("email", "given_name", "family_name");

        // bob is not named: he keeps the demo configuration's profile
        CouponsApiContractTest.Answer b = login("bob", "bob-password");
        JsonNode bob = call("GET", "/api/v1/users/profile", b.body().path("access_token").asText(), null).body();
        assertThat(bob.path("email").asText()).isEqualTo("bob@example.com");
        assertThat(bob.path("last_name").asText()).isEqualTo("Baker");
    }

    private static Map<String, Object> claims(String jwt) {
        try {
            return com.nimbusds.jwt.SignedJWT.parse(jwt).getJWTClaimsSet().getClaims();
        } catch (java.text.ParseException e) {
            throw new AssertionError(e);
        }
    }

    // ---- WebSocket cap ------------------------------------------------------------------------------------

    @Test
    void handshakesPastTheConnectionCapAreRefusedWith503UntilASlotFrees() throws Exception {
        start(settings().with("coupons.ws-max-connections", "2"));
        String token = login("alice", "alice-password").body().path("access_token").asText();
        CouponsApiContractTest.Recorder one = CouponsApiContractTest.subscribe("", token);
        CouponsApiContractTest.Recorder two = CouponsApiContractTest.subscribe("", token);
        one.open.get(10, TimeUnit.SECONDS);
        two.open.get(10, TimeUnit.SECONDS);

        CouponsApiContractTest.Recorder three = CouponsApiContractTest.subscribe("", token);
        Response refused = three.failure.get(10, TimeUnit.SECONDS);
        assertThat(refused.code()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isNotNull();
        assertThat(JSON.readTree(three.failureBody).path("error").path("code").asText())
                .isEqualTo("SERVICE_UNAVAILABLE");

        one.socket().close(1000, "done");
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
            CouponsApiContractTest.Recorder again = CouponsApiContractTest.subscribe("", token);
            try {
                again.open.get(2, TimeUnit.SECONDS);
            } finally {
                again.socket().close(1000, "done");
            }
        });
        two.socket().close(1000, "done");
    }
}
