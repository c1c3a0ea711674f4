package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.awaitility.Awaitility.await;

/**
 * A tiny JSON-over-HTTP helper for the exec and runtime tests (real sockets). Every call sends the kit token the
 * tests start the server with ({@link #TOKEN}) unless told otherwise.
 */
final class ExecHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Set<String> TERMINAL = Set.of("success", "failed", "cancelled", "skipped");
    /** The kit token of the test servers ({@code Settings} key {@code token}). */
    static final String TOKEN = "test-kit-token";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final String base;
    private final String token;

    ExecHttp(String base) {
        this(base, TOKEN);
    }

    /** @param token the kit token to send, or null to send none */
    ExecHttp(String base, String token) {
        this.base = base;
        this.token = token;
    }

    record Reply(int status, JsonNode body) {
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply post(String path, String body) {
        return send("POST", path, body);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    Reply send(String method, String path, String body) {
        return send(method, path, body, body == null ? Map.of() : Map.of("Content-Type", "application/json"));
    }

    /** Sends exactly these headers (plus the token, when this helper has one). */
    Reply send(String method, String path, String body, Map<String, String> headers) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
            b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            headers.forEach(b::header);
            if (token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), parse(r.body()));
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + ": " + e, e);
        }
    }

    private static JsonNode parse(String text) {
        if (text.isEmpty()) {
            return JSON.nullNode();
        }
        try {
            return JSON.readTree(text);
        } catch (Exception notJson) {
            return JSON.getNodeFactory().textNode(text);
        }
    }

    /** Polls a task until its status is one of {@code wanted} (at most 20 s); returns it. */
    JsonNode awaitStatus(String id, Set<String> wanted) {
        return await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> get("/tasks/" + id).body(), t -> wanted.contains(t.path("status").asText()));
    }

    JsonNode awaitTerminal(String id) {
        return awaitStatus(id, TERMINAL);
    }
}
