package dev.contractkit.quotas.providers;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code HTTPS_PROXY}, {@code HTTP_PROXY} and {@code NO_PROXY} (and their lower-case forms) for the vendor calls, with a
 * real proxy on a socket: a CONNECT tunnel for https, a forwarding proxy for http, and a fake vendor behind it.
 */
class ProxyTest {
    private static HttpServer vendor;
    private static final List<String> vendorSaw = Collections.synchronizedList(new ArrayList<>());
    private static TinyProxy proxy;

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws IOException {
        vendor = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        vendor.createContext("/api/oauth/usage", x -> {
            vendorSaw.add("Authorization=" + x.getRequestHeaders().getFirst("Authorization")
                    + " Proxy-Authorization=" + x.getRequestHeaders().getFirst("Proxy-Authorization"));
            byte[] body = "{\"five_hour\":{\"utilization\":42,\"resets_at\":\"2026-11-23T17:00:00Z\"}}".getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().add("Content-Type", "application/json");
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        vendor.start();
        proxy = new TinyProxy(vendor.getAddress().getPort());
    }

    @AfterAll
    static void stop() throws IOException {
        vendor.stop(0);
        proxy.close();
    }

    @BeforeEach
    void clear() {
        vendorSaw.clear();
        proxy.requests.clear();
    }

    private ProviderResult fetch(Map<String, String> vars) throws IOException {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", home.toString());
        Files.createDirectories(home.resolve(".claude"));
        Files.writeString(home.resolve(".claude/.credentials.json"), "{\"claudeAiOauth\":{\"accessToken\":\"oauth-token\"}}");
        Environment env = Environment.of(all);
        return Fetcher.create(env, BaseUrls.of(env, Map.of()), Duration.ofSeconds(3)).fetch(Provider.CLAUDE);
    }

    @Test
    void anHttpsVendorCallGoesThroughTheHttpsProxyAsATunnel() throws IOException {
        ProviderResult r = fetch(Map.of("HTTPS_PROXY", proxy.url()));
        assertThat(proxy.requests).singleElement().asString().startsWith("CONNECT api.anthropic.com:443 ");
        // the test proxy refuses the tunnel: the call fails rather than going direct
        assertThat(r).isInstanceOf(ProviderResult.NetworkError.class);
    }

    @Test
    void anHttpCallGoesThroughTheLowerCaseHttpProxyWhichGetsItsCredentialsAndNothingElse() throws IOException {
        // a stand-in may go over plain HTTP to another host: the proxy resolves vendor.test to the fake vendor
        ProviderResult r = fetch(Map.of("QUOTAS_STAND_IN_TOKEN", "stand-in",
                "QUOTAS_CLAUDE_BASE_URL", "http://vendor.test:" + vendor.getAddress().getPort(),
                "http_proxy", "http://kit:p%40ss@127.0.0.1:" + proxy.port(),
                "HTTP_PROXY", "http://127.0.0.1:9"));
        assertThat(r).isInstanceOf(ProviderResult.Available.class);
        assertThat(((ProviderResult.Available) r).windows()).singleElement().extracting(Window::label).isEqualTo("5h");
        assertThat(proxy.requests).singleElement().asString()
                .startsWith("GET http://vendor.test:" + vendor.getAddress().getPort() + "/api/oauth/usage ")
                .contains("Proxy-Authorization=Basic " + Base64.getEncoder().encodeToString("kit:p@ss".getBytes(StandardCharsets.UTF_8)));
        assertThat(vendorSaw).containsExactly("Authorization=Bearer stand-in Proxy-Authorization=null");
    }

    @Test
    void aProxyThatWantsCredentialsSaysSo() throws IOException {
        ProviderResult r = fetch(Map.of("QUOTAS_STAND_IN_TOKEN", "stand-in",
                "QUOTAS_CLAUDE_BASE_URL", "http://vendor.test:" + vendor.getAddress().getPort(), "HTTP_PROXY", proxy.url()));
        assertThat(((ProviderResult.NetworkError) r).message()).contains("asked for credentials (407)")
                .contains("http://user:password@host:port");
        assertThat(vendorSaw).isEmpty();
    }

    @Test
    void noProxyHostsAndLoopbackGoDirect() throws IOException {
        // NO_PROXY names the host: direct (and vendor.test does not resolve here, so the call fails without the proxy)
        ProviderResult direct = fetch(Map.of("HTTPS_PROXY", proxy.url(), "NO_PROXY", "example.org, .test",
                "QUOTAS_CLAUDE_BASE_URL", "https://vendor.test:1"));
        assertThat(direct).isInstanceOf(ProviderResult.NetworkError.class);
        assertThat(proxy.requests).isEmpty();

        // lower-case no_proxy with a port, and `*`
        fetch(Map.of("https_proxy", proxy.url(), "no_proxy", "api.anthropic.com:443", "QUOTAS_TIMEOUT", "1",
                "QUOTAS_CLAUDE_BASE_URL", "https://0.0.0.0:1"));
        fetch(Map.of("HTTPS_PROXY", proxy.url(), "NO_PROXY", "*", "QUOTAS_CLAUDE_BASE_URL", "https://0.0.0.0:1"));
        assertThat(proxy.requests).hasSize(1).allMatch(l -> l.startsWith("CONNECT 0.0.0.0:1 "));

        // a loopback vendor never goes through a proxy (the proxy's loopback is not this machine)
        ProviderResult local = fetch(Map.of("HTTP_PROXY", proxy.url(), "HTTPS_PROXY", proxy.url(),
                "QUOTAS_CLAUDE_BASE_URL", "http://127.0.0.1:" + vendor.getAddress().getPort()));
        assertThat(local).isInstanceOf(ProviderResult.Available.class);
        assertThat(proxy.requests).hasSize(1);
    }

    @Test
    void noProxyMatchesDomainsPortsAddressesAndRanges() {
        Proxies p = Proxies.of(Environment.of(Map.of("HTTPS_PROXY", "proxy:3128",
                "NO_PROXY", "corp.example,.internal, api.x.com:8443 10.0.0.0/8 192.168.1.7 [2001:db8::1] fd00::/8")));
        assertThat(p.proxyFor(URI.create("https://api.anthropic.com"))).hasValueSatisfying(a ->
                assertThat(a.getHostString() + ":" + a.getPort()).isEqualTo("proxy:3128"));
        for (String direct : List.of("https://corp.example", "https://git.corp.example", "https://a.internal",
                "https://api.x.com:8443", "https://10.2.3.4", "https://192.168.1.7", "https://[2001:db8::1]",
                "https://[fd00::5]", "https://localhost:8443", "https://127.0.0.1")) {
            assertThat(p.proxyFor(URI.create(direct))).as(direct).isEmpty();
        }
        for (String proxied : List.of("https://notcorp.example", "https://api.x.com", "https://11.0.0.1",
                "https://192.168.1.8", "https://internal.example")) {
            assertThat(p.proxyFor(URI.create(proxied))).as(proxied).isPresent();
        }
        // http URLs take HTTP_PROXY only
        assertThat(p.proxyFor(URI.create("http://vendor.test"))).isEmpty();
    }

    @Test
    void anUnsupportedProxyFailsTheCallInsteadOfGoingDirect() throws IOException {
        ProviderResult r = fetch(Map.of("HTTPS_PROXY", "socks5://kit:secret@127.0.0.1:" + proxy.port()));
        assertThat(((ProviderResult.NetworkError) r).message()).contains("HTTPS_PROXY=socks5://***@127.0.0.1")
                .contains("only http:// proxies are supported").doesNotContain("secret");
        assertThat(proxy.requests).isEmpty();
    }

    /**
     * A proxy on a socket: records each request line (and its {@code Proxy-Authorization}); refuses CONNECT with 403;
     * forwards an absolute-form request to the fake vendor when it carries credentials, else answers 407.
     */
    static final class TinyProxy implements AutoCloseable {
        final List<String> requests = Collections.synchronizedList(new ArrayList<>());
        private final ServerSocket server;
        private final int vendorPort;

        TinyProxy(int vendorPort) throws IOException {
            this.vendorPort = vendorPort;
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket s = server.accept();
                        Thread.ofVirtual().start(() -> serve(s));
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
        }

        int port() {
            return server.getLocalPort();
        }

        String url() {
            return "http://127.0.0.1:" + port();
        }

        private void serve(Socket client) {
            try (client) {
                InputStream in = client.getInputStream();
                String line = readLine(in);
                Map<String, String> headers = new HashMap<>();
                for (String h = readLine(in); !h.isEmpty(); h = readLine(in)) {
                    int colon = h.indexOf(':');
                    headers.put(h.substring(0, colon).trim().toLowerCase(), h.substring(colon + 1).trim());
                }
                String auth = headers.get("proxy-authorization");
                requests.add(line + " Proxy-Authorization=" + auth);
                OutputStream out = client.getOutputStream();
                if (line.startsWith("CONNECT ")) {
                    out.write("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    return;
                }
                if (auth == null) {
                    out.write(("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\n"
                            + "Content-Length: 0\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    return;
                }
                String[] parts = line.split(" ");
                URI target = URI.create(parts[1]);
                try (Socket upstream = new Socket(InetAddress.getLoopbackAddress(), vendorPort)) {
                    StringBuilder request = new StringBuilder(parts[0] + " " + target.getRawPath() + " HTTP/1.1\r\n");
                    headers.forEach((k, v) -> {
                        if (!k.startsWith("proxy-") && !k.equals("connection") && !k.equals("upgrade") && !k.equals("http2-settings")) {
                            request.append(k).append(": ").append(v).append("\r\n");
                        }
                    });
                    request.append("connection: close\r\n\r\n");
                    upstream.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
                    upstream.getInputStream().transferTo(out);
                }
            } catch (IOException ignored) {
                // the client went away
            }
        }

        private static String readLine(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                if (c != '\r') {
                    b.write(c);
                }
            }
            return b.toString(StandardCharsets.US_ASCII);
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
