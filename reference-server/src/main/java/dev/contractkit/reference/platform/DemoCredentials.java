package dev.contractkit.reference.platform;

import dev.contractkit.specs.Api;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The documented demo credentials (forms key, codehost tokens, coupon users) are for a server that only this
 * machine reaches. A module refuses to start while its demo credential is in effect and the server is set up to be
 * reached from elsewhere: a {@code KIT_HOST} that is not loopback, a public URL ({@code KIT_PUBLIC_URL},
 * {@code KIT_<API>_PUBLIC_URL}) or trusted proxies ({@code KIT_TRUSTED_PROXIES}), the set-up docs/security.md gives
 * for nginx, {@code ssh -R} or a tunnel. A loopback server behind a proxy nobody told it about is caught per
 * request ({@link #indirect}): a demo credential in a request that came through a proxy or a tunnel is refused.
 *
 * <pre>{@code
 * DemoCredentials.refuseWhenExposed(settings, () -> keys.contains(DEMO_KEY) ? List.of(DEMO_KEY) : List.of(),
 *         "forms API key", "KIT_FORMS_API_KEYS");
 * }</pre>
 */
public final class DemoCredentials {
    /** Headers a proxy or a tunnel adds (nginx, Apache, HAProxy, ngrok, cloudflared, Caddy...). */
    private static final List<HeaderName> PROXY_HEADERS = List.of(HeaderNames.FORWARDED, HeaderNames.X_FORWARDED_FOR,
            HeaderNames.X_FORWARDED_HOST, HeaderNames.X_FORWARDED_PROTO, HeaderNames.X_FORWARDED_PORT,
            HeaderNames.X_FORWARDED_PREFIX, HeaderNames.create("X-Real-IP"), HeaderNames.VIA,
            HeaderNames.create("CF-Connecting-IP"), HeaderNames.create("True-Client-IP"));

    private DemoCredentials() {
    }

    /**
     * @param host a bind address or host name
     * @return whether it is a loopback address (127.0.0.0/8, ::1, or a name that resolves to one)
     */
    public static boolean loopback(String host) {
        try {
            return InetAddress.getByName(host.trim()).isLoopbackAddress();
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    /**
     * @param settings the server's settings
     * @return why the server is set up to be reached from other machines (the setting, for a message), or empty
     *         for a loopback server without proxy settings
     */
    static Optional<String> exposure(Settings settings) {
        String host = settings.text("host");
        if (!loopback(host)) {
            return Optional.of("KIT_HOST=" + host + " is not a loopback address");
        }
        if (settings.get("trusted-proxies").isPresent()) {
            return Optional.of("KIT_TRUSTED_PROXIES is set (the server runs behind a proxy)");
        }
        if (settings.get("public-url").isPresent()) {
            return Optional.of("KIT_PUBLIC_URL is set (clients reach the server through a proxy or a tunnel)");
        }
        for (Api api : Api.values()) {
            String key = api.id() + ".public-url";
            if (settings.get(key).isPresent()) {
                return Optional.of(Settings.envName(key) + " is set (clients reach the server through a proxy or a tunnel)");
            }
        }
        return Optional.empty();
    }

    /**
     * @param settings the server's settings ({@code host}, {@code trusted-proxies}, {@code public-url},
     *                 {@code <api>.public-url})
     * @param inUse    the demo credentials still in effect (asked only when the server is exposed)
     * @param what     what they are, e.g. "forms API key"
     * @param setting  what to set instead, e.g. "KIT_FORMS_API_KEYS"
     * @throws IllegalStateException when the server is set up to be reached from elsewhere and a demo credential is
     *                               in use
     */
    public static void refuseWhenExposed(Settings settings, Supplier<? extends Collection<String>> inUse, String what,
                                         String setting) {
        Optional<String> exposure = exposure(settings);
        if (exposure.isEmpty()) {
            return;
        }
        Collection<String> demo = inUse.get();
        if (!demo.isEmpty()) {
            boolean bind = exposure.get().startsWith("KIT_HOST=");
            throw new IllegalStateException(exposure.get() + ", but the demo " + what + " (" + String.join(", ", demo)
                    + ") would be accepted: anyone who can reach the server knows it from the README. Set " + setting
                    + " to your own secret, or " + (bind ? "bind to 127.0.0.1." : "run the demo on loopback without "
                    + "the proxy settings (KIT_PUBLIC_URL, KIT_<API>_PUBLIC_URL, KIT_TRUSTED_PROXIES)."));
        }
    }

    /**
     * Whether a request may come from another machine although the server binds loopback: it came from a peer
     * that is not loopback, from a trusted proxy, carries a header a proxy or tunnel adds ({@code Forwarded},
     * {@code X-Forwarded-*}, {@code X-Real-IP}, {@code Via}, ...), or names a host other than {@code localhost},
     * {@code *.localhost} or a loopback address ({@code ssh -R} passes the remote name on). A client on this machine
     * that sends such a header only refuses the demo credentials to itself.
     *
     * @param req the request
     * @return why, for the message; empty for a request straight from this machine
     */
    public static Optional<String> indirect(ServerRequest req) {
        if (!(req.remotePeer().address() instanceof InetSocketAddress peer) || peer.getAddress() == null
                || !peer.getAddress().isLoopbackAddress()) {
            return Optional.of("it came from another machine");
        }
        if (PublicUrl.of(req).fromTrustedProxy(req)) {
            return Optional.of("it came through a trusted proxy (KIT_TRUSTED_PROXIES)");
        }
        for (HeaderName h : PROXY_HEADERS) {
            if (req.headers().contains(h)) {
                return Optional.of("it carries " + h.defaultCase() + ", which a proxy or a tunnel adds");
            }
        }
        String header = req.headers().first(HeaderNames.HOST).orElse("");
        Boolean known = LOCAL_HOSTS.get(header);
        boolean local = known != null ? known : local(header);
        return local ? Optional.empty() : Optional.of("it names the host '" + hostOf(header)
                + "', not localhost or a loopback address, as a request through a proxy or a tunnel does");
    }

    /** {@code Host} values already judged (a client sends the same few on every request), at most 256. */
    private static final ConcurrentHashMap<String, Boolean> LOCAL_HOSTS = new ConcurrentHashMap<>();

    private static boolean local(String hostHeader) {
        String host = hostOf(hostHeader);
        boolean local = host.equals("localhost") || host.endsWith(".localhost")
                || AllowedHosts.isIpLiteral(host) && loopback(host);
        if (LOCAL_HOSTS.size() < 256) {
            LOCAL_HOSTS.put(hostHeader, local);
        }
        return local;
    }

    private static String hostOf(String hostHeader) {
        return AllowedHosts.hostOnly(hostHeader.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * Refuses a demo credential in a request that did not come straight from this machine ({@link #indirect}).
     *
     * @param req     the request
     * @param demo    whether the request's credential is a demo one
     * @param what    what it is, e.g. "forms API key"
     * @param setting what to set instead, e.g. "KIT_FORMS_API_KEYS"
     * @throws ApiError 401 saying why and what to set
     */
    public static void refuseIndirect(ServerRequest req, boolean demo, String what, String setting) {
        if (!demo) {
            return;
        }
        Optional<String> why = indirect(req);
        if (why.isPresent()) {
            throw ApiError.unauthorized(message(what, why.get(), setting));
        }
    }

    /**
     * @return the message for a demo credential refused in a request that came through a proxy or a tunnel
     */
    public static String message(String what, String why, String setting) {
        return "the demo " + what + " is accepted only in requests made on this machine, and this one is not: " + why
                + ". Set " + setting + " to your own secret on a server others can reach.";
    }
}
