package dev.contractkit.mock.netty;

import shaded_package.io.netty.handler.codec.http.FullHttpRequest;
import shaded_package.io.netty.handler.codec.http.HttpHeaderNames;
import shaded_package.io.netty.handler.codec.http.HttpMethod;
import shaded_package.io.netty.handler.codec.http.QueryStringDecoder;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import dev.contractkit.mock.http.ErrorReplies;
import dev.contractkit.mock.http.Reply;

/**
 * What every request to a mock listener must pass before anything answers it:
 * <ul>
 * <li>its {@code Host} names an allowed host (loopback names, the bound address, the machine's own addresses when
 * bound to every interface, and {@code --allowed-host} names), else 421: a DNS-rebinding page cannot reach it;</li>
 * <li>no WebSocket upgrade from a foreign {@code Origin} (403);</li>
 * <li>an origin-form target ({@code /path}): no {@code CONNECT}, no absolute URI (MockServer would proxy them);</li>
 * <li>the control plane ({@code /mockserver/...}, {@code /_mockserver...}) only when enabled (default: only on a
 * loopback bind), with the control token when one is set, and never from a foreign {@code Origin} (403: a page
 * elsewhere can neither change the mock nor read its request log through the dashboard's WebSocket).</li>
 * </ul>
 * Refusals are in the API's own error shape (the contract's example for the status, or its 400 example borrowed).
 */
public final class ListenerGuard {
    public static final String TOKEN_HEADER = "X-Mock-Control-Token";

    private final Set<String> allowedHosts;
    private final boolean anyHost;
    private final boolean controlPlane;
    private final byte[] token;
    private final long maxBodyBytes;
    private final Supplier<ErrorReplies> errors;

    /**
     * What the guard enforces, as the mock's options say it.
     *
     * @param host         the address the listener binds
     * @param allowedHosts further {@code Host} names ({@code --allowed-host}), {@code *} for any
     * @param controlPlane whether the control plane is served
     * @param controlToken the token every control-plane request must send, if one is set
     * @param maxBodyBytes the largest request body taken
     */
    public record Settings(String host, List<String> allowedHosts, boolean controlPlane, Optional<String> controlToken,
                           long maxBodyBytes) {
    }

    /** @param errors the API's error shape, built on first refusal */
    public ListenerGuard(Settings settings, Supplier<ErrorReplies> errors) {
        this.anyHost = settings.allowedHosts().contains("*");
        this.allowedHosts = allowed(settings);
        this.controlPlane = settings.controlPlane();
        this.token = settings.controlToken().map(t -> t.getBytes(StandardCharsets.UTF_8)).orElse(null);
        this.maxBodyBytes = settings.maxBodyBytes();
        this.errors = errors;
    }

    long maxBodyBytes() {
        return maxBodyBytes;
    }

    /** @return the refusal, or empty when the request may go on */
    Optional<Reply> check(FullHttpRequest request) {
        String uri = request.uri();
        if (request.method().equals(HttpMethod.CONNECT) || !uri.startsWith("/")) {
            return refuse(400, "the mock answers origin-form requests only (a path such as /forms/1), not '"
                    + request.method() + " " + uri + "': it is not a proxy");
        }
        String host = request.headers().get(HttpHeaderNames.HOST);
        if (!anyHost && (host == null || !allowedHost(host))) {
            return refuse(421, host == null ? "a Host header is required"
                    : "Host '" + host + "' is not a name of this mock; allowed: " + String.join(", ", allowedHosts.stream().sorted().toList())
                    + " (start it with --allowed-host <name> to add one)");
        }
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        boolean foreign = origin != null && !sameHostOrigin(origin);
        if (!isControlPlane(uri)) {
            // a WebSocket is opened across origins without CORS: a page elsewhere must not read the channels
            boolean upgrade = request.headers().get(HttpHeaderNames.UPGRADE, "").equalsIgnoreCase("websocket");
            return foreign && upgrade ? refuse(403, "a WebSocket from Origin '" + origin + "' is refused (not this mock's origin)")
                    : Optional.empty();
        }
        if (!controlPlane) {
            return refuse(403, "the control plane (/mockserver/...) is off because the mock is bound to a non-loopback "
                    + "address; start it with --control-plane --control-token <secret> to turn it on");
        }
        if (token != null && !MessageDigest.isEqual(token,
                request.headers().get(TOKEN_HEADER, "").getBytes(StandardCharsets.UTF_8))) {
            return refuse(403, "the control plane needs the header " + TOKEN_HEADER + " with the mock's control token");
        }
        // every method: a WebSocket (the dashboard's, /_mockserver_ui_websocket) is read across origins without CORS
        if (foreign) {
            return refuse(403, "a control-plane request from Origin '" + origin + "' is refused (not this mock's origin)");
        }
        return Optional.empty();
    }

