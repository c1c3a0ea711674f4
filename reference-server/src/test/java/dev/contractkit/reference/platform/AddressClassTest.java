package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one classifier exec and the agent use (issue 34.1), and the allow-list around it. */
class AddressClassTest {
    static InetAddress parse(String literal) {
        return AddressClass.address(AddressClass.literal(literal).orElseThrow(() -> new AssertionError(literal)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "0.0.0.0", "0.1.2.3", "10.0.0.1", "172.16.5.4", "172.31.255.255",
            "192.168.1.1", "192.0.0.8", "198.18.0.1", "198.19.255.255", "100.64.0.1", "100.127.255.254", "169.254.169.254",
            "169.254.1.1", "224.0.0.1", "239.255.255.255", "240.0.0.1", "255.255.255.255", "192.0.2.1", "198.51.100.7",
            "203.0.113.9", "::1", "::", "fe80::1", "fec0::1", "fc00::1", "fd00:ec2::254", "ff02::1", "100::1", "2001:db8::1",
            "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
            "64:ff9b:1::8.8.8.8", "64:ff9b:1:ffff::1", "2002:7f00:1::", "2002:a00:1::1",
            "2001:0:4136:e378:8000:63bf:80ff:fffe"})
    void internalAddressesAreClassifiedAsInternal(String literal) {
        assertThat(AddressClass.internal(parse(literal))).as(literal).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "93.184.215.14", "172.32.0.1", "100.128.0.1", "198.20.0.1", "192.0.1.1",
            "2606:4700:4700::1111", "2001:4860:4860::8888", "64:ff9b::808:808", "::ffff:8.8.8.8", "2002:808:808::1"})
    void publicAddressesAreNot(String literal) {
        assertThat(AddressClass.internal(parse(literal))).as(literal).isEmpty();
    }

    @Test
    void anIpv4MappedAddressKeptAsIpv6IsClassifiedByItsIpv4Address() throws Exception {
        // a resolver can hand back ::ffff:127.0.0.1 as an Inet6Address; InetAddress.isLoopbackAddress() says no
        byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 127, 0, 0, 1};
        Inet6Address a = Inet6Address.getByAddress(null, mapped, -1);
        assertThat(a.isLoopbackAddress()).isFalse();
        assertThat(AddressClass.internal(a)).contains("loopback");
    }

    @Test
    void thePolicyKeepsPublicAndAllowedAddressesAndNamesItsSetting() throws Exception {
        AddressPolicy none = new AddressPolicy("KIT_X_ALLOW", List.of());
        assertThat(none.resolve("8.8.8.8")).containsExactly(InetAddress.getByName("8.8.8.8"));
        assertThatThrownBy(() -> none.resolve("[::ffff:127.0.0.1]")).isInstanceOf(AddressPolicy.Refused.class)
                .hasMessageContaining("loopback").hasMessageContaining("KIT_X_ALLOW");
        assertThatThrownBy(() -> none.resolve("localhost")).hasMessageContaining("resolves to");
        assertThatThrownBy(() -> none.resolve("metadata.google.internal")).hasMessageContaining("cloud-metadata");
        assertThatThrownBy(() -> none.resolve("127.1")).hasMessageContaining("not a valid IP address");
        AddressPolicy some = new AddressPolicy("KIT_X_ALLOW", List.of("10.1.0.0/16", "localhost", "::1"));
        assertThat(some.resolve("10.1.2.3")).hasSize(1);
        assertThat(some.resolve("localhost")).isNotEmpty();
        assertThat(some.resolve("[::1]")).hasSize(1);
        assertThatThrownBy(() -> some.resolve("10.2.0.1")).isInstanceOf(AddressPolicy.Refused.class);
        assertThat(new AddressPolicy("KIT_X_ALLOW", List.of("*")).resolve("169.254.169.254")).hasSize(1);
        assertThatThrownBy(() -> new AddressPolicy("KIT_X_ALLOW", List.of("10.0.0.0/99"))).hasMessageContaining("KIT_X_ALLOW");
        assertThatThrownBy(() -> new AddressPolicy("KIT_X_ALLOW", List.of("localhost/8"))).hasMessageContaining("KIT_X_ALLOW");
    }
}
