package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;

/** A tiny JSON-over-HTTP helper for the exec and runtime tests (real sockets). */
final class ExecHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Set<String> TERMINAL = Set.of("success", "failed", "cancelled", "skipped");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final String base;

    ExecHttp(String base) {
        this.base = base;
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
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
            b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            if (body != null) {
                b.header("Content-Type", "application/json");
            }
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), r.body().isEmpty() ? JSON.nullNode() : JSON.readTree(r.body()));
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + ": " + e, e);
        }
    }

    /** Polls a task until its status is one of {@code wanted} (at most 20 s); returns it. */
    JsonNode awaitStatus(String id, Set<String> wanted) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        JsonNode task = get("/tasks/" + id).body();
        while (!wanted.contains(task.path("status").asText()) && System.nanoTime() < until) {
            Thread.sleep(20);
            task = get("/tasks/" + id).body();
        }
        return task;
    }

    JsonNode awaitTerminal(String id) throws InterruptedException {
        return awaitStatus(id, TERMINAL);
    }
}
