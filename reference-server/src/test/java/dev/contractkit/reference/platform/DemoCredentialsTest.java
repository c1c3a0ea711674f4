package dev.contractkit.reference.platform;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.codehost.CodehostModule;
import dev.contractkit.reference.forms.FormsModule;
import dev.contractkit.specs.Api;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The documented demo credentials are refused when the server binds anything but loopback, when it is set up for a
 * proxy or a public URL, and in any request that came through a proxy or a tunnel (issue 34.4).
 */
class DemoCredentialsTest {
    @TempDir
    Path dataDir;

    private Settings exposed() {
        return TestDatabases.embedded(dataDir).with("host", "0.0.0.0");
    }

    @Test
    void theDemoFormsKeyOnANonLoopbackBindRefusesToStartAndNamesTheSetting() {
        assertThatThrownBy(() -> KitServer.start(exposed(), List.of(Api.FORMS)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("KIT_HOST=0.0.0.0").hasMessageContaining("kit-demo-forms-key")
                .hasMessageContaining("KIT_FORMS_API_KEYS");
    }

    @Test
    void theDemoCodehostTokenOnANonLoopbackBindRefusesToStartAndNamesTheSetting() {
        assertThatThrownBy(() -> KitServer.start(exposed(), List.of(Api.CODEHOST)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("kit-demo-codehost-token").hasMessageContaining("KIT_CODEHOST_TOKENS");
    }

    @Test
    void theDemoCouponUsersOnANonLoopbackBindRefuseToStartAndNameTheSetting() {
        assertThatThrownBy(() -> KitServer.start(exposed(), List.of(Api.COUPONS)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("admin:admin-password").hasMessageContaining("KIT_COUPONS_USERS");
        // a demo password named explicitly is refused as well
        assertThatThrownBy(() -> KitServer.start(exposed().with("coupons.users", "bob:bob-password:user"),
                List.of(Api.COUPONS))).isInstanceOf(IllegalStateException.class).hasMessageContaining("bob:bob-password");
    }

    @Test
    void demoUsersLeftInTheDatabaseAreRefusedUntilTheirPasswordsAreReplaced() {
        KitServer.start(TestDatabases.embedded(dataDir),
                List.of(Api.COUPONS)).close(); // a loopback demo run seeded admin, alice and bob
        assertThatThrownBy(() -> KitServer.start(exposed().with("coupons.users", "admin:s3cret-Admin:admin+user"),
                List.of(Api.COUPONS))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("alice:alice-password").hasMessageContaining("bob:bob-password")
                .message().doesNotContain("admin:admin-password");
        KitServer.start(exposed().with("coupons.users", "admin:s3cret-Admin:admin+user,alice:s3cret-A:user,"
                + "bob:s3cret-B:user"), List.of(Api.COUPONS)).close();
    }

    @Test
    void aRefusedStartLeavesNoDemoUserBehind() {
        assertThatThrownBy(() -> KitServer.start(exposed(), List.of(Api.COUPONS))).isInstanceOf(IllegalStateException.class);
        // the operator then names only the admin: nobody else was ever created with a demo password
        KitServer.start(exposed().with("coupons.users", "admin:s3cret-Admin:admin+user"), List.of(Api.COUPONS)).close();
    }

    @Test
    void ownCredentialsStartOnANonLoopbackBind() throws Exception {
        try (KitServer server = KitServer.start(exposed().with("forms.api-keys", "a-real-key")
                .with("codehost.tokens", "a-real-token").with("codehost.registration-tokens", "a-real-registration-token")
                .with("coupons.users", "admin:s3cret:admin+user"),
                List.of(Api.FORMS, Api.CODEHOST, Api.COUPONS))) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + server.port(Api.FORMS) + "/forms/1"))
                    .header("Authorization", "Token token=kit-demo-forms-key").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(401);
        }
    }

    @Test
    void onLoopbackWithAPublicUrlOrTrustedProxiesTheDemoCredentialsRefuseToStartAndNameTheSetting() {
        Settings loopback = TestDatabases.embedded(dataDir);
        assertThatThrownBy(() -> KitServer.start(loopback.with("public-url", "https://kit.example.com"), List.of(Api.FORMS)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("KIT_PUBLIC_URL is set")
                .hasMessageContaining("kit-demo-forms-key").hasMessageContaining("KIT_FORMS_API_KEYS");
        assertThatThrownBy(() -> KitServer.start(loopback.with("codehost.public-url", "https://git.example.com"),
                List.of(Api.CODEHOST))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("KIT_CODEHOST_PUBLIC_URL is set").hasMessageContaining("KIT_CODEHOST_TOKENS");
        assertThatThrownBy(() -> KitServer.start(loopback.with("trusted-proxies", "127.0.0.1"), List.of(Api.COUPONS)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("KIT_TRUSTED_PROXIES is set")
                .hasMessageContaining("admin:admin-password").hasMessageContaining("KIT_COUPONS_USERS");
        // the proxy set-up with the operator's own credentials starts
        KitServer.start(loopback.with("trusted-proxies", "127.0.0.1").with("public-url", "https://kit.example.com")
                .with("forms.api-keys", "a-real-key"), List.of(Api.FORMS)).close();
    }

    private static final OkHttpClient HTTP = new OkHttpClient();
    private static final MediaType FORM = MediaType.get("application/x-www-form-urlencoded");

    /** A request as a proxy or tunnel delivers it to the loopback server: {@code headers} as it adds or passes them. */
    private static Reply send(String url, String method, RequestBody body, Map<String, String> headers) throws IOException {
        Request.Builder b = new Request.Builder().url(url).method(method, body);
        headers.forEach(b::header);
        try (Response r = HTTP.newCall(b.build()).execute()) {
            return new Reply(r.code(), r.body().string());
        }
    }

    record Reply(int status, String body) {
    }

    private static Reply login(KitServer server, String user, String password, Map<String, String> headers) throws IOException {
        return send(server.url(Api.COUPONS) + "/realms/contractkit/protocol/openid-connect/token", "POST",
                RequestBody.create("grant_type=password&client_id=kit-cli&username=" + user + "&password=" + password, FORM),
                headers);
    }

    /** What nginx (docs/deployment), a tunnel (cloudflared, ngrok), a CDN and {@code ssh -R} deliver to a loopback server. */
    private static final List<Map<String, String>> THROUGH_A_PROXY = List.of(
            Map.of("X-Forwarded-For", "198.51.100.7", "X-Forwarded-Proto", "https", "Host", "127.0.0.1"),
            Map.of("Forwarded", "for=198.51.100.7;proto=https"),
            Map.of("X-Real-IP", "198.51.100.7"),
            Map.of("Via", "1.1 proxy.example"),
            Map.of("CF-Connecting-IP", "198.51.100.7"),
            Map.of("Host", "203.0.113.5:8082"),
            Map.of("Host", "kit.example.com"));

    @Test
    void aDemoCredentialThatCameThroughAProxyOrATunnelIsRefusedAndTheSameOnThisMachineWorks() throws IOException {
        try (KitServer server = KitServer.start(TestDatabases.embedded(dataDir)
                .with("allowed-hosts", "kit.example.com")
                .with("coupons.users", "admin:admin-password:admin+user,carol:carol-own-secret:user")
                .with("coupons.login-failures", "1000").with("coupons.login-address-failures", "1000"),
                List.of(Api.FORMS, Api.CODEHOST, Api.COUPONS))) {
            String forms = server.url(Api.FORMS) + "/forms/1";
            String codehost = server.url(Api.CODEHOST) + "/api/v4/runners";
            String register = server.url(Api.CODEHOST) + "/api/v4/runners";
            Map<String, String> formsKey = Map.of("Authorization", "Token token=" + FormsModule.DEMO_KEY);
            Map<String, String> codehostToken = Map.of("PRIVATE-TOKEN", CodehostModule.DEMO_TOKEN);
            RequestBody registration = RequestBody.create("token=" + CodehostModule.DEMO_REGISTRATION_TOKEN, FORM);

            // ./kit demo: straight from this machine, everything works as documented
            assertThat(login(server, "admin", "admin-password", Map.of()).status()).isEqualTo(200);
            assertThat(send(forms, "GET", null, formsKey).status()).isNotEqualTo(401);
            assertThat(send(codehost, "GET", null, codehostToken).status()).isEqualTo(200);
            assertThat(send(register, "POST", registration, Map.of()).status()).isEqualTo(201);

            for (Map<String, String> proxy : THROUGH_A_PROXY) {
                Reply demoLogin = login(server, "admin", "admin-password", proxy);
                assertThat(demoLogin.status()).as(proxy + ": " + demoLogin.body()).isEqualTo(400);
                assertThat(demoLogin.body()).as(proxy.toString()).contains("invalid_grant")
                        .contains("demo password of user admin is accepted only in requests made on this machine")
                        .contains("KIT_COUPONS_USERS");
                assertThat(login(server, "carol", "carol-own-secret", proxy).status()).as("own user " + proxy).isEqualTo(200);

                Map<String, String> withKey = new java.util.HashMap<>(proxy);
                withKey.putAll(formsKey);
                Reply f = send(forms, "GET", null, withKey);
                assertThat(f.status()).as(proxy.toString()).isEqualTo(401);
                assertThat(f.body()).contains("demo forms API key").contains("KIT_FORMS_API_KEYS");

                Map<String, String> withToken = new java.util.HashMap<>(proxy);
                withToken.putAll(codehostToken);
                Reply c = send(codehost, "GET", null, withToken);
                assertThat(c.status()).as(proxy.toString()).isEqualTo(401);
                assertThat(c.body()).contains("demo codehost token").contains("KIT_CODEHOST_TOKENS");

                Reply r = send(register, "POST", RequestBody.create("token=" + CodehostModule.DEMO_REGISTRATION_TOKEN, FORM), proxy);
                assertThat(r.status()).as(proxy.toString()).isEqualTo(403);
                assertThat(r.body()).contains("KIT_CODEHOST_REGISTRATION_TOKENS");
            }
        }
    }

    @Test
    void loopbackIsAnyAddressOf127Slash8OrIpv6LoopbackOrLocalhost() {
        assertThat(DemoCredentials.loopback("127.0.0.1")).isTrue();
        assertThat(DemoCredentials.loopback("127.1.2.3")).isTrue();
        assertThat(DemoCredentials.loopback("::1")).isTrue();
        assertThat(DemoCredentials.loopback("localhost")).isTrue();
        assertThat(DemoCredentials.loopback("0.0.0.0")).isFalse();
        assertThat(DemoCredentials.loopback("::")).isFalse();
        assertThat(DemoCredentials.loopback("192.168.1.10")).isFalse();
    }

    @Test
    void onLoopbackTheDemoCredentialsStillWork() throws IOException {
        KitServer.start(TestDatabases.embedded(dataDir),
                List.of(Api.FORMS, Api.CODEHOST, Api.COUPONS)).close();
    }
}
