package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CouponsSettingsTest {
    @Test
    void unsetTheRegistrysDefaultsAreTheModulesOwn() {
        CouponsSettings s = CouponsSettings.from(Settings.of(Map.of()));
        assertThat(s.realm()).isEqualTo(CouponsModule.DEFAULT_REALM);
        assertThat(s.audience()).isEqualTo(CouponsModule.DEFAULT_AUDIENCE);
        assertThat(String.join(",", s.clients())).isEqualTo(CouponsModule.DEFAULT_CLIENTS);
        assertThat(String.join(",", s.redirectUris())).isEqualTo(RedirectUris.DEFAULT);
        assertThat(s.usersConfigured()).isFalse();
        assertThat(s.accessTokenTtl()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.refreshTokenTtl()).isEqualTo(Duration.ofMinutes(30));
        assertThat(s.loginWindow()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.loginQueue()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.expiryInterval()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void durationsTakeTheOneSyntaxAndTheirOldBareSeconds() {
        CouponsSettings s = CouponsSettings.from(Settings.of(Map.of("coupons.access-token-ttl", "120",
                "coupons.refresh-token-ttl", "1h", "coupons.login-window", "60", "coupons.expiry-interval", "PT5S",
                "coupons.login-queue-ms", "2s")));
        assertThat(s.accessTokenTtl()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.refreshTokenTtl()).isEqualTo(Duration.ofHours(1));
        assertThat(s.loginWindow()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.expiryInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.loginQueue()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void aBadValueStopsTheStartNamingItsVariable() {
        Map<String, String> bad = Map.of("coupons.access-token-ttl", "0", "coupons.login-window", "a minute",
                "coupons.ws-queue", "0", "coupons.login-failures", "five", "db.group-commit", "-1",
                "coupons.login-concurrency", "0");
        bad.forEach((key, value) -> assertThatThrownBy(() -> CouponsSettings.from(Settings.of(Map.of(key, value))))
                .as(key).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Settings.envName(key)));
        assertThatThrownBy(() -> CouponsSettings.from(Settings.of(Map.of("coupons.issuer", "https://kc/realms/x"))))
                .hasMessage("KIT_COUPONS_ISSUER and KIT_COUPONS_JWKS_URL go together");
    }

    @Test
    void redirectUrisOfUnnamedClientsAreDroppedUnlessSetExplicitly() {
        assertThat(CouponsSettings.from(Settings.of(Map.of("coupons.clients", "kit-web"))).redirectUris())
                .containsExactly("kit-web=/app/");
        assertThat(CouponsSettings.from(Settings.of(Map.of("coupons.clients", "kit-web",
                "coupons.redirect-uris", "other=/x"))).redirectUris()).isEqualTo(List.of("other=/x"));
    }
}
