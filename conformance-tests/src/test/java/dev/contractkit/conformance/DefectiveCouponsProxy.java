package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A coupons server with one defect: a proxy (JDK HttpServer) in front of the coupons reference server that
 * spoils what the new checks look at. HTTP only; WebSocket upgrades are not proxied.
 */
final class DefectiveCouponsProxy implements AutoCloseable {
    enum Defect {
        /** Drops X-RateLimit-Limit/Remaining/Reset. */
        NO_RATE_LIMIT_HEADERS,
        /** Drops the Link header of paged lists. */
        NO_LINK_HEADER,
        /** Accepts admin writes from users without the admin role (403 becomes 200). */
        NO_ROLE_CHECK,
        /** A delete removes the coupon: reading it afterwards answers 404. */
        HARD_DELETE,
        /** Drops the X-Request-Id header the contract requires on every response. */
        NO_REQUEST_ID,
        /** A coupon created through the proxy is not readable yet: reading it answers 404. */
        CREATED_NOT_READABLE,
        /** An update answers 200 but changes nothing (the proxy swallows it). */
        UPDATE_IGNORED,
        /** Link URLs lose their path (the server root, as issue 20 found): following them answers 404. */
        LINK_TO_SERVER_ROOT,
        /** Link URLs point at another origin (the server's internal address behind a proxy). */
        LINK_TO_ANOTHER_ORIGIN,
        /** Pages after the first answer 404 although the links point at them. */
        LATER_PAGES_MISSING
    }

    private final HttpServer server;
    private final OkHttpClient client = new OkHttpClient.Builder().followRedirects(false).build();
    private final String upstream;
    private final Set<Defect> defects;
    private final Set<String> deleted = ConcurrentHashMap.newKeySet();
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    private DefectiveCouponsProxy(String upstream, Set<Defect> defects) throws IOException {
        this.upstream = upstream.replaceAll("/$", "");
        this.defects = defects;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    static DefectiveCouponsProxy start(String upstream, Defect... defects) throws IOException {
        return new DefectiveCouponsProxy(upstream, defects.length == 0 ? EnumSet.noneOf(Defect.class)
                : EnumSet.of(defects[0], defects));
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
        String path = ex.getRequestURI().getRawPath();
        String query = ex.getRequestURI().getRawQuery() == null ? "" : ex.getRequestURI().getRawQuery();
        if (defects.contains(Defect.LATER_PAGES_MISSING) && method.equals("GET") && path.equals("/api/v1/coupons")
                && query.matches("(.*&)?offset=[1-9].*")) {
            reply(ex, 404, "application/json", ("{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"no such page\","
                    + "\"timestamp\":\"2026-01-01T00:00:00Z\",\"request_id\":\"r\"}}").getBytes());
            return;
        }
        boolean readsCreated = method.equals("GET") && path.startsWith("/api/v1/coupons/")
                && created.contains(path.substring(path.lastIndexOf('/') + 1));
        if (defects.contains(Defect.CREATED_NOT_READABLE) && readsCreated
                || defects.contains(Defect.HARD_DELETE) && method.equals("GET") && path.startsWith("/api/v1/coupons/")
                && deleted.contains(path.substring(path.lastIndexOf('/') + 1))) {
            reply(ex, 404, "application/json", ("{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"gone\","
                    + "\"timestamp\":\"2026-01-01T00:00:00Z\",\"request_id\":\"r\"}}").getBytes());
            return;
        }
        Request.Builder b = new Request.Builder().url(upstream + pathAndQuery);
        ex.getRequestHeaders().forEach((name, values) -> {
            String n = name.toLowerCase(Locale.ROOT);
            if (!Set.of("host", "content-length", "connection", "transfer-encoding").contains(n)) {
                values.forEach(v -> b.addHeader(name, v));
            }
        });
        // a well-behaved proxy says where the client reached it (the server trusts loopback proxies)
        String host = ex.getRequestHeaders().getFirst("Host");
        if (host != null) {
            b.header("X-Forwarded-Host", host);
            b.header("X-Forwarded-Proto", "http");
        }
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        if (defects.contains(Defect.UPDATE_IGNORED) && method.equals("PUT") && path.startsWith("/write/v1/coupons/")) {
            // answers 200 with the coupon as it is: the update never reaches the server
            try (Response r = client.newCall(new Request.Builder()
                    .url(upstream + "/api/v1/coupons/" + path.substring(path.lastIndexOf('/') + 1)).build()).execute()) {
                r.headers().names().stream().filter(n -> n.toLowerCase(Locale.ROOT).startsWith("x-"))
                        .forEach(n -> ex.getResponseHeaders().add(n, r.header(n)));
                reply(ex, r.code(), "application/json", r.body().bytes());
                return;
            }
        }
        boolean hasBody = !method.equals("GET") && !method.equals("HEAD");
        b.method(method, hasBody ? RequestBody.create(in, type == null ? null : MediaType.parse(type)) : null);
        try (Response r = client.newCall(b.build()).execute()) {
            byte[] out = r.body() == null ? new byte[0] : r.body().bytes();
            int status = r.code();
            if (defects.contains(Defect.NO_ROLE_CHECK) && status == 403) {
                status = 200;
            }
            if (method.equals("POST") && path.equals("/write/v1/coupons") && status == 201) {
                created.add(new ObjectMapper().readTree(out).path("id").asText());
            }
            if (defects.contains(Defect.HARD_DELETE) && method.equals("DELETE") && status == 200) {
                deleted.add(path.substring(path.lastIndexOf('/') + 1));
            }
            for (String name : r.headers().names()) {
                String n = name.toLowerCase(Locale.ROOT);
                boolean dropped = Set.of("content-length", "transfer-encoding", "connection").contains(n)
                        || defects.contains(Defect.NO_RATE_LIMIT_HEADERS) && n.startsWith("x-ratelimit-")
                        || defects.contains(Defect.NO_LINK_HEADER) && n.equals("link")
                        || defects.contains(Defect.NO_REQUEST_ID) && n.equals("x-request-id");
                if (!dropped) {
                r.headers(name).forEach(v -> ex.getResponseHeaders().add(name, n.equals("link") ? spoil(v) : v));
                }
            }
            reply(ex, status, null, out);
        }
    }

    /** The link defects: {@code <http://host:port/path?query>} loses its path, or moves to another origin. */
    private String spoil(String link) {
        if (defects.contains(Defect.LINK_TO_SERVER_ROOT)) {
            return link.replaceAll("<(https?://[^/>]+)/[^?>]*\\?", "<$1/?");
        }
        if (defects.contains(Defect.LINK_TO_ANOTHER_ORIGIN)) {
            return link.replaceAll("<https?://[^/>]+/", "<http://coupons.internal.example:8082/");
        }
        return link;
    }

    private static void reply(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        if (type != null) {
            ex.getResponseHeaders().set("Content-Type", type);
        }
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
