package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.AddressPolicy;
import dev.contractkit.reference.platform.Settings;

import java.net.InetAddress;
import java.util.List;

/**
 * Where {@code os.http}, {@code os.tcp} and {@code os.dns} may go: the platform's {@link AddressPolicy} with the
 * setting {@code exec.net-allow} ({@code KIT_EXEC_NET_ALLOW}: host names, IP addresses, CIDR blocks or {@code *},
 * comma-separated). A name is resolved once and only its public addresses are used, plus those the setting
 * names; the caller connects to the addresses returned, never to the name again (no DNS rebinding between the
 * check and the connection).
 */
final class NetGuard {
    static final String SETTING = "exec.net-allow";

    private final AddressPolicy policy;

    NetGuard(List<String> allow) {
        this.policy = new AddressPolicy(Settings.envName(SETTING), allow);
    }

    static NetGuard from(Settings s) {
        return new NetGuard(s.getList(SETTING, ""));
    }

    /**
     * Resolves a host once and keeps the addresses it may reach.
     *
     * @param host a name or an IP literal (IPv6 with or without brackets)
     * @return the checked addresses (at least one), to connect to directly
     * @throws WorkFailed {@code refused} naming the address and the setting, or {@code dns_error}
     */
    List<InetAddress> resolve(String host) throws WorkFailed {
        try {
            return policy.resolve(host);
        } catch (AddressPolicy.Refused e) {
            throw WorkFailed.refused(e.getMessage());
        } catch (AddressPolicy.Unresolved e) {
            throw new WorkFailed("dns_error", e.getMessage(), null);
        }
    }
}
