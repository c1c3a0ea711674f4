package dev.contractkit.mock.netty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.Api;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;
import shaded_package.io.netty.channel.Channel;
import shaded_package.io.netty.channel.group.ChannelGroup;
import shaded_package.io.netty.channel.group.DefaultChannelGroup;
import shaded_package.io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import shaded_package.io.netty.util.concurrent.GlobalEventExecutor;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import dev.contractkit.mock.http.Incoming;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.http.Reply;
import dev.contractkit.mock.http.ServerPath;
import dev.contractkit.mock.state.MockState;
import dev.contractkit.mock.respond.ContractExpectations;
import dev.contractkit.mock.respond.OperationResponder;

/**
 * One API's WebSocket channels on its listener: the subscribers of each channel, the examples sent on connect,
 * and the kit's control endpoints under {@code /mockserver/kit/} ({@code publish}, {@code apis}).
 */
public final class KitChannels {
    static final String CONTROL = "/mockserver/kit/";

    private final Api api;
    private final Map<String, AsyncChannels.Channel> channels;
    /** The channels whose address has parameters: matched per request only when there are any. */
    private final List<AsyncChannels.Channel> templated;
    private final Map<String, ChannelGroup> subscribers = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> unauthorized = new ConcurrentHashMap<>();
    private final Supplier<JsonNode> index;
    private final MockState state;
    private final Map<String, OperationResponder> handshakes = new ConcurrentHashMap<>();
    private final Set<String> eventStreams;
    private final List<String> notices = new ArrayList<>();

    public KitChannels(Api api, List<ContractDocument> openapi, List<ContractDocument> asyncapi, Set<String> accepted,
                       Supplier<JsonNode> index, MockState state) {
        this.api = api;
        this.state = state;
        this.channels = AsyncChannels.of(asyncapi, accepted, !api.inCatalogue(), notices);
        this.templated = channels.values().stream().filter(c -> !c.template().names().isEmpty()).toList();
        channels.keySet().forEach(a -> unauthorized.put(a, unauthorizedExample(openapi, a)));
        this.index = index;
        this.eventStreams = eventStreams(openapi);
        channels.keySet().forEach(a -> subscribers.put(a, new DefaultChannelGroup(a, GlobalEventExecutor.INSTANCE)));
        state.events(this::emit);
    }

