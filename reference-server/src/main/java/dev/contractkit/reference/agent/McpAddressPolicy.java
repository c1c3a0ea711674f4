package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.AddressPolicy;
import dev.contractkit.reference.platform.Settings;
import io.modelcontextprotocol.util.Utils;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * Where a run may connect to a registered MCP server: the platform's {@link AddressPolicy} (the classifier exec's
 * {@code os.http} uses) with the setting {@code agent.mcp-allow} ({@code KIT_AGENT_MCP_ALLOW}: address blocks
 * such as {@code 127.0.0.0/8}, IP addresses, host names or {@code *}, comma-separated). By default only public
 * addresses, so that registering an MCP server cannot make the agent call services on its own machine or network.
 *
 * <p>The check is made on the URI the MCP transport will request, not on the URL's text: the transport resolves
 * the endpoint against {@code scheme://authority}, and a path starting with {@code //} would be read as another
 * authority ({@code http://203.0.113.9//127.0.0.1:8080/x} requests {@code 127.0.0.1:8080}), so such paths are
 * refused and the resolved URI must keep the checked host and port. The addresses are resolved once, here; the
 * connection goes to them ({@link PinnedHttpClient}), never to the name again.
 */
final class McpAddressPolicy {
    static final String SETTING = "agent.mcp-allow";

    /**
     * A checked MCP endpoint.
     *
     * @param base      {@code scheme://authority}, what the transport resolves the endpoint against
     * @param endpoint  the raw path and query
     * @param uri       the URI the transport requests (base and endpoint resolved as the transport does)
     * @param addresses the checked addresses of the URI's host
     */
    record Target(String base, String endpoint, URI uri, List<InetAddress> addresses) {
        String scheme() {
            return uri.getScheme().toLowerCase(Locale.ROOT);
        }

        String host() {
            return uri.getHost();
        }

        int port() {
            return uri.getPort() > 0 ? uri.getPort() : scheme().equals("https") ? 443 : 80;
        }
    }

    private final AddressPolicy policy;

    McpAddressPolicy(Settings settings) {
        this.policy = AddressPolicy.from(settings, SETTING);
    }

    /**
     * @param url the MCP server's URL
     * @return where to connect
     * @throws IllegalArgumentException naming the address or the part of the URL when the agent may not connect
     */
    Target check(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the MCP server's URL is not a valid URL: " + e.getMessage());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.getRawAuthority() == null) {
            throw new IllegalArgumentException("the MCP server's URL must be an http or https URL with a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("the MCP server's URL may not carry a user name or password");
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (path.startsWith("//")) {
            throw new IllegalArgumentException("the MCP server's URL path may not start with '//' (it would name another host)");
        }
        String base = uri.getScheme() + "://" + uri.getRawAuthority();
        String endpoint = path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        URI requested = Utils.resolveUri(URI.create(base), endpoint); // what the transport will request
        if (!sameOrigin(uri, requested)) {
            throw new IllegalArgumentException("the MCP server's URL resolves to another host than it names");
        }
        try {
            return new Target(base, endpoint, requested, policy.resolve(requested.getHost()));
        } catch (AddressPolicy.Refused e) {
            throw new IllegalArgumentException("the MCP server's address " + e.getMessage());
        } catch (AddressPolicy.Unresolved e) {
            throw new IllegalArgumentException("the MCP server's host " + e.getMessage());
        }
    }

    /** @return true when both URIs have the same scheme, host and port (defaults filled in) */
    static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && b.getScheme() != null && a.getHost() != null && b.getHost() != null
                && a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost().equalsIgnoreCase(b.getHost())
                && port(a) == port(b);
    }

    private static int port(URI u) {
        return u.getPort() > 0 ? u.getPort() : u.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }
}
