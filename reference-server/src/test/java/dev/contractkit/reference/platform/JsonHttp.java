package dev.contractkit.reference.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.awaitility.Awaitility;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * JSON over a real socket for the tests that drive a service through its own API (the exec and runtime tests, the
 * provider states of the Pact tests). Every call sends the bearer token it was made with, if any.
 */
public class JsonHttp {
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final String base;
    private final String token;

    /**
     * @param base  the service's base URL
     * @param token the bearer token every call sends (the kit token of exec, runtime and agent), or null for none
     */
    public JsonHttp(String base, String token) {
        this.base = base;
        this.token = token;
    }

    /** A status and its JSON body (a text node when the body is not JSON, null when empty). */
    public record Reply(int status, JsonNode body) {
    }

    public Reply get(String path) {
        return send("GET", path, null);
    }

    public Reply post(String path, String body) {
        return send("POST", path, body);
    }

    public Reply delete(String path) {
        return send("DELETE", path, null);
    }

    public Reply send(String method, String path, String body) {
        return send(method, path, body, body == null ? Map.of() : Map.of("Content-Type", "application/json"));
    }

    /** Sends exactly these headers (plus the token, when this helper has one). */
    public Reply send(String method, String path, String body, Map<String, String> headers) {
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

    /**
     * Reads {@code path} until {@code done} holds (at most 20 s): the state a test waits for.
     *
     * @return the body that satisfied it
     */
    public JsonNode await(String path, Predicate<JsonNode> done) {
        return Awaitility.await(path).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(20))
                .until(() -> get(path).body(), done);
    }

    /** @return a body whose {@code status} is one of these */
    public static Predicate<JsonNode> status(String... wanted) {
        Set<String> set = Set.of(wanted);
        return body -> set.contains(body.path("status").asText());
    }
}
