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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A server with one defect, for the sensitivity of a check: a proxy (JDK HttpServer) in front of a reference
 * service that passes everything through, except what its rule rewrites (the answer to some requests) and the
 * request headers it forces ({@link #ignoringTheCredential}).
 */
final class RewritingProxy implements AutoCloseable {
    private static final Set<String> HOP = Set.of("host", "content-length", "connection", "transfer-encoding");

    /**
     * An answer: the upstream's, or the rule's.
     *
     * @param status  the status
     * @param headers the headers (names as sent)
     * @param body    the body
     */
    record Answer(int status, Map<String, List<String>> headers, byte[] body) {
    }

    /** Rewrites an answer: given the request (method, path, whether it carried a credential) and upstream's answer. */
    @FunctionalInterface
    interface Rule {
        Answer rewrite(String method, String path, Map<String, List<String>> requestHeaders, Answer upstream);
    }

    private final HttpServer server;
    private final OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();
    private final String upstream;
    private final Map<String, String> forced;
    private final Rule rule;

    private RewritingProxy(String upstream, Map<String, String> forced, Rule rule) throws IOException {
        this.upstream = upstream.replaceAll("/$", "");
        this.forced = forced;
        this.rule = rule;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    static RewritingProxy start(String upstream, Rule rule) throws IOException {
        return new RewritingProxy(upstream, Map.of(), rule);
    }

    /**
     * The defect {@code ignored_auth} is for: whatever {@code Authorization} a request has, or none, it reaches the
     * service with the right token, so every secured operation answers as if the caller had it.
     *
     * @param upstream the service's base URL
     * @param token    the bearer token it requires, which the proxy sends for everyone
     */
    static RewritingProxy ignoringTheCredential(String upstream, String token) throws IOException {
        return new RewritingProxy(upstream, Map.of("Authorization", "Bearer " + token),
                (method, path, headers, answer) -> answer);
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String path = ex.getRequestURI().getRawPath();
        String pathAndQuery = path + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery());
        byte[] in;
        try (InputStream body = ex.getRequestBody()) {
            in = body.readAllBytes();
        }
        Request.Builder b = new Request.Builder().url(upstream + pathAndQuery);
        Map<String, List<String>> requestHeaders = new LinkedHashMap<>();
        ex.getRequestHeaders().forEach((name, values) -> {
            requestHeaders.put(name.toLowerCase(Locale.ROOT), values);
            if (!HOP.contains(name.toLowerCase(Locale.ROOT)) && forced.keySet().stream().noneMatch(name::equalsIgnoreCase)) {
                values.forEach(v -> b.addHeader(name, v));
            }
        });
        forced.forEach(b::header);
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        boolean hasBody = !method.equals("GET") && !method.equals("HEAD");
        b.method(method, hasBody ? RequestBody.create(in, type == null ? null : MediaType.parse(type)) : null);
        Answer answer;
        try (Response r = client.newCall(b.build()).execute()) {
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (String name : r.headers().names()) {
                if (!Set.of("content-length", "transfer-encoding", "connection").contains(name.toLowerCase(Locale.ROOT))) {
                    headers.put(name, r.headers(name));
                }
            }
            answer = new Answer(r.code(), headers, r.body() == null ? new byte[0] : r.body().bytes());
        }
        answer = rule.rewrite(method, path, requestHeaders, answer);
        answer.headers().forEach((name, values) -> values.forEach(v -> ex.getResponseHeaders().add(name, v)));
        ex.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(answer.body());
        }
    }

    @Override
    public void close() {
        server.stop(0);
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
