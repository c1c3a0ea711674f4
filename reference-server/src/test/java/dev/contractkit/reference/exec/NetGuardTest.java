package dev.contractkit.reference.exec;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which addresses the network actions may reach. */
class NetGuardTest {
    final NetGuard none = new NetGuard(List.of());

    @Test
    void internalAddressesAreRefusedByDefault() {
        for (String host : List.of("127.0.0.1", "127.8.9.10", "::1", "[::1]", "0.0.0.0", "::", "10.0.0.1", "172.16.5.4",
                "172.31.255.255", "192.168.1.1", "100.64.0.1", "100.127.255.254", "169.254.169.254", "169.254.1.1",
                "fe80::1", "fc00::1", "fd00:ec2::254", "224.0.0.1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                "64:ff9b::a9fe:a9fe", "2002:7f00:1::", "255.255.255.255", "198.18.0.1", "localhost",
                "metadata.google.internal", "127.1", "2130706433")) {
            assertThatThrownBy(() -> none.resolve(host)).as(host).isInstanceOf(WorkFailed.class)
                    .satisfies(e -> assertThat(((WorkFailed) e).code()).isEqualTo("refused"));
        }
    }

    @Test
    void theRefusalNamesTheAddressAndTheSetting() {
        assertThatThrownBy(() -> none.resolve("169.254.169.254")).hasMessageContaining("cloud-metadata")
                .hasMessageContaining("KIT_EXEC_NET_ALLOW");
        assertThatThrownBy(() -> none.resolve("localhost")).hasMessageContaining("resolves to")
                .hasMessageContaining("loopback");
    }

    @Test
    void publicAddressesPass() throws Exception {
        for (String host : List.of("93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "172.32.0.1", "100.128.0.1")) {
            assertThat(none.resolve(host)).as(host).containsExactly(InetAddress.getByName(host));
        }
    }

    @Test
    void theAllowListOpensHostsAddressesAndBlocks() throws Exception {
        NetGuard guard = new NetGuard(List.of("localhost", "10.1.0.0/16", "::1", "169.254.169.254"));
        assertThat(guard.resolve("localhost")).isNotEmpty().allMatch(InetAddress::isLoopbackAddress);
        assertThat(guard.resolve("10.1.2.3")).hasSize(1);
        assertThat(guard.resolve("[::1]")).hasSize(1);
        assertThat(guard.resolve("169.254.169.254")).hasSize(1);
        assertThatThrownBy(() -> guard.resolve("10.2.0.1")).isInstanceOf(WorkFailed.class);
        assertThatThrownBy(() -> guard.resolve("127.0.0.1")).isInstanceOf(WorkFailed.class);
        assertThatThrownBy(() -> new NetGuard(List.of("10.0.0.0/99"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("KIT_EXEC_NET_ALLOW");
    }
}
