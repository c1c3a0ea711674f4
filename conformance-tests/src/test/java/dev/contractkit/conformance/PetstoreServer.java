package dev.contractkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A hand-written implementation of the public petstore document ({@code v3.0-petstore.yaml}) and of the 3.1
 * {@code non-oauth-scopes} document, on a JDK HttpServer at a free port: correct, or deliberately broken (wrong
 * types, missing required fields, invalid input accepted, undeclared methods answered, authentication ignored,
 * an undeclared Content-Type).
 */
final class PetstoreServer implements AutoCloseable {
    static final Path OUTSIDE = Path.of(System.getProperty("user.dir"))
            .resolve("../specs/src/test/resources/contracts-outside/openapi").normalize();
    static final Path PETSTORE = OUTSIDE.resolve("v3.0-petstore.yaml");
    static final Path SCOPES = OUTSIDE.resolve("v3.1-non-oauth-scopes.yaml");
    static final String TOKEN = "petstore-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PET = Pattern.compile("/pets/[^/]+");

    private final HttpServer server;
    private final boolean broken;

    private PetstoreServer(boolean broken) throws IOException {
        this.broken = broken;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** @return a server that keeps both documents */
    static PetstoreServer correct() {
        return start(false);
    }

    /** @return a server that breaks both documents */
    static PetstoreServer broken() {
        return start(true);
    }

    private static PetstoreServer start(boolean broken) {
        try {
            return new PetstoreServer(broken);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            if (path.equals("/pets")) {
                if (method.equals("GET")) {
                    listPets(ex);
                } else if (method.equals("POST")) {
                    createPets(ex);
                } else {
                    notAllowed(ex, "GET, POST");
                }
            } else if (PET.matcher(path).matches()) {
                if (method.equals("GET")) {
                    send(ex, 200, "application/json", broken ? "{\"name\":\"Rex\"}" : "{\"id\":1,\"name\":\"Rex\"}");
                } else {
                    notAllowed(ex, "GET");
                }
            } else if (path.equals("/users")) {
                users(ex);
            } else {
                send(ex, 404, "application/json", "{\"code\":404,\"message\":\"no such path\"}");
            }
        }
    }

    private void listPets(HttpExchange ex) throws IOException {
        String limit = query(ex.getRequestURI().getRawQuery()).get("limit");
        if (!broken && limit != null && !validLimit(limit)) {
            send(ex, 400, "application/json", "{\"code\":400,\"message\":\"limit must be a whole number up to 100\"}");
            return;
        }
        send(ex, 200, "application/json", broken ? "[{\"id\":\"seven\",\"name\":7}]" : "[{\"id\":7,\"name\":\"Rex\"}]");
    }

    private static boolean validLimit(String limit) {
        try {
            return Integer.parseInt(limit) <= 100;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void createPets(HttpExchange ex) throws IOException {
        byte[] body = ex.getRequestBody().readAllBytes();
        if (broken) {
            send(ex, 201, "text/plain", "created");
            return;
        }
        String type = String.valueOf(ex.getRequestHeaders().getFirst("Content-Type"));
        if (!type.toLowerCase().startsWith("application/json")) {
            send(ex, 415, "application/json", "{\"code\":415,\"message\":\"send application/json\"}");
            return;
        }
        JsonNode pet;
        try {
            pet = JSON.readTree(body);
        } catch (IOException e) {
            pet = null;
        }
        if (pet == null || !pet.isObject() || !pet.path("id").isIntegralNumber() || !pet.path("id").canConvertToLong()
                || !pet.path("name").isTextual() || (pet.has("tag") && !pet.get("tag").isTextual())) {
            send(ex, 400, "application/json", "{\"code\":400,\"message\":\"a pet has an integer id and a name\"}");
            return;
        }
        ex.sendResponseHeaders(201, -1);
    }

    private void users(HttpExchange ex) throws IOException {
        if (!ex.getRequestMethod().equals("GET")) {
            notAllowed(ex, "GET");
            return;
        }
        if (!broken && !("Bearer " + TOKEN).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
            ex.getResponseHeaders().add("WWW-Authenticate", "Bearer");
            ex.sendResponseHeaders(401, -1);
            return;
        }
        send(ex, 200, "application/json", "[]");
    }

    private void notAllowed(HttpExchange ex, String allow) throws IOException {
        if (broken) {
            send(ex, 200, "application/json", "{}");
            return;
        }
        ex.getResponseHeaders().add("Allow", allow);
        send(ex, 405, "application/json", "{\"code\":405,\"message\":\"method not allowed\"}");
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", type);
        boolean head = ex.getRequestMethod().equals("HEAD");
        ex.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            ex.getResponseBody().write(bytes);
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            out.putIfAbsent(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

}
