package dev.contractkit.conformance;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Set;

/**
 * A server with one defect, for the sensitivity of {@code ignored_auth}: a proxy (JDK HttpServer) in front of a
 * reference service that ignores the caller's credential. Whatever {@code Authorization} a request has, or none, it
 * reaches the service with the right kit token, so every secured operation answers as if the caller had it.
 */
final class TokenIgnoringProxy implements AutoCloseable {
    private static final Set<String> HOP = Set.of("host", "content-length", "connection", "transfer-encoding", "authorization");

    private final HttpServer server;
    private final OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();
    private final String upstream;
    private final String bearer;

    private TokenIgnoringProxy(String upstream, String token) throws IOException {
        this.upstream = upstream.replaceAll("/$", "");
        this.bearer = "Bearer " + token;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /**
     * @param upstream the service's base URL
     * @param token    the token it requires, which the proxy sends for everyone
     * @return the running proxy
     * @throws IOException when it cannot listen
     */
    static TokenIgnoringProxy start(String upstream, String token) throws IOException {
        return new TokenIgnoringProxy(upstream, token);
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String pathAndQuery = ex.getRequestURI().getRawPath()
                + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery());
        byte[] in;
        try (InputStream body = ex.getRequestBody()) {
            in = body.readAllBytes();
        }
        Request.Builder b = new Request.Builder().url(upstream + pathAndQuery).header("Authorization", bearer);
        ex.getRequestHeaders().forEach((name, values) -> {
            if (!HOP.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(v -> b.addHeader(name, v));
            }
        });
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        boolean hasBody = !method.equals("GET") && !method.equals("HEAD");
        b.method(method, hasBody ? RequestBody.create(in, type == null ? null : MediaType.parse(type)) : null);
        try (Response r = client.newCall(b.build()).execute()) {
            byte[] out = r.body() == null ? new byte[0] : r.body().bytes();
            for (String name : r.headers().names()) {
                if (!Set.of("content-length", "transfer-encoding", "connection").contains(name.toLowerCase(Locale.ROOT))) {
                    r.headers(name).forEach(v -> ex.getResponseHeaders().add(name, v));
                }
            }
            ex.sendResponseHeaders(r.code(), out.length == 0 ? -1 : out.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(out);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
