package dev.contractkit.reference.platform;

import dev.contractkit.specs.Api;

import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The host names a listener answers for ({@code Host}) and the web origins that may send it state-changing
 * requests ({@code Origin}). By default: {@code localhost}, {@code *.localhost}, any IP literal in {@code Host}
 * (a rebinding attack needs a name, not an address), the bound address and the hosts of the configured public
 * URLs ({@code KIT_PUBLIC_URL}, {@code KIT_<API>_PUBLIC_URL}); more names with
 * {@code KIT_ALLOWED_HOSTS} ({@code *} = any); web origins only with {@code KIT_CORS_ORIGINS}.
 */
public final class AllowedHosts {
    private final Set<String> names;
    private final boolean any;
    private final Set<String> origins;

    private AllowedHosts(Set<String> names, boolean any, Set<String> origins) {
        this.names = names;
        this.any = any;
        this.origins = origins;
    }

    /**
     * @param settings the server settings ({@code allowed-hosts}, {@code cors-origins})
     * @param bindHost the address the listeners bind
     * @return the rule
     */
    public static AllowedHosts of(Settings settings, String bindHost) {
        Set<String> names = new HashSet<>();
        names.add("localhost");
        names.add(bindHost.toLowerCase(Locale.ROOT));
        List<String> configured = settings.list("allowed-hosts");
        configured.forEach(n -> names.add(n.toLowerCase(Locale.ROOT)));
        // the hosts of the configured public URLs: clients (and a proxy passing their Host on) name them
        PublicUrl.configuredHosts(settings, Api.values().stream()
                .map(Api::id).toList()).forEach(n -> names.add(n.toLowerCase(Locale.ROOT)));
        Set<String> origins = new HashSet<>();
        settings.list("cors-origins").forEach(o -> origins.add(stripSlash(o.toLowerCase(Locale.ROOT))));
        return new AllowedHosts(Set.copyOf(names), configured.contains("*"), Set.copyOf(origins));
    }

    /** @return the configured web origins that may call the kit (CORS) */
    public Set<String> corsOrigins() {
        return origins;
    }

    /**
     * @param hostHeader a {@code Host} header value, with or without a port
     * @return true when this listener answers for it
     */
    public boolean allowsHost(String hostHeader) {
        if (any) {
            return true;
        }
        Boolean known = verdicts.get(hostHeader);
        if (known != null) {
            return known;
        }
        String h = hostOnly(hostHeader.trim().toLowerCase(Locale.ROOT));
        boolean allowed = h.isEmpty() || isIpLiteral(h) || names.contains(h) || h.endsWith(".localhost");
        if (verdicts.size() < 256) { // a client's few Host values, remembered (the check runs on every request)
            verdicts.put(hostHeader, allowed);
        }
        return allowed;
    }

    private final ConcurrentHashMap<String, Boolean> verdicts = new ConcurrentHashMap<>();

    /**
     * @param origin an {@code Origin} header value of another authority than the request's
     * @return true when it is a configured CORS origin
     */
    public boolean allowsOrigin(String origin) {
        return origins.contains(stripSlash(origin.trim().toLowerCase(Locale.ROOT)));
    }

    static String hostOnly(String authority) {
        if (authority.startsWith("[")) {
            int end = authority.indexOf(']');
            return end < 0 ? authority : authority.substring(1, end);
        }
        int colon = authority.indexOf(':');
        if (colon >= 0 && authority.indexOf(':', colon + 1) < 0) {
            return authority.substring(0, colon);
        }
        return authority; // a bare IPv6 literal, or no port
    }

    private static final Pattern IPV6 = Pattern.compile("[0-9a-f:.]+");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    static boolean isIpLiteral(String host) {
        return (host.indexOf(':') >= 0 ? IPV6 : IPV4).matcher(host).matches();
    }

    private static String stripSlash(String origin) {
        try {
            URI u = URI.create(origin);
            return u.getScheme() + "://" + u.getRawAuthority();
        } catch (IllegalArgumentException e) {
            return origin.endsWith("/") ? origin.substring(0, origin.length() - 1) : origin;
        }
    }
}
