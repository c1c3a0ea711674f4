package dev.contractkit.reference.platform;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one classifier of addresses the server must not connect to on a caller's behalf (exec's network actions,
 * the agent's MCP servers and data sources, through {@link AddressPolicy}): everything that is not a public
 * unicast address. IPv4: {@code 0/8} unspecified, {@code 10/8}, {@code 172.16/12}, {@code 192.168/16},
 * {@code 192.0.0/24}, {@code 198.18/15} private, {@code 100.64/10} shared (CGNAT), {@code 127/8} loopback,
 * {@code 169.254/16} link-local ({@code 169.254.169.254} cloud metadata), documentation blocks, {@code 224/4}
 * multicast, {@code 240/4} and {@code 255.255.255.255} reserved. IPv6: {@code ::}, {@code ::1}, {@code fe80::/10},
 * {@code fec0::/10}, {@code fc00::/7} ({@code fd00:ec2::254} cloud metadata), {@code ff00::/8},
 * {@code 100::/64} discard, {@code 2001:db8::/32} documentation, {@code 64:ff9b:1::/48} local-use NAT64, and
 * the IPv4 address inside IPv4-mapped {@code ::ffff:0:0/96}, IPv4-compatible {@code ::/96}, NAT64
 * {@code 64:ff9b::/96}, 6to4 {@code 2002::/16} and Teredo {@code 2001::/32} addresses, classified as that IPv4
 * address.
 */
public final class AddressClass {
    private static final byte[] AWS_V6_METADATA = {(byte) 0xfd, 0, 0x0e, (byte) 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54};

    private AddressClass() {
    }

    /** @return what kind of non-public address this is ({@code loopback}, {@code private} ...), or empty for a public one */
    public static Optional<String> internal(InetAddress a) {
        byte[] b = a.getAddress();
        return b.length == 16 ? v6(b) : v4(b);
    }

    private static Optional<String> v4(byte[] b) {
        int b0 = b[0] & 0xff;
        int b1 = b[1] & 0xff;
        int b2 = b[2] & 0xff;
        if (b0 == 169 && b1 == 254 && b2 == 169 && (b[3] & 0xff) == 254) {
            return Optional.of("link-local cloud-metadata");
        }
        String kind = b0 == 0 ? "unspecified"
                : b0 == 127 ? "loopback"
                : b0 == 169 && b1 == 254 ? "link-local"
                : b0 == 10 || b0 == 172 && (b1 & 0xf0) == 16 || b0 == 192 && b1 == 168 ? "private"
                : b0 == 192 && b1 == 0 && b2 == 0 || b0 == 198 && (b1 & 0xfe) == 18 ? "private"
                : b0 == 100 && (b1 & 0xc0) == 64 ? "shared (CGNAT)"
                : b0 == 192 && b1 == 0 && b2 == 2 || b0 == 198 && b1 == 51 && b2 == 100 || b0 == 203 && b1 == 0 && b2 == 113
                ? "documentation"
                : b0 >= 224 && b0 < 240 ? "multicast"
                : b0 >= 240 ? "reserved"
                : null;
        return Optional.ofNullable(kind);
    }

    private static Optional<String> v6(byte[] b) {
        if (Arrays.equals(b, AWS_V6_METADATA)) {
            return Optional.of("cloud-metadata");
        }
        Optional<byte[]> v4 = embeddedV4(b);
        if (v4.isPresent()) {
            return v4(v4.get());
        }
        int b0 = b[0] & 0xff;
        int b1 = b[1] & 0xff;
        if (allZero(b, 0, 15) && (b[15] == 0 || b[15] == 1)) {
            return Optional.of(b[15] == 0 ? "unspecified" : "loopback");
        }
        String kind = b0 == 0xfe && (b1 & 0xc0) == 0x80 ? "link-local"
                : b0 == 0xfe && (b1 & 0xc0) == 0xc0 ? "private (site-local)"
                : (b0 & 0xfe) == 0xfc ? "private (unique-local)"
                : b0 == 0xff ? "multicast"
                : b0 == 0x01 && b1 == 0 && allZero(b, 2, 8) ? "reserved (discard)"
                : b0 == 0x20 && b1 == 0x01 && b[2] == 0x0d && (b[3] & 0xff) == 0xb8 ? "documentation"
                : b0 == 0 && b1 == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b && b[4] == 0 && b[5] == 1
                ? "private (local-use NAT64)"
                : null;
        return Optional.ofNullable(kind);
    }

    /** The IPv4 address inside a mapped, compatible, NAT64, 6to4 or Teredo address. */
    private static Optional<byte[]> embeddedV4(byte[] b) {
        boolean mapped = allZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
        boolean compatible = allZero(b, 0, 12) && !allZero(b, 12, 15); // not :: or ::1
        boolean nat64 = b[0] == 0 && b[1] == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b && allZero(b, 4, 12);
        if (mapped || compatible || nat64) {
            return Optional.of(Arrays.copyOfRange(b, 12, 16));
        }
        if (b[0] == 0x20 && b[1] == 0x02) { // 6to4: 2002:AABB:CCDD::/48
            return Optional.of(Arrays.copyOfRange(b, 2, 6));
        }
        if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) { // Teredo: the client's address, bits inverted
            byte[] client = Arrays.copyOfRange(b, 12, 16);
            for (int i = 0; i < 4; i++) {
                client[i] = (byte) ~client[i];
            }
            return Optional.of(client);
        }
        return Optional.empty();
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses an IP literal without any name lookup: dotted-quad IPv4 (four decimal parts, nothing shorter such as
     * {@code 127.1} or {@code 2130706433}) or IPv6 (with or without brackets).
     *
     * @return the address bytes (4 or 16), or empty when it is not a literal
     */
    public static Optional<byte[]> literal(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            byte[] out = new byte[4];
            String[] parts = h.split("\\.");
            for (int i = 0; i < 4; i++) {
                int v = Integer.parseInt(parts[i]);
                if (v > 255) {
                    return Optional.empty();
                }
                out[i] = (byte) v;
            }
            return Optional.of(out);
        }
        if (h.contains(":") && h.matches("[0-9A-Fa-f:.]+")) {
            try {
                return Optional.of(InetAddress.getByName("[" + h + "]").getAddress()); // a literal: no lookup
            } catch (UnknownHostException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** @return an address for the bytes (4 or 16), without a lookup */
    public static InetAddress address(byte[] b) {
        try {
            return b.length == 16 ? Inet6Address.getByAddress(null, b, -1) : InetAddress.getByAddress(b);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
