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
            "http://[fd00:ec2::254]/mcp", "http://[fe80::1]/mcp", "http://[::ffff:127.0.0.1]/mcp", "http://224.0.0.1/mcp"})
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
        McpAddressPolicy p = policy("127.0.0.1/32, 10.0.0.0/8, mcp.internal");
        assertThatCode(() -> p.check("http://127.0.0.1:3001/mcp")).doesNotThrowAnyException();
        assertThatCode(() -> p.check("http://10.200.1.1/mcp")).doesNotThrowAnyException();
        assertThatCode(() -> p.check("http://mcp.internal/mcp")).doesNotThrowAnyException();
        assertThatThrownBy(() -> p.check("http://127.0.0.2/mcp")).hasMessageContaining("127.0.0.2");
        assertThatThrownBy(() -> p.check("http://169.254.169.254/")).hasMessageContaining("169.254.169.254");
        assertThatCode(() -> policy("*").check("http://169.254.169.254/")).doesNotThrowAnyException();
        assertThatThrownBy(() -> policy("localhost/8")).hasMessageContaining("KIT_AGENT_MCP_ALLOW");
        assertThat(McpAddressPolicy.internal(InetAddress.getLoopbackAddress())).isTrue();
    }
}
