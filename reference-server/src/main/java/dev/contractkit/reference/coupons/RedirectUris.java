package dev.contractkit.reference.coupons;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The redirect URIs each client may use in the authorization-code flow ({@code KIT_COUPONS_REDIRECT_URIS},
 * {@code client=uri,...}). A request's {@code redirect_uri} must equal a registered one exactly (RFC 9700 section
 * 2.1: no prefix or pattern matching, so no open redirect), with two conveniences: a registered path ({@code /app/})
 * is on the issuer's origin (the coupons front end of this listener), and a registered {@code http} URI on a
 * loopback IP literal ({@code http://127.0.0.1/callback}, {@code http://[::1]/callback}) accepts any port, as
 * RFC 8252 section 7.3 requires for native apps.
 */
final class RedirectUris {
    /** The registrations unless {@code KIT_COUPONS_REDIRECT_URIS} says otherwise. */
    static final String DEFAULT = "coupon-web=/app/,kit-web=/app/,kit-cli=http://127.0.0.1/callback,"
            + "kit-cli=http://[::1]/callback";

    private final Map<String, List<String>> byClient;
    private final Supplier<String> issuer;

    private RedirectUris(Map<String, List<String>> byClient, Supplier<String> issuer) {
        this.byClient = byClient;
        this.issuer = issuer;
    }

    /**
     * @param entries {@code client=uri} entries
     * @param clients the known client ids (an entry for another is a mistake)
     * @param issuer  the provider's issuer URL (its origin completes a registered path)
     */
    static RedirectUris of(List<String> entries, List<String> clients, Supplier<String> issuer) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String entry : entries) {
            String e = entry.trim();
            int eq = e.indexOf('=');
            String client = eq < 0 ? "" : e.substring(0, eq);
            String uri = eq < 0 ? "" : e.substring(eq + 1);
            if (!clients.contains(client) || !(uri.startsWith("/") && !uri.startsWith("//") || absolute(uri) != null)
                    || uri.contains("#")) {
                throw new IllegalArgumentException("KIT_COUPONS_REDIRECT_URIS entries are client=uri with a client of "
                        + clients + " and an absolute http(s) URI without fragment, or a path on the issuer's origin "
                        + "(/app/); got '" + e + "'");
            }
            out.computeIfAbsent(client, k -> new ArrayList<>()).add(uri);
        }
        return new RedirectUris(Map.copyOf(out), issuer);
    }

    /** @return true when the client registered this redirect URI */
    boolean allowed(String clientId, String redirectUri) {
        URI asked = absolute(redirectUri);
        if (clientId == null || asked == null || asked.getRawFragment() != null) {
            return false;
        }
        for (String registered : byClient.getOrDefault(clientId, List.of())) {
            String full = registered.startsWith("/") ? origin() + registered : registered;
            if (full.equals(redirectUri) || loopbackAnyPort(URI.create(full), asked)) {
                return true;
            }
        }
        return false;
    }

    private String origin() {
        URI i = URI.create(issuer.get());
        return i.getScheme() + "://" + i.getRawAuthority();
    }

    private static boolean loopbackAnyPort(URI registered, URI asked) {
        String host = registered.getHost();
        return "http".equals(registered.getScheme()) && ("127.0.0.1".equals(host) || "[::1]".equals(host))
                && "http".equals(asked.getScheme()) && host.equals(asked.getHost()) && asked.getRawUserInfo() == null
                && Objects.equals(registered.getRawPath(), asked.getRawPath())
                && Objects.equals(registered.getRawQuery(), asked.getRawQuery());
    }

    /** @return the URI when it is an absolute http(s) URI with a host, else null */
    private static URI absolute(String text) {
        try {
            URI u = new URI(text);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && u.getHost() != null ? u : null;
        } catch (java.net.URISyntaxException | NullPointerException e) {
            return null;
        }
    }
}
