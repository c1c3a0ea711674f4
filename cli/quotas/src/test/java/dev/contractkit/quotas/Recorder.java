package dev.contractkit.quotas;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A local HTTP listener on loopback that records every request (line, headers, body) and answers as told. */
final class Recorder implements AutoCloseable {
    /** @param status the answer's status @param body its JSON body @param location a Location header, or null */
    record Answer(int status, String body, String location) {
    }

    private final HttpServer server;
    final List<String> requests = new CopyOnWriteArrayList<>();

    Recorder(Function<String, Answer> answers) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> answer(exchange, answers));
        server.start();
    }

    private void answer(HttpExchange exchange, Function<String, Answer> answers) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + exchange.getRequestHeaders() + " " + body);
        Answer a = answers.apply(exchange.getRequestURI().getPath());
        byte[] out = a.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        if (a.location() != null) {
            exchange.getResponseHeaders().set("Location", a.location());
        }
        exchange.sendResponseHeaders(a.status(), out.length == 0 ? -1 : out.length);
        exchange.getResponseBody().write(out);
        exchange.close();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
