package dev.contractkit.reference.platform;

import io.helidon.common.socket.PeerInfo;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Where the absolute URLs a listener builds ({@code Link} headers) point: the request's own path and query,
 * under the origin clients reach the listener at. That origin is, in this order:
 * <ol>
 *   <li>the configured public URL: {@code KIT_<API>_PUBLIC_URL} (e.g. {@code KIT_COUPONS_PUBLIC_URL}), else
 *       {@code KIT_PUBLIC_URL} (every API behind one host); an {@code http(s)} URL whose path, if any, is put before
 *       the request's path (a proxy that strips a prefix);</li>
 *   <li>{@code X-Forwarded-Proto} / {@code X-Forwarded-Host} (the last value of each, the one the nearest proxy
 *       set), only when the direct peer is one of {@code KIT_TRUSTED_PROXIES} (IP addresses or CIDR ranges,
 *       comma-separated; default none) and the forwarded host is one the listener answers for
 *       ({@link AllowedHosts}); from anybody else they are ignored;</li>
 *   <li>the request itself: {@code https} on a TLS listener, else {@code http}, and its {@code Host}.</li>
 * </ol>
 */
public final class PublicUrl {
    private static final Exchange.Slot<PublicUrl> SLOT = Exchange.slot(PublicUrl.class);
    private static final HeaderName FORWARDED_PROTO = HeaderNames.create("X-Forwarded-Proto");
    private static final HeaderName FORWARDED_HOST = HeaderNames.create("X-Forwarded-Host");
    private static final HeaderName FORWARDED_FOR = HeaderNames.create("X-Forwarded-For");
    private static final Pattern AUTHORITY = Pattern.compile(
            "(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\\[[0-9A-Fa-f:.]+])(?::[0-9]{1,5})?");
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final PublicUrl FROM_REQUEST = new PublicUrl(Optional.empty(), List.of(), null);

    private final Optional<String> configured;
    private final List<Range> trusted;
    private final Predicate<String> allowedHost;

    private PublicUrl(Optional<String> configured, List<Range> trusted, Predicate<String> allowedHost) {
        this.configured = configured;
        this.trusted = trusted;
        this.allowedHost = allowedHost;
    }

    /**
     * @param settings the server settings ({@code <api>.public-url}, {@code public-url}, {@code trusted-proxies})
     * @param apiId    the API's id, e.g. {@code coupons}
     * @param allowedHost whether the listener answers for a {@code Host} value ({@link AllowedHosts#allowsHost}):
     *                    a forwarded host must pass it
     * @return the rule for that API's listener
     * @throws IllegalArgumentException naming the setting when a value is not valid
     */
    public static PublicUrl of(Settings settings, String apiId, Predicate<String> allowedHost) {
        String key = apiId + ".public-url";
        Optional<String> url = settings.get(key).map(v -> checked(v, Settings.envName(key)))
                .or(() -> settings.get("public-url").map(v -> checked(v, Settings.envName("public-url"))));
        List<Range> trusted = new ArrayList<>();
        for (String entry : settings.list("trusted-proxies")) {
            trusted.add(Range.parse(entry));
        }
        return new PublicUrl(url, List.copyOf(trusted), allowedHost);
    }

