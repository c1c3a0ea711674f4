package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.CredentialPlacer;
import dev.contractkit.conformance.cases.RelativeRequest;
import dev.contractkit.conformance.cases.Transport;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.SchemaValidator;
import dev.contractkit.specs.dialect.WebSocketBinding;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code websocket_message_schema}: connects to every AsyncAPI channel an operation opens ({@code x-kit-websocket})
 * before the chains run, then hands the messages that arrived and those the chains owe to the check
 * ({@code WebSocketMessageSchemaCheck}), which judges them.
 */
final class WebSocketScenario {
    /** How long messages are collected after the chain's changes, at most. */
    static final Duration MESSAGE_WINDOW = Duration.ofSeconds(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Contract contract;
    private final CaseGenerator cases;
    private final ScenarioSettings settings;
    private final Transport transport;
    private final ScenarioRunner runner;
    private final List<Listening> open = new ArrayList<>();

    WebSocketScenario(Contract contract, CaseGenerator cases, ScenarioSettings settings, Transport transport,
                      ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.settings = settings;
        this.transport = transport;
        this.runner = runner;
    }

    /** Connects to every channel; messages queue up until {@link #judge}. */
    void connect() {
        channels().forEach(ch -> connect(ch).ifPresent(open::add));
    }

    /** @return true when a channel is connected */
    boolean listening() {
        return !open.isEmpty();
    }

    /** Judges what each channel received; {@code expected} names the messages the chains owe. */
    void judge(List<String> expected) {
        open.forEach(l -> judgeMessages(l, expected));
        open.clear();
    }

    /**
     * An AsyncAPI channel an operation of the contract opens ({@code x-kit-websocket}).
     *
     * @param op        the handshake operation
     * @param doc       the AsyncAPI document
     * @param address   the channel's address
     * @param messages  message name ({@code name}, e.g. {@code coupon_created}) to its payload schema pointer
     */
    record Channel(Operation op, ContractDocument doc, String address, Map<String, String> messages) {
    }

    private List<Channel> channels() {
        List<Channel> out = new ArrayList<>();
        for (Operation op : contract.document().operations()) {
            Optional<WebSocketBinding> ws = WebSocketBinding.of(op.node());
            if (ws.isEmpty()) {
                continue;
            }
            ContractDocument doc;
            try {
                doc = ContractDocument.load(ws.get().asyncapi());
            } catch (RuntimeException e) {
                runner.note(op + ": cannot load " + ws.get().asyncapi() + " (" + e.getMessage() + ")");
                continue;
            }
            String channel = ws.get().channel();
            JsonNode ch = doc.root().path("channels").path(channel);
            Map<String, String> messages = new LinkedHashMap<>();
            ch.path("messages").fieldNames().forEachRemaining(name -> {
                String pointer = doc.resolvePointer("/channels/" + channel + "/messages/" + name);
                String key = doc.at(pointer).path("name").asText(name);
                messages.put(key, pointer + "/payload");
            });
            out.add(new Channel(op, doc, ch.path("address").asText(op.path()), messages));
        }
        return out;
    }

    /** A channel connected; messages queue up. */
    private record Listening(Channel channel, WebSocket socket, String request, BlockingQueue<String> received) {
    }

    private Optional<Listening> connect(Channel ch) {
        String label = CaseGenerator.label(ch.op());
        RelativeRequest call = new RelativeRequest("GET", ch.address(), Map.of(), List.of(), List.of(), Optional.empty());
        HttpUrl url = call.url(transport.base());
        Request.Builder b = new Request.Builder().url(url);
        settings.headers().forEach(h -> b.header(h.getKey(), h.getValue()));
        HttpUrl.Builder withQuery = url.newBuilder();
        for (CredentialPlacer.Placement p : cases.credentialFor(ch.op())) {
            switch (p.in()) {
                case "query" -> withQuery.addQueryParameter(p.name(), p.value());
                case "cookie" -> b.addHeader("Cookie", p.name() + "=" + p.value());
                default -> b.header(p.name(), p.value());
            }
        }
        b.url(withQuery.build());
        String display = "GET " + url.encodedPath() + " (WebSocket)";
        if (cases.lacksCredential(ch.op())) {
            runner.note(Check.WEBSOCKET_MESSAGE_SCHEMA.key() + " of the channel " + ch.address() + ": "
                    + cases.notChecked(ch.op()));
            return Optional.empty();
        }
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        CountDownLatch opened = new CountDownLatch(1);
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicReference<Integer> status = new AtomicReference<>(0);
        WebSocket socket = transport.client().newWebSocket(b.build(), new WebSocketListener() {
            @Override
            public void onOpen(WebSocket webSocket, Response response) {
                status.set(response.code());
                opened.countDown();
            }

            @Override
            public void onMessage(WebSocket webSocket, String text) {
                received.add(text);
            }

            @Override
            public void onFailure(WebSocket webSocket, Throwable t, Response response) {
                if (response != null) {
                    status.set(response.code());
                }
                failure.compareAndSet(null, t + (response == null ? "" : " (answered " + response.code() + ")"));
                opened.countDown();
            }
        });
        try {
            boolean answered = opened.await(settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!answered || failure.get() != null) {
                socket.cancel();
                verdict(label, ch, display, status.get(), new Observation.ChannelHandshake(answered, status.get(),
                        Optional.ofNullable(failure.get()), settings.timeout()));
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            socket.cancel();
            return Optional.empty();
        }
        return Optional.of(new Listening(ch, socket, display, received));
    }

    private void judgeMessages(Listening l, List<String> expected) {
        Channel ch = l.channel();
        String label = CaseGenerator.label(ch.op());
        List<String> messages = new ArrayList<>();
        long deadline = System.nanoTime() + MESSAGE_WINDOW.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                String m = l.received().poll(Math.max(1, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
                if (m == null) {
                    break;
                }
                messages.add(m);
                if (types(messages).containsAll(expected) && l.received().isEmpty()) {
                    // what the chain owes has arrived; give the rest a moment
                    String more = l.received().poll(200, TimeUnit.MILLISECONDS);
                    if (more == null) {
                        break;
                    }
                    messages.add(more);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        l.socket().close(1000, "conformance run done");
        SchemaValidator validator = ch.doc().asyncApiValidator();
        for (String text : messages) {
            verdict(label, ch, l.request(), 101, new Observation.ChannelMessage(ch.address(), ch.messages(), validator, text));
        }
        Set<String> arrived = types(messages);
        for (String type : expected) {
            verdict(label, ch, l.request(), 101, new Observation.ChannelOwed(type, ch.messages(), arrived,
                    messages.size(), MESSAGE_WINDOW));
        }
        if (messages.isEmpty() && expected.isEmpty()) {
            runner.note(ch.op() + ": no message arrived on " + ch.address() + " and no declared chain could trigger one;"
                    + " message schemas were not checked");
        }
    }

    private void verdict(String label, Channel ch, String request, int status, Observation observed) {
        runner.verdict(Check.WEBSOCKET_MESSAGE_SCHEMA, label, ch.op().operationId(), request, status,
                Checks.of(Check.WEBSOCKET_MESSAGE_SCHEMA).judge(observed));
    }

    private static Set<String> types(List<String> messages) {
        Set<String> out = new HashSet<>();
        for (String m : messages) {
            try {
                out.add(JSON.readTree(m).path("type").asText(""));
            } catch (IOException e) {
                // judged elsewhere
            }
        }
        return out;
    }
}