    /** @return true for MockServer's and the kit's control endpoints, however the path is spelled */
    static boolean isControlPlane(String uri) {
        if (uri.indexOf('%') < 0) { // nothing percent-encoded: the path as sent, without a decoder per request
            int end = uri.length();
            for (int i = 0; i < uri.length(); i++) {
                char c = uri.charAt(i);
                if (c == '?' || c == '#') {
                    end = i;
                    break;
                }
            }
            return containsMockserver(uri, end);
        }
        String path;
        try {
            path = new QueryStringDecoder(uri).path();
        } catch (IllegalArgumentException e) {
            path = uri;
        }
        return path.toLowerCase(Locale.ROOT).contains("mockserver");
    }

    /** Whether {@code uri}'s first {@code end} characters contain "mockserver", ignoring case. */
    private static boolean containsMockserver(String uri, int end) {
        for (int i = 0; i + MOCKSERVER.length() <= end; i++) {
            if (uri.regionMatches(true, i, MOCKSERVER, 0, MOCKSERVER.length())) {
                return true;
            }
        }
        return false;
    }

    private static final String MOCKSERVER = "mockserver";

    Reply refusal(int status, String message) {
        return errors.get().reply(status, Optional.empty(), message);
    }

    private Optional<Reply> refuse(int status, String message) {
        return Optional.of(refusal(status, message));
    }

    private boolean sameHostOrigin(String origin) {
        try {
            URI u = URI.create(origin.trim());
            return u.getHost() != null && (anyHost || allowedHosts.contains(hostOnly(u.getHost())));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Whether a {@code Host} header names this mock. The verdicts on the header values seen are kept (a client
     * sends the same one on every request), up to {@link #SEEN_LIMIT} values.
     */
    private boolean allowedHost(String host) {
        Boolean known = seenHosts.get(host);
        if (known == null) {
            known = allowedHosts.contains(hostOnly(host));
            if (seenHosts.size() < SEEN_LIMIT) {
                seenHosts.put(host, known);
            }
        }
        return known;
    }

    private static final int SEEN_LIMIT = 256;
    private final Map<String, Boolean> seenHosts = new ConcurrentHashMap<>();

    /** {@code Example.COM:8081} -> {@code example.com}, {@code [::1]:8081} -> {@code [::1]} */
    static String hostOnly(String hostHeader) {
        String h = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        if (colon >= 0 && h.indexOf(':', colon + 1) >= 0) {
            return "[" + h + "]"; // a bare IPv6 address
        }
        h = colon < 0 ? h : h.substring(0, colon);
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    private static Set<String> allowed(Settings settings) {
        Set<String> out = new HashSet<>(Set.of("localhost", "127.0.0.1", "[::1]"));
        settings.allowedHosts().stream().filter(h -> !h.equals("*")).map(ListenerGuard::hostOnly).forEach(out::add);
        String bound = settings.host();
        out.add(hostOnly(bound.contains(":") && !bound.startsWith("[") ? "[" + bound + "]" : bound));
        try {
            InetAddress address = InetAddress.getByName(bound);
            if (address.isAnyLocalAddress()) { // every interface: each of the machine's own addresses is its name
                for (NetworkInterface n : NetworkInterface.networkInterfaces().toList()) {
                    n.inetAddresses().forEach(a -> out.add(literal(a)));
                }
            }
        } catch (UnknownHostException | SocketException e) {
            // the bind itself reports an unknown host
        }
        return Set.copyOf(out);
    }

    private static String literal(InetAddress a) {
        String s = a.getHostAddress();
        int zone = s.indexOf('%');
        s = zone < 0 ? s : s.substring(0, zone);
        return s.contains(":") ? "[" + s.toLowerCase(Locale.ROOT) + "]" : s;
    }

    /** @return true when the address to bind is loopback ({@code 127.0.0.1}, {@code ::1}, {@code localhost}) */
    public static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
