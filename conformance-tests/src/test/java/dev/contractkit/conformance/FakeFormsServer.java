package dev.contractkit.conformance;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A small implementation of the forms contract on the JDK's HTTP server, conforming unless told to have
 * defects, so each test can show that one defect is caught by the check meant for it.
 */
final class FakeFormsServer implements AutoCloseable {
    static final String KEY = "fake-forms-key";
    private static final int FORMS = 3;

    /** One way to break the contract. */
    enum Defect {
        ID_AS_STRING, MISSING_TITLE, TEAPOT_FOR_MISSING_FORM, NO_AUTH_CHECK, SERVER_ERROR_ON_BAD_NUMBER,
        TEXT_PLAIN, ACCEPTS_COUNT_UP_TO_500, NOT_FOUND_FOR_UNDECLARED_METHOD, BARE_ERROR_BODY,
        REFUSES_MAXIMUM_COUNT, LINK_WITHOUT_NEXT,
        /** Answers HEAD like GET, content included ({@link HeadWithContentFront}). */
        CONTENT_ON_HEAD,
        /** Answers HEAD with 405 and the JSON error body along ({@link HeadWithContentFront}). */
        ERROR_BODY_ON_HEAD
    }

    private final HttpServer server;
    private final HeadWithContentFront front;
    private final Set<Defect> defects;
    private final List<String> requests = Collections.synchronizedList(new ArrayList<>());

    private FakeFormsServer(Set<Defect> defects) throws IOException {
        this.defects = defects.isEmpty() ? EnumSet.noneOf(Defect.class) : EnumSet.copyOf(defects);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
        int port = server.getAddress().getPort();
        this.front = has(Defect.CONTENT_ON_HEAD) ? HeadWithContentFront.before(port, "GET")
                : has(Defect.ERROR_BODY_ON_HEAD) ? HeadWithContentFront.before(port, "PATCH") : null;
    }

    static FakeFormsServer start(Defect... defects) throws IOException {
        return new FakeFormsServer(Set.of(defects));
    }

    String url() {
        return "http://127.0.0.1:" + (front == null ? server.getAddress().getPort() : front.port());
    }

    /** @return every request received, as {@code METHOD /path?query} */
    List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() {
        if (front != null) {
            front.close();
        }
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        String query = ex.getRequestURI().getRawQuery();
        requests.add(ex.getRequestMethod() + " " + path + (query == null ? "" : "?" + query));
        try (ex) {
            ex.getRequestBody().readAllBytes();
            if (!path.equals("/forms") && !path.matches("/forms/[^/]+")) {
                error(ex, 404, "NOT_FOUND", "no such path");
            } else if (!has(Defect.NO_AUTH_CHECK)
                    && !("Token token=" + KEY).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                error(ex, 401, "UNAUTHORIZED", "missing or invalid API key");
            } else if (!ex.getRequestMethod().equals("GET")) {
                if (has(Defect.NOT_FOUND_FOR_UNDECLARED_METHOD)) {
                    error(ex, 404, "NOT_FOUND", "no such route");
                } else {
                    ex.getResponseHeaders().add("Allow", "GET");
                    error(ex, 405, "METHOD_NOT_ALLOWED", "only GET");
                }
            } else if (path.equals("/forms")) {
                list(ex, query(query));
            } else {
                one(ex, path.substring("/forms/".length()));
            }
        }
    }

    private void list(HttpExchange ex, Map<String, String> query) throws IOException {
        long count;
        long offset;
        try {
            count = Long.parseLong(query.getOrDefault("count", "10"));
            offset = Long.parseLong(query.getOrDefault("offset", "0"));
        } catch (NumberFormatException e) {
            badNumber(ex);
            return;
        }
        long maxCount = has(Defect.ACCEPTS_COUNT_UP_TO_500) ? 500 : has(Defect.REFUSES_MAXIMUM_COUNT) ? 99 : 100;
        if (count < 1 || count > maxCount || offset < 0) {
            error(ex, 400, "INVALID_REQUEST", "count must be 1-100, offset at least 0");
            return;
        }
        String forms = IntStream.rangeClosed(1, FORMS).skip(Math.min(offset, FORMS)).limit(count)
                .mapToObj(this::form).collect(Collectors.joining(","));
        ex.getResponseHeaders().add("X-Total-Count", Integer.toString(FORMS)); // the contract requires it
        // paging links as the contract describes them: next while forms follow, last when there is one
        List<String> links = new ArrayList<>();
        if (offset + count < FORMS && !has(Defect.LINK_WITHOUT_NEXT)) {
            links.add("<" + url() + "/forms?count=" + count + "&offset=" + (offset + count) + ">; rel=\"next\"");
        }
        links.add("<" + url() + "/forms?count=" + count + "&offset=" + (FORMS - 1) / count * count + ">; rel=\"last\"");
        ex.getResponseHeaders().add("Link", String.join(", ", links));
        ok(ex, "{\"forms\":[" + forms + "]}");
    }

    private void one(HttpExchange ex, String raw) throws IOException {
        long id;
        try {
            id = Long.parseLong(raw);
        } catch (NumberFormatException e) {
            badNumber(ex);
            return;
        }
        if (id < 1) {
            error(ex, 400, "INVALID_REQUEST", "id must be at least 1");
        } else if (id > FORMS) {
            error(ex, has(Defect.TEAPOT_FOR_MISSING_FORM) ? 418 : 404, "NOT_FOUND", "form " + id + " not found");
        } else {
            ok(ex, "{\"form\":" + form((int) id) + "}");
        }
    }

    private void badNumber(HttpExchange ex) throws IOException {
        if (has(Defect.SERVER_ERROR_ON_BAD_NUMBER)) {
            error(ex, 500, "INTERNAL_ERROR", "NumberFormatException");
        } else {
            error(ex, 400, "INVALID_REQUEST", "not a number");
        }
    }

    private String form(int id) {
        return "{\"id\":" + (has(Defect.ID_AS_STRING) ? "\"" + id + "\"" : id)
                + (has(Defect.MISSING_TITLE) ? "" : ",\"title\":\"Form " + id + "\"")
                + ",\"access_token\":\"tok" + id + "\",\"currency\":\"usd\",\"payment_volume\":" + id * 1000
                + ",\"successful_checkout_count\":" + id + ",\"created_at\":\"2024-01-15T09:30:00Z\""
                + ",\"updated_at\":\"2024-06-01T12:00:00Z\"}";
    }

    private void ok(HttpExchange ex, String json) throws IOException {
        send(ex, 200, has(Defect.TEXT_PLAIN) ? "text/plain" : "application/json", json);
    }

    private void error(HttpExchange ex, int status, String code, String message) throws IOException {
        String body = has(Defect.BARE_ERROR_BODY) ? "{\"message\":\"" + message + "\"}"
                : "{\"error\":{\"code\":\"" + code + "\",\"message\":\"" + message + "\",\"request_id\":\"r-1\"}}";
        send(ex, status, "application/json", body);
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", type);
        if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(status, -1); // headers only (RFC 9110 9.3.2)
            return;
        }
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private boolean has(Defect d) {
        return defects.contains(d);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                out.put(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
