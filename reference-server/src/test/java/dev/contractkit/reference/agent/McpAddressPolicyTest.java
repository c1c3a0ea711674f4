package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where runs may connect to MCP servers; the attack against a running server is in {@link AgentAttackTest}. */
class McpAddressPolicyTest {
    static McpAddressPolicy policy(String allow) {
        return new McpAddressPolicy(Settings.of(Map.of(McpAddressPolicy.SETTING, allow)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:3001/mcp", "http://localhost/mcp", "http://[::1]/mcp", "http://169.254.169.254/latest",
            "http://10.1.2.3/mcp", "http://172.16.0.1/mcp", "http://192.168.1.1/mcp", "http://100.64.0.1/mcp", "http://0.0.0.0/mcp",
            "http://[fd00:ec2::254]/mcp", "http://[fe80::1]/mcp", "http://[::ffff:127.0.0.1]/mcp", "http://224.0.0.1/mcp",
            // the old MCP classifier called these public (issue 34.1)
            "http://255.255.255.255/mcp", "http://240.0.0.1/mcp", "http://198.18.0.1/mcp", "http://192.0.0.8/mcp",
            "http://[::ffff:7f00:1]/mcp", "http://[64:ff9b::7f00:1]/mcp", "http://[64:ff9b:1::a00:1]/mcp",
            "http://[2002:7f00:1::]/mcp", "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/mcp"})
    void internalAddressesAreRefusedByDefault(String url) {
        assertThatThrownBy(() -> policy("").check(url)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("KIT_AGENT_MCP_ALLOW");
    }

    @Test
    void publicAddressesAreAllowed() {
        assertThatCode(() -> policy("").check("https://8.8.8.8/mcp")).doesNotThrowAnyException();
        assertThatCode(() -> policy("").check("https://[2001:4860:4860::8888]/mcp")).doesNotThrowAnyException();
    }

    @Test
    void theOperatorAllowsBlocksHostsOrEverything() {
        McpAddressPolicy p = policy("127.0.0.1/32, 10.0.0.0/8, localhost");
        assertThatCode(() -> p.check("http://127.0.0.1:3001/mcp")).doesNotThrowAnyException();
        assertThatCode(() -> p.check("http://10.200.1.1/mcp")).doesNotThrowAnyException();
        assertThatCode(() -> p.check("http://localhost/mcp")).doesNotThrowAnyException(); // a name: all its addresses
        assertThatThrownBy(() -> p.check("http://127.0.0.2/mcp")).hasMessageContaining("127.0.0.2");
        assertThatThrownBy(() -> p.check("http://169.254.169.254/")).hasMessageContaining("169.254.169.254");
        assertThatCode(() -> policy("*").check("http://169.254.169.254/")).doesNotThrowAnyException();
        assertThatThrownBy(() -> policy("localhost/8")).hasMessageContaining("KIT_AGENT_MCP_ALLOW");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://255.255.255.255//127.0.0.1:3001/x", "http://8.8.8.8//127.0.0.1:3001/x",
            "https://8.8.8.8//169.254.169.254/latest", "http://8.8.8.8///x"})
    void aPathThatWouldNameAnotherHostIsRefused(String url) {
        assertThatThrownBy(() -> policy("").check(url)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'//'");
    }

    @Test
    void theTargetIsTheUriTheTransportRequestsWithTheCheckedAddresses() throws Exception {
        McpAddressPolicy.Target t = policy("127.0.0.1/32").check("http://127.0.0.1:3001/mcp/v1?x=1");
        assertThat(t.base()).isEqualTo("http://127.0.0.1:3001");
        assertThat(t.endpoint()).isEqualTo("/mcp/v1?x=1");
        assertThat(t.uri()).hasToString("http://127.0.0.1:3001/mcp/v1?x=1");
        assertThat(t.addresses()).containsExactly(InetAddress.getByName("127.0.0.1"));
        assertThat(t.port()).isEqualTo(3001);
        assertThatThrownBy(() -> policy("*").check("http://user:pw@8.8.8.8/mcp")).hasMessageContaining("user name");
        assertThatThrownBy(() -> policy("*").check("file:///etc/passwd")).hasMessageContaining("http or https");
    }
}
