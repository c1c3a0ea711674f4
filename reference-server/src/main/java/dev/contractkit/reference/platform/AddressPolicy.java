package dev.contractkit.reference.platform;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where the server may connect on a caller's behalf: a name is resolved once and only its public addresses
 * ({@link AddressClass}) are kept, plus those an operator setting names, so the caller connects to the addresses
 * returned and never looks the name up again (no DNS rebinding between the check and the connection). Cloud
 * metadata names ({@code metadata.google.internal} ...) are refused as names. The setting (e.g.
 * {@code KIT_EXEC_NET_ALLOW}, {@code KIT_AGENT_MCP_ALLOW}, {@code KIT_AGENT_DB_NET_ALLOW}) is comma-separated: host
 * names (all their addresses), IP addresses, CIDR blocks ({@code 127.0.0.0/8}, {@code ::1/128}) or {@code *}
 * (anything).
 */
public final class AddressPolicy {
    /** Names of cloud metadata services, refused as names unless the setting names them. */
    public static final Set<String> METADATA_NAMES = Set.of("metadata.google.internal", "metadata.goog", "metadata",
            "instance-data", "instance-data.ec2.internal", "metadata.azure.internal");

    /** The host may not be reached (its message names the address and the setting). */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** The host name does not resolve. */
    public static final class Unresolved extends Exception {
        Unresolved(String message) {
            super(message, null, false, false);
        }
    }

    private record Cidr(byte[] network, int bits) {
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

    private final String setting;
    private final boolean any;
    private final Set<String> hosts;
    private final List<Cidr> blocks;

    /**
     * @param setting the setting's environment name, for messages ({@code KIT_EXEC_NET_ALLOW})
     * @param allow   its entries
     * @throws IllegalArgumentException naming the setting when an entry is a bad address or block
     */
    public AddressPolicy(String setting, List<String> allow) {
        this.setting = setting;
        Set<String> names = new HashSet<>();
        List<Cidr> cidrs = new ArrayList<>();
        boolean star = false;
        for (String raw : allow) {
            String entry = normal(raw);
            int slash = entry.indexOf('/');
            String ip = slash < 0 ? entry : entry.substring(0, slash);
            if (entry.equals("*")) {
                star = true;
                continue;
            }
            if (!isLiteral(ip)) {
                if (slash >= 0) {
                    throw new IllegalArgumentException("setting " + setting + ": '" + raw + "' is not an address block "
                            + "such as 127.0.0.0/8");
                }
                names.add(entry);
                continue;
            }
            byte[] net = AddressClass.literal(ip).orElseThrow(() -> new IllegalArgumentException(
                    "setting " + setting + ": '" + raw + "' is not a host, an IP address or a CIDR block"));
            int bits = net.length * 8;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(entry.substring(slash + 1));
                } catch (NumberFormatException e) {
                    bits = -1;
                }
                if (bits < 0 || bits > net.length * 8) {
                    throw new IllegalArgumentException("setting " + setting + ": '" + raw + "' has a bad prefix length");
                }
            }
            cidrs.add(new Cidr(net, bits));
        }
        this.any = star;
        this.hosts = Set.copyOf(names);
        this.blocks = List.copyOf(cidrs);
    }

    /** @return the policy of a setting ({@code exec.net-allow}), named by its environment variable in messages */
    public static AddressPolicy from(Settings settings, String key) {
        return new AddressPolicy(Settings.envName(key), settings.getList(key, ""));
    }

    /** @return the setting's environment name */
    public String setting() {
        return setting;
    }

    /**
     * Resolves a host once and keeps the addresses that may be reached.
     *
     * @param host a name or an IP literal (IPv6 with or without brackets)
     * @return the checked addresses (at least one), to connect to directly
     * @throws Refused    naming the address and the setting
     * @throws Unresolved when the name does not resolve
     */
    public List<InetAddress> resolve(String host) throws Refused, Unresolved {
        String h = normal(host);
        if (h.isEmpty()) {
            throw new Refused("a host is required");
        }
        boolean named = any || hosts.contains(h);
        if (!named && METADATA_NAMES.contains(h)) {
            throw refusal(host, "is a cloud-metadata name");
        }
        InetAddress[] all;
        if (isLiteral(h)) {
            byte[] bytes = AddressClass.literal(h).orElseThrow(() -> new Refused("'" + host + "' is not a valid IP address"));
            all = new InetAddress[] {AddressClass.address(bytes)};
        } else {
            try {
                all = InetAddress.getAllByName(h);
            } catch (UnknownHostException e) {
                throw new Unresolved("cannot resolve " + host + ": " + e.getMessage());
            }
        }
        List<InetAddress> ok = new ArrayList<>();
        String refused = null;
        for (InetAddress a : all) {
            Optional<String> why = AddressClass.internal(a);
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

    private Refused refusal(String host, String why) {
        return new Refused(host + " " + why + "; the server does not connect to it unless " + setting
                + " names it (a host, an IP address or a CIDR block such as 127.0.0.1/32)");
    }

    private static String normal(String host) {
        String h = host == null ? "" : host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.contains("]")) {
            h = h.substring(1, h.indexOf(']')) + h.substring(h.indexOf(']') + 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    /** Looks like an IP literal: refused when it is not a valid one (no {@code 127.1}, {@code 2130706433}). */
    private static boolean isLiteral(String h) {
        return h.contains(":") || h.matches("[0-9.]+");
    }
}
