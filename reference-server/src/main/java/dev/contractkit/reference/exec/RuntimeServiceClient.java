package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The control plane's only way to the runtime service: HTTP at the configured runtime URL
 * ({@code runtime.yaml}), exactly as if it ran elsewhere, with {@code Authorization: Bearer <kit token>} (the
 * token {@code execcli} reads too: {@code KIT_TOKEN}, else {@code <data dir>/kit-token}).
 */
final class RuntimeServiceClient {
    private final String baseUrl;
    private final ObjectMapper mapper;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1) // no h2c upgrade POST (decisions: model calls over HTTP/1.1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    private final AtomicInteger queued = new AtomicInteger();

    RuntimeServiceClient(String baseUrl, ObjectMapper mapper, String token) {
        this.baseUrl = baseUrl;
        this.mapper = mapper;
        this.token = token;
    }

    String baseUrl() {
        return baseUrl;
    }

    /** @return how many of this control plane's runtime tasks wait in the runtime's queue now (shown on /health) */
    AtomicInteger queuedTasks() {
        return queued;
    }

    /** @return the status of {@code GET /readyz}, the same probe {@code execcli ensure-running} uses */
    int readiness() throws WorkFailed {
        return call("GET", "/readyz", null).statusCode();
    }

    JsonNode start(JsonNode request) throws WorkFailed {
        HttpResponse<String> res = call("POST", "/api/v1/tasks", request);
        if (res.statusCode() == 503) { // no slot and no queue room: a retry (after its back-off) may find room
            throw new WorkFailed("runtime_unavailable", "the runtime service at " + baseUrl + " accepts no work now: "
                    + res.body(), null);
        }
        return expect(res, 202, "start a task");
    }

    JsonNode get(String ref) throws WorkFailed {
        return expect(call("GET", "/api/v1/tasks/" + ref, null), 200, "read task " + ref);
    }

    JsonNode kill(String ref) throws WorkFailed {
        return expect(call("POST", "/api/v1/tasks/" + ref + "/kill", null), 200, "kill task " + ref);
    }

    private JsonNode expect(HttpResponse<String> res, int status, String what) throws WorkFailed {
        if (res.statusCode() != status) {
            throw new WorkFailed("runtime_error", "the runtime service at " + baseUrl + " could not " + what + ": HTTP "
                    + res.statusCode() + " " + res.body(), null);
        }
        try {
            return mapper.readTree(res.body());
        } catch (IOException e) {
            throw new WorkFailed("runtime_error", "the runtime service answered invalid JSON: " + e.getMessage(), null);
        }
    }

    private HttpResponse<String> call(String method, String path, JsonNode body) throws WorkFailed {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30))
                    .header("Authorization", "Bearer " + token);
            if (body == null) {
                b.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                b.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(mapper.writeValueAsString(body)));
            }
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            throw new WorkFailed("runtime_unavailable", "the runtime service at " + baseUrl + " is not reachable: "
                    + e.getMessage(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkFailed("runtime_unavailable", "interrupted while calling the runtime service", null);
        }
    }
}