    /**
     * @param settings the server settings
     * @param apiIds   the ids of every API
     * @return the host names of every valid configured public URL (a listener answers for them; an invalid one
     *         is refused when its listener starts)
     */
    static List<String> configuredHosts(Settings settings, List<String> apiIds) {
        List<String> out = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        keys.add("public-url");
        apiIds.forEach(id -> keys.add(id + ".public-url"));
        for (String key : keys) {
            settings.get(key).flatMap(v -> {
                try {
                    return Optional.ofNullable(URI.create(checked(v, Settings.envName(key))).getHost());
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            })
                    .map(h -> h.startsWith("[") ? h.substring(1, h.length() - 1) : h)
                    .ifPresent(out::add);
        }
        return out;
    }

    /**
     * @param req a request of a listener started by {@link ApiServer}
     * @return that listener's rule (the request-derived one outside a listener)
     */
    public static PublicUrl of(ServerRequest req) {
        PublicUrl url = Exchange.get(req, SLOT);
        return url == null ? FROM_REQUEST : url;
    }

    /** Where the request's links point: its listener's rule ({@link ApiServer}). */
    static void register(ServerRequest req, PublicUrl url) {
        Exchange.of(req).set(SLOT, url);
    }

    /**
     * @param req the request
     * @return scheme, authority and path prefix clients reach this listener at, without a trailing slash,
     *         e.g. {@code https://api.example.com} or {@code https://example.com/kit}
     */
    public String base(ServerRequest req) {
        if (configured.isPresent()) {
            return configured.get();
        }
        String scheme = req.isSecure() ? "https" : "http";
        String authority = ownAuthority(req);
        if (fromTrustedProxy(req)) {
            Optional<String> proto = last(req, FORWARDED_PROTO).map(p -> p.toLowerCase(Locale.ROOT))
                    .filter(p -> p.equals("http") || p.equals("https"));
            Optional<String> host = last(req, FORWARDED_HOST)
                    .filter(h -> AUTHORITY.matcher(h).matches() && (allowedHost == null || allowedHost.test(h)));
            scheme = proto.orElse(scheme);
            authority = host.orElse(authority);
        }
        return scheme + "://" + authority;
    }

    /**
     * A link to another page of the list this request asked for: the request's own path and its query, with the
     * paging parameters replaced.
     *
     * @param req     the request
     * @param paging  the names of the paging parameters, e.g. {@code limit} and {@code offset}
     * @param page    the new paging parameters, already encoded, e.g. {@code limit=10&offset=20}
     * @return the absolute URL
     */
    public static String pageLink(ServerRequest req, Set<String> paging, String page) {
        StringBuilder query = new StringBuilder();
        String raw = req.query().rawValue();
        if (raw != null && !raw.isEmpty()) {
            for (String pair : raw.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                if (!paging.contains(name)) {
                    query.append(pair).append('&');
                }
            }
        }
        query.append(page);
        return of(req).base(req) + req.path().absolute().rawPath() + "?" + query;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /**
     * The client's address for per-address limits: the peer's, or, when the peer is a trusted proxy
     * ({@code KIT_TRUSTED_PROXIES}), the right-most {@code X-Forwarded-For} entry that is not itself a trusted proxy
     * (entries further left are whatever the client wrote). So every replica behind one proxy counts a client as
     * the same address, and a client cannot pick its own.
     *
     * @param req the request
     * @return the address as text
     */
    public static String clientAddress(ServerRequest req) {
        return of(req).client(req);
    }

    private String client(ServerRequest req) {
        String peer = req.remotePeer().address() instanceof InetSocketAddress a && a.getAddress() != null
                ? a.getAddress().getHostAddress() : String.valueOf(req.remotePeer().address());
        if (!fromTrustedProxy(req)) {
            return peer;
        }
        List<String> hops = new ArrayList<>();
        for (String header : req.headers().all(FORWARDED_FOR, List::of)) {
            for (String hop : header.split(",")) {
                hops.add(hop.trim());
            }
        }
        for (int i = hops.size() - 1; i >= 0; i--) {
            String hop = hops.get(i);
            // only literals (an IPv4 dotted quad, or IPv6 with a colon): getByName then never asks DNS
            if (!hop.matches("\\d{1,3}(\\.\\d{1,3}){3}") && !hop.matches("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) {
                return peer; // not an address: trust nothing further left
            }
            try {
                byte[] address = InetAddress.getByName(hop).getAddress();
                if (trusted.stream().noneMatch(r -> r.contains(address))) {
                    return hop;
                }
            } catch (UnknownHostException e) {
                return peer;
            }
        }
        return hops.isEmpty() ? peer : hops.get(0);
    }

    /** @return whether the direct peer is one of {@code KIT_TRUSTED_PROXIES} */
    boolean fromTrustedProxy(ServerRequest req) {
        if (trusted.isEmpty() || !(req.remotePeer().address() instanceof InetSocketAddress peer)
                || peer.getAddress() == null) {
            return false;
        }
        byte[] address = peer.getAddress().getAddress();
        return trusted.stream().anyMatch(r -> r.contains(address));
    }

    private static Optional<String> last(ServerRequest req, HeaderName name) {
        List<String> values = req.headers().all(name, List::of);
        if (values.isEmpty()) {
            return Optional.empty();
        }
        String v = values.get(values.size() - 1);
        int comma = v.lastIndexOf(',');
        String value = (comma < 0 ? v : v.substring(comma + 1)).trim();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private static String ownAuthority(ServerRequest req) {
        Optional<String> host = req.headers().first(HeaderNames.HOST).map(String::trim)
                .filter(h -> AUTHORITY.matcher(h).matches());
        if (host.isPresent()) {
            return host.get();
        }
        PeerInfo local = req.localPeer();
        String h = local.host();
        return (h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h) + ":" + local.port();
    }

    private static String checked(String url, String setting) {
        String u = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        try {
            URI uri = URI.create(u);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && uri.getRawQuery() == null
                    && uri.getRawFragment() == null && uri.getRawUserInfo() == null) {
                return u;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalArgumentException(setting + " must be an http(s) URL without query, fragment or user, "
                + "e.g. https://api.example.com; got '" + url + "'");
    }

    /** An address or a CIDR range of {@code KIT_TRUSTED_PROXIES}. */
    record Range(byte[] network, int bits) {
        static Range parse(String entry) {
            int slash = entry.indexOf('/');
            String address = slash < 0 ? entry : entry.substring(0, slash);
            String a = address.startsWith("[") && address.endsWith("]") ? address.substring(1, address.length() - 1)
                    : address;
            if (!IP_LITERAL.matcher(a).matches()) {
                throw invalid(entry);
            }
            byte[] bytes;
            try {
                bytes = InetAddress.getByName(a).getAddress(); // a literal: no name lookup
            } catch (UnknownHostException e) {
                throw invalid(entry);
            }
            int bits = bytes.length * 8;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(entry.substring(slash + 1));
                } catch (NumberFormatException e) {
                    throw invalid(entry);
                }
                if (bits < 0 || bits > bytes.length * 8) {
                    throw invalid(entry);
                }
            }
            return new Range(bytes, bits);
        }

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = bits / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = bits % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (address[full] & mask) == (network[full] & mask);
        }

        private static IllegalArgumentException invalid(String entry) {
            return new IllegalArgumentException("KIT_TRUSTED_PROXIES takes IP addresses or CIDR ranges "
                    + "(e.g. 127.0.0.1,10.0.0.0/8,::1), comma-separated; '" + entry + "' is not one");
        }
    }
}