    /**
     * A stateful write's message ({@code x-kit-emits}): the named message's first example as the envelope, its
     * {@code data} (or the payload itself) made of the write's fields that the message declares, a fresh
     * {@code timestamp}; validated like a published message and sent to every socket of its channel. One that
     * breaks its schema is not sent (printed as a contract warning): the write itself has happened.
     */
    private void emit(String name, ObjectNode fields) {
        for (AsyncChannels.Channel channel : channels.values()) {
            for (AsyncChannels.Message message : channel.messages()) {
                if (!message.name().equals(name) || message.examples().isEmpty()) {
                    continue;
                }
                ObjectNode payload = message.examples().get(0).deepCopy();
                ObjectNode data = Json.MAPPER.createObjectNode();
                fields.fields().forEachRemaining(f -> {
                    if (message.dataFields().contains(f.getKey()) && !f.getValue().isNull()) {
                        data.set(f.getKey(), f.getValue());
                    }
                });
                if (payload.has("data")) {
                    payload.set("data", data);
                } else {
                    payload.setAll(data);
                }
                if (payload.has("timestamp")) {
                    payload.put("timestamp", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
                }
                List<Finding> problems = message.validate(payload);
                if (!problems.isEmpty()) {
                    System.err.println("CONTRACT WARNING " + channel.file() + ": the " + name + " message of a stateful write"
                            + " breaks its schema, not sent: " + problems.get(0));
                    return;
                }
                subscribers.get(channel.address()).writeAndFlush(new TextWebSocketFrame(payload.toString()));
                return;
            }
        }
    }

    private volatile Runnable reset = () -> { };
    private volatile Callbacks callbacks = new Callbacks(List.of(), op -> Optional.empty());
    private volatile ContractFastPath fastPath;
    private volatile ListenerGuard guard;
    private volatile ServerPath serverPath = ServerPath.NONE;

    /** @param serverPath the documents' server path, under which their paths are served too */
    public void serverPath(ServerPath serverPath) {
        this.serverPath = serverPath;
    }

    /** @return the documents' server path */
    public ServerPath serverPath() {
        return serverPath;
    }

    /** @param guard what every request must pass (Host, control plane, body size) */
    public void guard(ListenerGuard guard) {
        this.guard = guard;
    }

    /** @return the listener's guard */
    ListenerGuard guard() {
        return guard;
    }

    /** @param fastPath answers the contract's operations before MockServer (none in proxy mode) */
    public void fastPath(ContractFastPath fastPath) {
        this.fastPath = fastPath;
    }

    /** @return the fast path, or null */
    ContractFastPath fastPath() {
        return fastPath;
    }

    /** Hands the requests the fast path answered to MockServer's log (before anything reads it). */
    public void flushLog() {
        ContractFastPath fast = fastPath;
        if (fast != null) {
            fast.log().flush();
        }
    }

    /** @param callbacks sends the document's webhooks and callbacks ({@code POST /mockserver/kit/webhooks|callbacks}) */
    public void callbacks(Callbacks callbacks) {
        this.callbacks = callbacks;
    }

    /** @param reset what {@code PUT /mockserver/reset} does on this listener (MockServer's reset, then the contract) */
    public void onReset(Runnable reset) {
        this.reset = reset;
    }

    /** MockServer's own reset, done at once so the contract answers the very next request. */
    void reset() {
        reset.run();
    }

    /** @return the paths of POST operations that answer {@code text/event-stream} (replayed as real SSE) */
    private static Set<String> eventStreams(List<ContractDocument> openapi) {
        Set<String> out = new HashSet<>();
        for (ContractDocument doc : openapi) {
            for (ContractDocument.Operation op : doc.operations()) {
                if (op.method().equalsIgnoreCase("POST")
                        && op.node().path("responses").findParents("text/event-stream").size() > 0) {
                    out.add(op.path());
                }
            }
        }
        return Set.copyOf(out);
    }

    /** @return whether POST on this path answers an SSE stream */
    boolean eventStream(String path) {
        return eventStreams.contains(path);
    }

    /** Takes the REST operations {@code GET <channel address>}: their checks apply to handshakes too. */
    public void handshakeRules(List<ContractExpectations.Entry> entries) {
        for (ContractExpectations.Entry e : entries) {
            if (e.responder() instanceof OperationResponder r && r.operation().method().equals("GET")
                    && channels.containsKey(r.operation().path())) {
                handshakes.put(r.operation().path(), r);
            }
        }
    }

    /** @return the contract's refusal of this handshake (credentials, headers), if it has one */
    Optional<Reply> handshakeRefusal(String address, Incoming request) {
        OperationResponder rules = handshakes.get(address);
        return rules == null ? Optional.empty() : rules.refusal(request);
    }

    /** Open WebSockets of this listener before handshakes are refused with 503 ({@code KIT_MOCK_WS_MAX_CONNECTIONS}). */
    private final int maxSockets = readMaxSockets();

    /** @return the most open WebSockets of this listener */
    int maxSockets() {
        return maxSockets;
    }

    private static int readMaxSockets() {
        String v = System.getProperty("kit.mock.ws-max-connections", System.getenv("KIT_MOCK_WS_MAX_CONNECTIONS"));
        try {
            return v == null || v.isBlank() ? 1000 : Math.max(1, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("KIT_MOCK_WS_MAX_CONNECTIONS must be a whole number, was '" + v + "'");
        }
    }

    /** @return true when the listener holds its most WebSockets */
    boolean full() {
        int open = 0;
        for (ChannelGroup g : subscribers.values()) {
            open += g.size();
        }
        return open >= maxSockets;
    }

    /** @return the channel served at this path (an address, or a concrete path of an address template), or null */
    AsyncChannels.Channel channel(String path) {
        AsyncChannels.Channel exact = channels.get(path);
        if (exact != null) {
            return exact;
        }
        for (AsyncChannels.Channel c : templated) {
            if (c.template().pattern().matcher(path).matches()) {
                return c;
            }
        }
        return null;
    }

    /** @return the channels a lenient reading left out (their protocol is not served), one line each */
    public List<String> notices() {
        return notices;
    }

    public Set<String> addresses() {
        return channels.keySet();
    }

    /**
     * The body of a refused handshake: the 401 example of the OpenAPI operation at the channel's address (the
     * handshake as REST operation), else the API's first 401 example, else a plain one.
     */
    JsonNode unauthorized(String address) {
        return unauthorized.get(address);
    }

    /**
     * A socket finished its handshake: subscribe it, then send the channel's examples. Subscribing first means
     * a publish made as soon as the client has seen the examples always reaches it.
     */
    void connected(String address, Channel socket) {
        subscribers.get(address).add(socket);
        for (JsonNode example : channels.get(address).examples()) {
            socket.write(new TextWebSocketFrame(example.toString()));
        }
        socket.flush();
    }

    /** A control request; answers {@code status, body}. */
    JsonAnswer control(String method, String path, Map<String, List<String>> query, String body) {
        String op = path.substring(CONTROL.length());
        return switch (op) {
            case "apis" -> method.equals("GET") ? new JsonAnswer(200, index.get()) : notAllowed("GET");
            case "publish" -> method.equals("PUT") || method.equals("POST") ? publish(query, body) : notAllowed("PUT, POST");
            case "responses" -> state.overrides().control(method, body);
            case "webhooks" -> method.equals("POST") ? callbacks.webhook(query) : notAllowed("POST");
            case "callbacks" -> method.equals("POST") ? callbacks.callback(query) : notAllowed("POST");
            case "outcome" -> state.outcome().control(method, query);
            case "state" -> method.equals("GET") ? new JsonAnswer(200, state.describe()) : notAllowed("GET");
            case "exchanges", "violations" -> state.proxy().isEmpty()
                    ? new JsonAnswer(404, JsonAnswer.errorBody("NOT_FOUND", api.id() + " is not proxied (start with --proxy " + api.id() + "=<url>)"))
                    : method.equals("GET") ? new JsonAnswer(200, state.proxy().get().describe(op.equals("violations")))
                    : notAllowed("GET");
            case "reset" -> {
                if (!method.equals("PUT") && !method.equals("POST")) {
                    yield notAllowed("PUT, POST");
                }
                state.reset();
                yield new JsonAnswer(200, state.describe());
            }
            default -> new JsonAnswer(404, JsonAnswer.errorBody("NOT_FOUND", "no kit control endpoint " + path
                    + "; known: GET " + CONTROL + "apis, PUT " + CONTROL + "publish?channel=<address>, GET/PUT/DELETE "
                    + CONTROL + "responses, GET " + CONTROL + "state, PUT " + CONTROL + "reset, GET "
                    + CONTROL + "exchanges, GET " + CONTROL + "violations (proxy), GET|PUT|DELETE " + CONTROL
                    + "outcome?example=<name>&code=<status>&delay=<ms>"));
        };
    }

    private JsonAnswer publish(Map<String, List<String>> query, String body) {
        List<String> asked = query.getOrDefault("channel", List.of());
        String address;
        if (asked.isEmpty() && channels.size() == 1) {
            address = channels.keySet().iterator().next();
        } else if (asked.isEmpty()) {
            return new JsonAnswer(400, JsonAnswer.errorBody("BAD_REQUEST", "query parameter 'channel' is required; " + api.id()
                    + " has " + describeChannels()));
        } else {
            address = asked.get(0);
        }
        AsyncChannels.Channel channel = channels.get(address);
        if (channel == null) {
            return new JsonAnswer(404, JsonAnswer.errorBody("NOT_FOUND", "channel '" + address + "' is not a channel of " + api.id()
                    + "; " + api.id() + " has " + describeChannels()));
        }
        JsonNode payload;
        try {
            payload = Json.MAPPER.readTree(body == null ? "" : body);
        } catch (Exception e) {
            payload = null;
        }
        if (payload == null || payload.isMissingNode()) {
            return new JsonAnswer(400, JsonAnswer.errorBody("BAD_REQUEST", "the body must be one JSON message of channel " + address));
        }
        List<String> problems = new ArrayList<>();
        String matched = null;
        String type = payload.path("type").asText(null);
        for (AsyncChannels.Message message : channel.messages()) {
            List<Finding> findings = message.validate(payload);
            if (findings.isEmpty()) {
                matched = message.name();
                break;
            }
            if (type == null || type.equals(message.name()) || channel.messages().stream().noneMatch(m -> m.name().equals(type))) {
                findings.forEach(f -> problems.add(message.name() + ": " + (f.pointer().isEmpty() ? "" : f.pointer() + ": ")
                        + f.message()));
            }
        }
        if (matched == null) {
            return new JsonAnswer(400, JsonAnswer.errorBody("BAD_REQUEST", "the message matches no message of channel " + address + " ("
                    + channel.file() + "): " + String.join("; ", problems)));
        }
        ChannelGroup group = subscribers.get(address);
        int count = group.size();
        group.writeAndFlush(new TextWebSocketFrame(payload.toString()));
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("channel", address).put("message", matched).put("subscribers", count);
        return new JsonAnswer(200, out);
    }

    private String describeChannels() {
        return channels.isEmpty() ? "no WebSocket channel" : "channels " + String.join(", ", channels.keySet());
    }

    private static JsonAnswer notAllowed(String allow) {
        return new JsonAnswer(405, JsonAnswer.errorBody("METHOD_NOT_ALLOWED", "allowed: " + allow));
    }

    /** Closes every subscriber's socket. */
    public void close() {
        subscribers.values().forEach(ChannelGroup::close);
    }

    /** The index entry of this API for {@code GET /mockserver/kit/apis}. */
    public ObjectNode describe(String url) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("id", api.id()).put("title", api.title()).put("url", url);
        ArrayNode ws = n.putArray("channels");
        channels.values().forEach(c -> ws.addObject().put("address", c.address())
                .put("url", url.replaceFirst("^http", "ws") + c.address()).put("contract", c.file())
                .set("messages", Json.MAPPER.valueToTree(c.messages().stream().map(AsyncChannels.Message::name).toList())));
        return n;
    }

    private static JsonNode unauthorizedExample(List<ContractDocument> docs, String address) {
        List<ContractDocument.Operation> ops = new ArrayList<>();
        docs.forEach(d -> d.operations().stream().filter(o -> o.path().equals(address)).forEach(ops::add));
        docs.forEach(d -> ops.addAll(d.operations()));
        for (ContractDocument.Operation op : ops) {
            ContractDocument doc = op.document();
            {
                JsonNode response = doc.resolve(op.node().path("responses").path("401"));
                for (Iterator<JsonNode> media = response.path("content").elements(); media.hasNext(); ) {
                    JsonNode m = media.next();
                    if (m.has("example")) {
                        return m.get("example");
                    }
                    for (Iterator<JsonNode> ex = m.path("examples").elements(); ex.hasNext(); ) {
                        JsonNode value = doc.resolve(ex.next()).path("value");
                        if (!value.isMissingNode()) {
                            return value;
                        }
                    }
                }
            }
        }
        return JsonAnswer.errorBody("UNAUTHORIZED", "authentication required: token missing or invalid");
    }
}
