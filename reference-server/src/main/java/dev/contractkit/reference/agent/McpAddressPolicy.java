package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a run may connect to a registered MCP server: by default only to public addresses, never to loopback,
 * link-local (cloud metadata at 169.254.169.254), private, unique-local, carrier-grade NAT, multicast or
 * unspecified ones, so that registering an MCP server cannot make the agent call services on its own machine or
 * network. The setting {@code agent.mcp-allow} ({@code KIT_AGENT_MCP_ALLOW}, comma-separated) allows more: an
 * address block ({@code 127.0.0.0/8}, {@code 10.1.2.3/32}, {@code ::1/128}), a host name ({@code mcp.internal}) or
 * {@code *} (anything). Checked before every connection, on every address the host name resolves to.
 */
final class McpAddressPolicy {
    static final String SETTING = "agent.mcp-allow";

    private record Block(byte[] network, int bits) {
        boolean contains(InetAddress a) {
            byte[] b = a.getAddress();
            if (b.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((b[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private final boolean any;
    private final List<String> hosts = new ArrayList<>();
    private final List<Block> blocks = new ArrayList<>();

    McpAddressPolicy(Settings settings) {
        boolean star = false;
        for (String entry : settings.getList(SETTING, "")) {
            if (entry.equals("*")) {
                star = true;
            } else if (entry.contains("/")) {
                blocks.add(block(entry));
            } else {
                hosts.add(entry.toLowerCase(Locale.ROOT));
            }
        }
        this.any = star;
    }

    private static Block block(String cidr) {
        int slash = cidr.indexOf('/');
        try {
            String literal = cidr.substring(0, slash);
            if (!literal.matches("[0-9A-Fa-f:.]+")) {
                throw new IllegalArgumentException("not an IP address");
            }
            byte[] network = InetAddress.getByName(literal).getAddress(); // a literal: no lookup
            int bits = Integer.parseInt(cidr.substring(slash + 1));
            if (bits < 0 || bits > network.length * 8) {
                throw new IllegalArgumentException("prefix length out of range");
            }
            return new Block(network, bits);
        } catch (IllegalArgumentException | UnknownHostException e) {
            throw new IllegalArgumentException("setting " + Settings.envName(SETTING) + ": '" + cidr
                    + "' is not an address block such as 127.0.0.0/8 (" + e.getMessage() + ")");
        }
    }

    /**
     * @param url the MCP server's URL
     * @throws IllegalArgumentException naming the address when the agent may not connect to it
     */
    void check(String url) {
        String host = URI.create(url).getHost();
        if (host == null) {
            throw new IllegalArgumentException("the MCP server's URL has no host");
        }
        if (any || hosts.contains(host.toLowerCase(Locale.ROOT))) {
            return;
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("the MCP server's host '" + host + "' cannot be resolved");
        }
        for (InetAddress a : addresses) {
            if (internal(a) && blocks.stream().noneMatch(b -> b.contains(a))) {
                throw new IllegalArgumentException("the MCP server's address " + a.getHostAddress() + " is loopback, "
                        + "link-local, private or otherwise internal; the operator can allow it with "
                        + Settings.envName(SETTING) + " (e.g. 127.0.0.1/32)");
            }
        }
    }

    static boolean internal(InetAddress a) {
        byte[] b = a.getAddress();
        boolean uniqueLocal = a instanceof Inet6Address && (b[0] & 0xFE) == 0xFC; // fc00::/7
        boolean sharedNat = b.length == 4 && (b[0] & 0xFF) == 100 && (b[1] & 0xC0) == 64; // 100.64.0.0/10
        boolean zeroNet = b.length == 4 && b[0] == 0; // 0.0.0.0/8
        return a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress() || a.isAnyLocalAddress()
                || a.isMulticastAddress() || uniqueLocal || sharedNat || zeroNet;
    }
}
