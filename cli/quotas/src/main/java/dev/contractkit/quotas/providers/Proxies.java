package dev.contractkit.quotas.providers;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The proxy of the environment, as curl and Go read it: {@code https_proxy} / {@code HTTPS_PROXY} for https URLs,
 * {@code http_proxy} / {@code HTTP_PROXY} for http URLs (the lower-case form wins when both are set), and
 * {@code no_proxy} / {@code NO_PROXY}: a comma- or space-separated list of hosts that go direct ({@code *} for all;
 * {@code example.com} and {@code .example.com} both match the domain and its subdomains; {@code host:port} only that
 * port; an IP address or a CIDR range such as {@code 10.0.0.0/8}). Loopback ({@code localhost}, {@code 127.0.0.0/8},
 * {@code ::1}) never goes through a proxy, as in Go: a proxy's loopback is not this machine's.
 * A proxy is {@code http://[user:password@]host[:port]} (a bare {@code host:port} too); its credentials go in
 * {@code Proxy-Authorization} (Basic) to the proxy only. Another scheme ({@code socks5://}, {@code https://}) is not
 * supported: the call fails saying so rather than going direct.
 *
 * <pre>{@code
 * Proxies p = Proxies.of(Environment.of(Map.of("HTTPS_PROXY", "http://proxy:3128", "NO_PROXY", ".corp")));
 * p.proxyFor(URI.create("https://api.anthropic.com"));   // proxy:3128
 * p.proxyFor(URI.create("https://git.corp"));            // empty: direct
 * }</pre>
 */
final class Proxies extends ProxySelector {
    /** @param variable where it came from; @param uri the proxy's URL (null when unreadable); @param problem why it cannot be used */
    private record Setting(String variable, URI uri, String problem) {
    }

    private final Optional<Setting> https;
    private final Optional<Setting> http;
    private final List<String> noProxy;

    private Proxies(Optional<Setting> https, Optional<Setting> http, List<String> noProxy) {
        this.https = https;
        this.http = http;
        this.noProxy = noProxy;
    }

    static Proxies of(Environment env) {
        String no = env.get("no_proxy").or(() -> env.get("NO_PROXY")).orElse("");
        return new Proxies(setting(env, "https_proxy", "HTTPS_PROXY"), setting(env, "http_proxy", "HTTP_PROXY"),
                List.of(no.toLowerCase(Locale.ROOT).split("[,\\s]+")).stream().filter(s -> !s.isEmpty()).toList());
    }

    private static Optional<Setting> setting(Environment env, String lower, String upper) {
        String name = env.get(lower).isPresent() ? lower : upper;
        return env.get(name).map(value -> {
            String v = value.contains("://") ? value : "http://" + value;
            try {
                URI uri = new URI(v);
                if (!"http".equalsIgnoreCase(uri.getScheme())) {
                    return new Setting(name, null, name + "=" + redacted(value) + ": only http:// proxies are supported"
                            + " (not " + uri.getScheme() + "://); nothing was sent");
                }
                if (uri.getHost() == null) {
                    return new Setting(name, null, name + "=" + redacted(value) + " names no host; nothing was sent");
                }
                return new Setting(name, uri, null);
            } catch (java.net.URISyntaxException e) {
                return new Setting(name, null, name + " is not a URL (" + e.getReason() + "); nothing was sent");
            }
        });
    }

    private static String redacted(String value) {
        return value.replaceAll("//[^/@]*@", "//***@");
    }

    private Optional<Setting> settingFor(URI target) {
        String scheme = String.valueOf(target.getScheme()).toLowerCase(Locale.ROOT);
        Optional<Setting> s = scheme.equals("https") ? https : scheme.equals("http") ? http : Optional.empty();
        return s.filter(x -> !bypassed(target));
    }

    /** @throws IOException when the proxy that applies to this URL cannot be used (no silent direct connection) */
    void check(URI target) throws IOException {
        Optional<String> problem = settingFor(target).map(Setting::problem);
        if (problem.isPresent()) {
            throw new IOException(problem.get());
        }
    }

    /** @return the proxy's {@code host:port} for this URL, empty when it goes direct */
    Optional<InetSocketAddress> proxyFor(URI target) {
        return settingFor(target).filter(s -> s.uri() != null).map(s -> InetSocketAddress.createUnresolved(s.uri().getHost(),
                s.uri().getPort() == -1 ? 80 : s.uri().getPort()));
    }

    /** @return {@code Basic ...} for the proxy of this URL when the proxy URL names a user */
    Optional<String> authorization(URI target) {
        return settingFor(target).map(Setting::uri).flatMap(u -> Optional.ofNullable(u == null ? null : u.getRawUserInfo()))
                .map(info -> "Basic " + Base64.getEncoder().encodeToString(decode(info).getBytes(StandardCharsets.UTF_8)));
    }

    private static String decode(String rawUserInfo) {
        return java.net.URLDecoder.decode(rawUserInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public List<Proxy> select(URI uri) {
        return List.of(proxyFor(uri).map(a -> new Proxy(Proxy.Type.HTTP, a)).orElse(Proxy.NO_PROXY));
    }

    @Override
    public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {
        // reported by the call itself
    }

    boolean bypassed(URI target) {
        String host = String.valueOf(target.getHost()).toLowerCase(Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (PlainHttp.loopback(host)) {
            return true;
        }
        int port = target.getPort() != -1 ? target.getPort() : "https".equalsIgnoreCase(target.getScheme()) ? 443 : 80;
        for (String entry : noProxy) {
            if (entry.equals("*") || matches(entry, host, port)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String entry, String host, int port) {
        if (entry.contains("/")) {
            return inRange(entry, host);
        }
        String e = entry;
        int colon = e.lastIndexOf(':');
        if (colon > 0 && e.indexOf(':') == colon && !e.endsWith("]")) { // host:port (not a bare IPv6 address)
            if (!e.substring(colon + 1).equals(String.valueOf(port))) {
                return false;
            }
            e = e.substring(0, colon);
        }
        e = e.replaceAll("^\\[|]$", "");
        if (e.startsWith("*.")) {
            e = e.substring(1);
        }
        String domain = e.startsWith(".") ? e.substring(1) : e;
        return host.equals(domain) || host.endsWith("." + domain);
    }

    /** @return true when host is an IP literal inside the CIDR range */
    private static boolean inRange(String cidr, String host) {
        if (!literal(host)) {
            return false;
        }
        try {
            String[] parts = cidr.split("/", 2);
            if (!literal(parts[0])) {
                return false;
            }
            byte[] net = InetAddress.getByName(parts[0]).getAddress();
            byte[] addr = InetAddress.getByName(host).getAddress();
            int bits = Integer.parseInt(parts[1]);
            if (net.length != addr.length || bits < 0 || bits > net.length * 8) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((net[i / 8] & mask) != (addr[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException | NumberFormatException e) {
            return false;
        }
    }

    /** @return true for an IPv4 or IPv6 literal (never resolves a name) */
    private static boolean literal(String host) {
        return host.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}") || host.contains(":") && host.matches("[0-9a-f:.]+");
    }
}
