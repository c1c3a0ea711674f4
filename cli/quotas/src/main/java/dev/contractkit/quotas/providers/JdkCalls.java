package dev.contractkit.quotas.providers;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link Calls} on the JDK's HTTP client, with a connect and a per-request time-out. Redirects are followed here
 * (at most {@value #MAX_REDIRECTS}, never from HTTPS to HTTP) rather than by the client, so a redirect cannot carry
 * the credential in clear text to another machine: one to plain HTTP off loopback fails the call. A redirect to
 * another origin (scheme, host or port) is followed without the credential, as browsers and curl do: only the
 * headers in {@link #CROSS_ORIGIN_HEADERS} go on, so {@code Authorization}, {@code Cookie}, API-key headers and
 * any other header a provider adds stay behind. If that origin then answers 401 or 403 the call fails saying so,
 * rather than reporting the credential as refused.
 */
final class JdkCalls implements Calls {
    static final int MAX_REDIRECTS = 5;
    /** The only headers (lower case) sent on after a redirect to another origin: none of them carries a credential. */
    static final Set<String> CROSS_ORIGIN_HEADERS = Set.of("user-agent", "accept", "content-type");
    private static final String PROXY_AUTHORIZATION = "Proxy-Authorization";
    private final HttpClient client;
    private final Duration timeout;
    private final String userAgent;
    private final Proxies proxies;

    JdkCalls(Duration timeout, String userAgent, Proxies proxies) {
        this.timeout = timeout;
        this.userAgent = userAgent;
        this.proxies = proxies;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
                .proxy(proxies).build();
    }

    @Override
    public Response get(String url, Map<String, String> headers) throws IOException, InterruptedException {
        return send(request(url, headers).GET());
    }

    @Override
    public Response post(String url, Map<String, String> headers, String jsonBody) throws IOException, InterruptedException {
        return send(request(url, headers).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(jsonBody)));
    }

    @Override
    public Response postForm(String url, Map<String, String> headers, String formBody) throws IOException, InterruptedException {
        return send(request(url, headers).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formBody)));
    }

    private HttpRequest.Builder request(String url, Map<String, String> headers) throws IOException {
        HttpRequest.Builder b;
        try {
            b = HttpRequest.newBuilder(URI.create(url));
        } catch (IllegalArgumentException e) {
            throw new IOException("bad base URL " + url + ": " + e.getMessage(), e);
        }
        b.timeout(timeout).header("User-Agent", userAgent);
        headers.forEach(b::header);
        return b;
    }

    /** The proxy's credentials go to the proxy only: on a request it carries, never on one that goes direct. */
    private HttpRequest viaProxy(HttpRequest request) throws IOException {
        proxies.check(request.uri());
        Optional<String> auth = proxies.authorization(request.uri());
        HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase(PROXY_AUTHORIZATION));
        auth.ifPresent(a -> b.header(PROXY_AUTHORIZATION, a));
        return b.build();
    }

    private Response send(HttpRequest.Builder b) throws IOException, InterruptedException {
        HttpRequest request = b.build();
        URI origin = request.uri();
        boolean stripped = false;
        for (int hops = 0; ; hops++) {
            request = viaProxy(request);
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 407) {
                throw new IOException("the proxy (" + proxies.proxyFor(request.uri()).map(a -> a.getHostString() + ":" + a.getPort()).orElse("?")
                        + ") asked for credentials (407): put them in the proxy URL, http://user:password@host:port");
            }
            Optional<String> location = r.headers().firstValue("Location");
            if (!isRedirect(r.statusCode()) || location.isEmpty() || hops == MAX_REDIRECTS) {
                if (stripped && (r.statusCode() == 401 || r.statusCode() == 403)) {
                    throw new IOException("redirected to another origin (" + request.uri() + "), which answered "
                            + r.statusCode() + " to the request without the credential: quotas sends a credential only "
                            + "to the origin of the base URL (" + originOf(origin) + ")");
                }
                return new Response(r.statusCode(), r.body());
            }
            URI next = request.uri().resolve(location.get().trim());
            boolean downgrade = "https".equalsIgnoreCase(request.uri().getScheme()) && "http".equalsIgnoreCase(next.getScheme());
            if (downgrade || PlainHttp.exposes(next.toString())) {
                throw new IOException("redirected to " + next + ": quotas does not send a credential over plain HTTP "
                        + "to another machine (nothing more was sent)");
            }
            boolean keepBody = r.statusCode() == 307 || r.statusCode() == 308;
            boolean crossOrigin = !originOf(next).equals(originOf(request.uri()));
            stripped |= crossOrigin;
            request = HttpRequest.newBuilder(request, (name, value) -> !crossOrigin
                            || CROSS_ORIGIN_HEADERS.contains(name.toLowerCase(Locale.ROOT))).uri(next)
                    .method(keepBody ? request.method() : "GET", keepBody
                            ? request.bodyPublisher().orElse(HttpRequest.BodyPublishers.noBody())
                            : HttpRequest.BodyPublishers.noBody()).build();
        }
    }

    /** @return scheme://host:port in lower case, with the scheme's default port filled in */
    static String originOf(URI uri) {
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("https") ? 443 : scheme.equals("http") ? 80 : -1;
        return scheme + "://" + String.valueOf(uri.getHost()).toLowerCase(Locale.ROOT) + ":" + port;
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }
}
