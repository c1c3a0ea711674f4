package dev.contractkit.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A client WebSocket of the channel tests: keeps every JSON message it receives until a test takes it. */
final class ClientSocket extends WebSocketListener {
    private static final ObjectMapper JSON = new ObjectMapper();

    final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
    /** The messages {@link #next} looked at (about the coupon it waited for). */
    final List<JsonNode> seen = new CopyOnWriteArrayList<>();
    final CompletableFuture<Void> open = new CompletableFuture<>();
    final CompletableFuture<Void> closed = new CompletableFuture<>();
    WebSocket webSocket;

    /** @param authorization the {@code Authorization} header of the handshake, or null for none */
    static ClientSocket open(OkHttpClient client, String url, String authorization) throws Exception {
        ClientSocket s = new ClientSocket();
        Request.Builder request = new Request.Builder().url(url);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        s.webSocket = client.newWebSocket(request.build(), s);
        s.open.get(10, TimeUnit.SECONDS);
        return s;
    }

    /** @return the next {@code n} messages, each within 10 s */
    List<JsonNode> take(int n) throws InterruptedException {
        List<JsonNode> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            JsonNode m = messages.poll(10, TimeUnit.SECONDS);
            assertThat(m).as("message " + (i + 1) + " of " + n).isNotNull();
            out.add(m);
        }
        return out;
    }

    /** @return the next message of that type about that coupon (within 10 s; the messages before it are dropped) */
    JsonNode next(String type, String id) {
        try {
            return await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10)).until(() -> {
                for (JsonNode m = messages.poll(); m != null; m = messages.poll()) {
                    if (m.path("data").path("id").asText().equals(id)) {
                        seen.add(m);
                        if (m.path("type").asText().equals(type)) {
                            return Optional.of(m);
                        }
                    }
                }
                return Optional.<JsonNode>empty();
            }, Optional::isPresent).orElseThrow();
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("no " + type + " message about " + id + " within 10 s; seen " + seen, e);
        }
    }

    /**
     * Asserts that for {@code quiet} no message arrives and the socket stays open.
     *
     * @param what what the quiet means, for the failure message
     */
    void staysQuiet(String what, Duration quiet) {
        await(what).during(quiet).atMost(quiet.plusSeconds(1)).pollInterval(Duration.ofMillis(20))
                .until(() -> messages.isEmpty() && !closed.isDone());
    }

    void close() {
        webSocket.close(1000, "done");
    }

    @Override
    public void onOpen(WebSocket webSocket, Response response) {
        open.complete(null);
    }

    @Override
    public void onMessage(WebSocket webSocket, String text) {
        try {
            messages.add(JSON.readTree(text));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void onClosed(WebSocket webSocket, int code, String reason) {
        closed.complete(null);
    }

    @Override
    public void onFailure(WebSocket webSocket, Throwable t, Response response) {
        open.completeExceptionally(t);
        closed.complete(null);
    }
}
