package dev.contractkit.reference.platform;

import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The documented demo credentials are refused when the server binds anything but loopback. */
class DemoCredentialsTest {
    @TempDir
    Path dataDir;

    private Settings exposed() {
        return TestDatabases.embedded(dataDir).with("host", "0.0.0.0").with("coupons.password-iterations", "1000");
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
        KitServer.start(TestDatabases.embedded(dataDir).with("coupons.password-iterations", "1000"),
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
        KitServer.start(TestDatabases.embedded(dataDir).with("coupons.password-iterations", "1000"),
                List.of(Api.FORMS, Api.CODEHOST, Api.COUPONS)).close();
    }
}
