package dev.contractkit.conformance;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A real HTTP server (JDK {@code HttpServer} on loopback) whose answers a test writes as a function of the request:
 * for the small documents of {@link OpenApiToTheLetterTest} and {@link DocumentProblemsTest}. It keeps every
 * request it saw.
 */
final class ScriptedServer implements AutoCloseable {
    /** A request as the script sees it: method, raw path, raw query (or empty), headers, body. */
    record Request(String method, String path, String query, com.sun.net.httpserver.Headers headers, String body) {
        String header(String name) {
            String v = headers.getFirst(name);
            return v == null ? "" : v;
        }
    }

    /** An answer: status, Content-Type (empty: none), body (empty: none) and other headers. */
    record Answer(int status, String contentType, String body, Map<String, String> headers) {
        Answer(int status, String contentType, String body) {
            this(status, contentType, body, Map.of());
        }

        /** 405 with the {@code Allow} header that says what the path takes. */
        static Answer notAllowed(String allow) {
            return new Answer(405, "", "", Map.of("Allow", allow));
        }

        static Answer json(int status, String body) {
            return new Answer(status, "application/json", body);
        }

        static Answer empty(int status) {
            return new Answer(status, "", "");
        }
    }

    private final HttpServer server;
    final List<Request> seen = Collections.synchronizedList(new ArrayList<>());

    ScriptedServer(Function<Request, Answer> script) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", ex -> answer(ex, script));
        server.start();
    }

    private void answer(HttpExchange ex, Function<Request, Answer> script) throws IOException {
        Request r = new Request(ex.getRequestMethod(), ex.getRequestURI().getRawPath(),
                ex.getRequestURI().getRawQuery() == null ? "" : ex.getRequestURI().getRawQuery(),
                ex.getRequestHeaders(), new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        seen.add(r);
        Answer a = script.apply(r);
        byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
        a.headers().forEach(ex.getResponseHeaders()::add);
        if (!a.contentType().isEmpty()) {
            ex.getResponseHeaders().add("Content-Type", a.contentType());
        }
        boolean none = body.length == 0 || r.method().equals("HEAD");
        ex.sendResponseHeaders(a.status(), none ? -1 : body.length);
        if (!none) {
            ex.getResponseBody().write(body);
        }
        ex.close();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
