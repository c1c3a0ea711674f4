package dev.contractkit.reference.coupons;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The embedded provider's issuer: {@code KIT_COUPONS_ISSUER_URL} when set, else
 * {@code http://<KIT_HOST>:<port>/realms/<realm>} with the port the listener actually bound (a wildcard
 * host becomes 127.0.0.1). Never taken from a request's {@code Host} header: a client cannot choose the
 * issuer of the tokens or the endpoints of the discovery document.
 */
final class IssuerUrl implements Supplier<String> {
    private final Optional<String> configured;
    private final String host;
    private final String realm;
    private volatile String value;

    IssuerUrl(Optional<String> configured, String host, int port, String realm) {
        this.configured = configured.map(IssuerUrl::checked);
        this.host = hostPart(host);
        this.realm = realm;
        this.value = this.configured.orElseGet(() -> derived(port));
    }

    /** The listener is up: a derived issuer takes its real port (the setting may have said 0). */
    void started(int port) {
        if (configured.isEmpty()) {
            value = derived(port);
        }
    }

    @Override
    public String get() {
        return value;
    }

    private String derived(int port) {
        return "http://" + host + ":" + port + "/realms/" + realm;
    }

    private static String hostPart(String host) {
        String h = host.trim();
        if (h.isEmpty() || h.equals("0.0.0.0") || h.equals("::") || h.equals("[::]")) {
            return "127.0.0.1";
        }
        return h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
    }

    private static String checked(String url) {
        String u = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        try {
            URI uri = URI.create(u);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && uri.getQuery() == null
                    && uri.getFragment() == null) {
                return u;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalArgumentException("KIT_COUPONS_ISSUER_URL must be an http(s) URL without query or fragment, "
                + "e.g. https://auth.example.com/realms/contractkit; got '" + url + "'");
    }
}
