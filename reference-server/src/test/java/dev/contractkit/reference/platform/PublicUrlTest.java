package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The parts of {@link PublicUrl} that need no listener: trusted proxy ranges and the configured hosts. */
class PublicUrlTest {

    static byte[] ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal).getAddress();
    }

    @Test
    void aTrustedRangeHoldsExactlyTheAddressesOfItsPrefix() throws UnknownHostException {
        PublicUrl.Range tenEight = PublicUrl.Range.parse("10.0.0.0/8");
        PublicUrl.Range one = PublicUrl.Range.parse("127.0.0.1");
        PublicUrl.Range odd = PublicUrl.Range.parse("192.168.4.0/22");
        PublicUrl.Range v6 = PublicUrl.Range.parse("[fd00::]/8");

        assertThat(tenEight.contains(ip("10.200.3.4"))).isTrue();
        assertThat(tenEight.contains(ip("11.0.0.1"))).isFalse();
        assertThat(one.contains(ip("127.0.0.1"))).isTrue();
        assertThat(one.contains(ip("127.0.0.2"))).isFalse();
        assertThat(odd.contains(ip("192.168.7.255"))).isTrue();
        assertThat(odd.contains(ip("192.168.8.0"))).isFalse();
        assertThat(v6.contains(ip("fd12::1"))).isTrue();
        assertThat(v6.contains(ip("10.0.0.1"))).as("another address family").isFalse();
    }

    @Test
    void aTrustedProxyMustBeAnAddressNotANameOrABadPrefix() {
        for (String bad : List.of("proxy.example", "10.0.0.0/33", "10.0.0.0/x", "::1/129")) {
            assertThatThrownBy(() -> PublicUrl.Range.parse(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("KIT_TRUSTED_PROXIES");
        }
    }

    @Test
    void theHostsOfValidPublicUrlsAreAllowedHosts() {
        Settings settings = Settings.of(Map.of("public-url", "https://kit.example.com/apis",
                "coupons.public-url", "https://coupons.example.com", "forms.public-url", "not a url"));

        assertThat(PublicUrl.configuredHosts(settings, List.of("coupons", "forms")))
                .containsExactlyInAnyOrder("kit.example.com", "coupons.example.com");
        assertThat(AllowedHosts.of(settings, "127.0.0.1").allowsHost("coupons.example.com:443")).isTrue();
        assertThat(AllowedHosts.of(settings, "127.0.0.1").allowsHost("other.example.com")).isFalse();
    }

    @Test
    void aPublicUrlThatIsNotAnHttpUrlIsRefusedNamingItsSetting() {
        assertThatThrownBy(() -> PublicUrl.of(Settings.of(Map.of("coupons.public-url", "https://x.example/?a=1")),
                "coupons", null)).hasMessageContaining("KIT_COUPONS_PUBLIC_URL");
    }
}
