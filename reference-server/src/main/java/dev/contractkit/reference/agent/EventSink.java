package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.Signals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Sends AG-UI events of one run as SSE ({@code id: <seq>\ndata: <json>\n\n}, flushed per event) and stores each
 * one (table {@code agent_events}, keyed by run id and sequence) behind the stream through an {@link EventLog},
 * which signals readers that re-attached ({@code GET .../runs/{runId}/events}) as it commits. The run's last event
 * (RUN_FINISHED, RUN_ERROR) is sent only once every event before it and itself are stored. It tracks what is open
 * (steps, messages, tool calls, reasoning) so a cancelled run can close it before RUN_FINISHED. A failed write
 * means the client went away: the run goes on, later events are stored only, for the client to fetch when it
 * re-attaches.
 */
final class EventSink {
    private record Open(String endType, String field, String id) {
    }

    private final ObjectMapper mapper;
    private final EventLog log;
    private final OutputStream out;
    private final Deque<Open> open = new ArrayDeque<>();
    private final Set<String> secrets;
    private int seq;
    private boolean connected = true;

    /** @param secrets the server's stored credentials: replaced by {@code [redacted]} wherever an event would carry one */
    EventSink(ObjectMapper mapper, AgentStore store, ActiveRun run, OutputStream out, Set<String> secrets,
              Signals signals) {
        this.secrets = Set.copyOf(secrets);
        this.mapper = mapper;
        this.out = out;
        this.log = new EventLog(store, run.runId(), run.threadId(), signals);
    }

    ObjectNode event(String type) {
        ObjectNode e = mapper.createObjectNode();
        e.put("type", type);
        return e;
    }

    /** Stamps, stores and sends the event; updates what is open. */
    void emit(ObjectNode event) {
        ObjectNode e = redact(event);
        e.put("timestamp", System.currentTimeMillis());
        track(e);
        int n = seq++;
        String json = e.toString();
        AgentStore.StoredEvent stored = new AgentStore.StoredEvent(n, e.path("type").asText(), json);
        log.append(stored);
        if (stored.last()) {
            log.sync(); // the run ends for a client only once its every event is stored
        }
        if (!connected) {
            return;
        }
        try {
            out.write(("id: " + n + "\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException | RuntimeException ex) {
            connected = false; // the client went away: the run goes on, it re-attaches to the stored events
        }
    }

    /** The last line of defence for "no event ever contains a credential": stored secrets are cut out of every text. */
    private ObjectNode redact(ObjectNode e) {
        if (secrets.isEmpty()) {
            return e;
        }
        ObjectNode copy = e.deepCopy(); // an event may share nodes with the run's input, which must stay as sent
        redactIn(copy);
        return copy;
    }

    private void redactIn(JsonNode node) {
        if (node instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode v = o.get(name);
                if (v.isTextual()) {
                    o.put(name, clean(v.asText()));
                } else {
                    redactIn(v);
                }
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).isTextual()) {
                    a.set(i, a.textNode(clean(a.get(i).asText())));
                } else {
                    redactIn(a.get(i));
                }
            }
        }
    }

    private String clean(String text) {
        String out = text;
        for (String secret : secrets) {
            out = out.replace(secret, "[redacted]");
        }
        return out;
    }

    private void track(ObjectNode e) {
        String type = e.path("type").asText();
        switch (type) {
            case "STEP_STARTED" -> open.push(new Open("STEP_FINISHED", "stepName", e.path("stepName").asText()));
            case "TEXT_MESSAGE_START" -> open.push(new Open("TEXT_MESSAGE_END", "messageId", e.path("messageId").asText()));
            case "TOOL_CALL_START" -> open.push(new Open("TOOL_CALL_END", "toolCallId", e.path("toolCallId").asText()));
            case "REASONING_START" -> open.push(new Open("REASONING_END", "messageId", e.path("messageId").asText()));
            case "REASONING_MESSAGE_START" ->
                    open.push(new Open("REASONING_MESSAGE_END", "messageId", e.path("messageId").asText()));
            case "STEP_FINISHED", "TEXT_MESSAGE_END", "TOOL_CALL_END", "REASONING_END", "REASONING_MESSAGE_END" ->
                    open.removeIf(o -> o.endType().equals(type) && o.id().equals(e.path(o.field()).asText()));
            default -> {
            }
        }
    }

    /** Emits the END event of everything open, innermost first. */
    void closeOpen() {
        while (!open.isEmpty()) {
            Open o = open.peek();
            ObjectNode end = event(o.endType());
            end.put(o.field(), o.id());
            emit(end);
        }
    }

    boolean connected() {
        return connected;
    }

    /** Waits until every event is stored, then ends the HTTP response (ignored when the client has gone). */
    void close() {
        log.close();
        try {
            out.close();
        } catch (IOException | RuntimeException ignored) {
            // the client went away
        }
    }
}
