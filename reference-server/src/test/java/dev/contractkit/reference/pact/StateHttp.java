package dev.contractkit.reference.pact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Provider states set up through the server's own API: JSON over a real socket. */
final class StateHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final OkHttpClient HTTP = new OkHttpClient.Builder().readTimeout(30, TimeUnit.SECONDS).build();
    private static final MediaType JSON_TYPE = MediaType.get("application/json");

    private final String base;
    private final String token;

    StateHttp(String base) {
        this(base, null);
    }

    /** @param token a bearer token every call sends (the kit token of exec and runtime), or null */
    StateHttp(String base, String token) {
        this.base = base;
        this.token = token;
    }

    record Reply(int status, JsonNode body) {
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply post(String path, String json) {
        return send("POST", path, json == null ? "" : json);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    private Reply send(String method, String path, String json) {
        Request.Builder b = new Request.Builder().url(base + path)
                .method(method, json == null ? null : RequestBody.create(json, JSON_TYPE));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        Request request = b.build();
        try (Response r = HTTP.newCall(request).execute()) {
            String text = r.body().string();
            JsonNode body;
            try {
                body = text.isEmpty() ? JSON.nullNode() : JSON.readTree(text);
            } catch (IOException notJson) {
                body = JSON.getNodeFactory().textNode(text);
            }
            return new Reply(r.code(), body);
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        }
    }

    /**
     * Reads {@code path} until {@code done} holds (at most 20 s): the state a provider test waits for.
     *
     * @return the last body read
     */
    JsonNode await(String path, Predicate<JsonNode> done) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        JsonNode body = get(path).body();
        while (!done.test(body)) {
            if (System.nanoTime() > until) {
                throw new IllegalStateException("provider state not reached: " + path + " is " + body);
            }
            Thread.sleep(20);
            body = get(path).body();
        }
        return body;
    }

    static Predicate<JsonNode> status(String... wanted) {
        Set<String> set = Set.of(wanted);
        return body -> set.contains(body.path("status").asText());
    }
}
