package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.Settings;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where {@code os.http}, {@code os.tcp} and {@code os.dns} may go: a name is resolved once and only its public
 * addresses are used, plus those {@code exec.net-allow} ({@code KIT_EXEC_NET_ALLOW}: host names, IP addresses or
 * CIDR blocks, comma-separated) names; a name with no usable address is refused. Refused by default: loopback,
 * unspecified, link-local, private (RFC 1918, unique-local {@code fc00::/7}), shared {@code 100.64/10},
 * benchmarking, reserved, multicast and cloud-metadata addresses and names. The caller connects to the addresses returned, never to the name again
 * (no DNS rebinding between the check and the connection).
 */
final class NetGuard {
    static final Set<String> METADATA_NAMES = Set.of("metadata.google.internal", "metadata.goog", "metadata",
            "instance-data", "instance-data.ec2.internal", "metadata.azure.internal");
    private static final byte[] AWS_V6_METADATA = v6("fd00:ec2::254");

    private final Set<String> hosts;
    private final List<Cidr> blocks;

    record Cidr(byte[] network, int bits) {
        boolean contains(InetAddress a) {
            byte[] b = a.getAddress();
            if (b.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >>> (i % 8);
                if ((b[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    NetGuard(List<String> allow) {
        Set<String> names = new HashSet<>();
        List<Cidr> cidrs = new ArrayList<>();
        for (String raw : allow) {
            String entry = normal(raw);
            int slash = entry.indexOf('/');
            String ip = slash < 0 ? entry : entry.substring(0, slash);
            if (!isLiteral(ip)) {
                names.add(entry);
                continue;
            }
            byte[] net = literal(ip).orElseThrow(() -> new IllegalArgumentException(
                    "setting KIT_EXEC_NET_ALLOW: '" + raw + "' is not a host, an IP address or a CIDR block"));
            int bits = net.length * 8;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(entry.substring(slash + 1));
                } catch (NumberFormatException e) {
                    bits = -1;
                }
                if (bits < 0 || bits > net.length * 8) {
                    throw new IllegalArgumentException("setting KIT_EXEC_NET_ALLOW: '" + raw + "' has a bad prefix length");
                }
            }
            cidrs.add(new Cidr(net, bits));
        }
        this.hosts = Set.copyOf(names);
        this.blocks = List.copyOf(cidrs);
    }

    static NetGuard from(Settings s) {
        return new NetGuard(s.getList("exec.net-allow", ""));
    }

    /**
     * Resolves a host once and keeps the addresses it may reach.
     *
     * @param host a name or an IP literal (IPv6 with or without brackets)
     * @return the checked addresses (at least one), to connect to directly
     * @throws WorkFailed {@code refused} naming the address and the setting, or {@code dns_error}
     */
    List<InetAddress> resolve(String host) throws WorkFailed {
        String h = normal(host);
        if (h.isEmpty()) {
            throw WorkFailed.refused("a host is required");
        }
        boolean named = hosts.contains(h);
        if (!named && METADATA_NAMES.contains(h)) {
            throw refusal(host, "is a cloud-metadata name");
        }
        InetAddress[] all;
        if (isLiteral(h)) {
            all = new InetAddress[]{toAddress(literal(h).orElseThrow(() -> WorkFailed.refused("'" + host
                    + "' is not a valid IP address")))};
        } else {
            try {
                all = InetAddress.getAllByName(h);
            } catch (UnknownHostException e) {
                throw new WorkFailed("dns_error", "cannot resolve " + host + ": " + e.getMessage(), null);
            }
        }
        List<InetAddress> ok = new ArrayList<>();
        String refused = null;
        for (InetAddress a : all) {
            Optional<String> why = forbidden(a);
            if (why.isEmpty() || named || blocks.stream().anyMatch(c -> c.contains(a))) {
                ok.add(a);
            } else if (refused == null) {
                refused = (isLiteral(h) ? "is " : "resolves to " + a.getHostAddress() + ", ") + "a " + why.get() + " address";
            }
        }
        if (ok.isEmpty()) {
            throw refusal(host, refused);
        }
        return List.copyOf(ok);
    }

    private static WorkFailed refusal(String host, String why) {
        return WorkFailed.refused(host + " " + why + "; the control plane does not reach it unless KIT_EXEC_NET_ALLOW "
                + "names it (a host, an IP address or a CIDR block)");
    }

    /** @return what kind of non-public address this is, or empty for a public one */
    static Optional<String> forbidden(InetAddress a) {
        byte[] b = a.getAddress();
        if (a instanceof Inet6Address) {
            if (Arrays.equals(b, AWS_V6_METADATA)) {
                return Optional.of("cloud-metadata");
            }
            Optional<byte[]> v4 = embeddedV4(b);
            if (v4.isPresent()) {
                return forbidden(toAddress(v4.get()));
            }
            if ((b[0] & 0xfe) == 0xfc) {
                return Optional.of("private (unique-local)");
            }
            if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && (b[3] & 0xff) == 0xb8) {
                return Optional.of("documentation");
            }
        } else if (a instanceof Inet4Address) {
            int b0 = b[0] & 0xff;
            int b1 = b[1] & 0xff;
            if (b0 == 169 && b1 == 254 && (b[2] & 0xff) == 169 && (b[3] & 0xff) == 254) {
                return Optional.of("cloud-metadata");
            }
            if (b0 == 0) {
                return Optional.of("unspecified");
            }
            if (b0 == 100 && (b1 & 0xc0) == 64) {
                return Optional.of("shared (CGNAT)");
            }
            if (b0 == 198 && (b1 & 0xfe) == 18 || b0 == 192 && b1 == 0 && (b[2] & 0xff) == 0) {
                return Optional.of("private");
            }
            if (b0 >= 240) {
                return Optional.of("reserved");
            }
        }
        if (a.isAnyLocalAddress()) {
            return Optional.of("unspecified");
        }
        if (a.isLoopbackAddress()) {
            return Optional.of("loopback");
        }
        if (a.isLinkLocalAddress()) {
            return Optional.of("link-local");
        }
        if (a.isSiteLocalAddress()) {
            return Optional.of("private");
        }
        if (a.isMulticastAddress()) {
            return Optional.of("multicast");
        }
        return Optional.empty();
    }

    /** IPv4-compatible {@code ::a.b.c.d}, NAT64 {@code 64:ff9b::/96}, 6to4 {@code 2002::/16}. */
    private static Optional<byte[]> embeddedV4(byte[] b) {
        boolean zeros = true;
        for (int i = 0; i < 12; i++) {
            zeros &= b[i] == 0;
        }
        boolean nat64 = b[0] == 0 && b[1] == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
        for (int i = 4; nat64 && i < 12; i++) {
            nat64 = b[i] == 0;
        }
        if (zeros && !(b[12] == 0 && b[13] == 0 && b[14] == 0 && (b[15] == 0 || b[15] == 1)) || nat64) {
            return Optional.of(Arrays.copyOfRange(b, 12, 16));
        }
        if (b[0] == 0x20 && b[1] == 0x02) {
            return Optional.of(Arrays.copyOfRange(b, 2, 6));
        }
        return Optional.empty();
    }

    private static String normal(String host) {
        String h = host == null ? "" : host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.contains("]")) {
            h = h.substring(1, h.indexOf(']')) + h.substring(h.indexOf(']') + 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    private static boolean isLiteral(String h) {
        return h.contains(":") || h.matches("[0-9.]+");
    }

    /** Parses an IP literal without any name lookup. */
    private static Optional<byte[]> literal(String h) {
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
        if (h.contains(":") && h.matches("[0-9a-f:.]+")) {
            try {
                return Optional.of(InetAddress.getByName("[" + h + "]").getAddress()); // a literal: no lookup
            } catch (UnknownHostException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static byte[] v6(String literal) {
        return literal(literal).orElseThrow();
    }

    private static InetAddress toAddress(byte[] b) {
        try {
            return InetAddress.getByAddress(b);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
