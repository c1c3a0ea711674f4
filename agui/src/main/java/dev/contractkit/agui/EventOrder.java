package dev.contractkit.agui;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a stream of AG-UI 1.0 events against the protocol's ordering rules, one event at a time:
 * <ul>
 *   <li>the first event is {@code RUN_STARTED}; no second {@code RUN_STARTED} while a run is active;</li>
 *   <li>{@code TEXT_MESSAGE_CONTENT}/{@code END} only inside an open {@code TEXT_MESSAGE_START} with the same
 *       {@code messageId}; likewise {@code TOOL_CALL_ARGS}/{@code END} by {@code toolCallId},
 *       {@code REASONING_MESSAGE_CONTENT}/{@code END} and {@code REASONING_END} by {@code messageId},
 *       {@code STEP_FINISHED} by {@code stepName}; a START for an id that is already open is a violation;</li>
 *   <li>{@code RUN_FINISHED} only when no message, tool call, step or reasoning is open;</li>
 *   <li>nothing after {@code RUN_ERROR} (or {@code RUN_FINISHED}) except a new {@code RUN_STARTED}.</li>
 * </ul>
 * {@link #finish()} adds a violation when the stream ended with a run still active.
 *
 * <pre>{@code
 * EventOrder order = new EventOrder();
 * for (JsonNode event : events) order.accept(event);
 * List<String> problems = order.finish();   // empty when the stream follows the rules
 * }</pre>
 */
public final class EventOrder {
    private final List<String> violations = new ArrayList<>();
    private final Set<String> messages = new LinkedHashSet<>();
    private final Set<String> toolCalls = new LinkedHashSet<>();
    private final Set<String> steps = new LinkedHashSet<>();
    private final Set<String> reasoning = new LinkedHashSet<>();
    private final Set<String> reasoningMessages = new LinkedHashSet<>();
    private boolean active;
    private boolean errored;
    private int index = -1;

    /**
     * Checks all events of a stream.
     *
     * @param events the events in the order they arrived
     * @return the violations, each naming the event's index; empty when the stream follows the rules
     */
    public static List<String> check(Iterable<? extends JsonNode> events) {
        EventOrder order = new EventOrder();
        events.forEach(order::accept);
        return order.finish();
    }

    /**
     * Checks the next event.
     *
     * @param event the event (an object with {@code type})
     * @return the violation this event caused, or null
     */
    public String accept(JsonNode event) {
        index++;
        String type = event.path("type").asText("");
        String problem = rule(type, event);
        if (problem != null) {
            problem = "event " + index + " (" + (type.isEmpty() ? "no type" : type) + "): " + problem;
            violations.add(problem);
        }
        return problem;
    }

    /** @return every violation so far, plus one when a run is still active (the stream ended early) */
    public List<String> finish() {
        List<String> out = new ArrayList<>(violations);
        if (active) {
            out.add("stream ended without RUN_FINISHED or RUN_ERROR" + (open().isEmpty() ? "" : "; still open:" + open()));
        }
        return out;
    }

    /** @return the violations so far (without the end-of-stream rule of {@link #finish()}) */
    public List<String> violations() {
        return List.copyOf(violations);
    }

    /** @return whether a run is active (started and not yet finished or failed) */
    public boolean runActive() {
        return active;
    }

    private String rule(String type, JsonNode e) {
        if (type.equals("RUN_STARTED")) {
            if (active) {
                return "a run is already active";
            }
            active = true;
            errored = false;
            clear();
            return null;
        }
        if (!active) {
            return index == 0 ? "the first event must be RUN_STARTED"
                    : errored ? "nothing may follow RUN_ERROR except RUN_STARTED" : "no run is active (RUN_STARTED missing)";
        }
        return switch (type) {
            case "RUN_FINISHED" -> {
                String open = open();
                active = false;
                yield open.isEmpty() ? null : "RUN_FINISHED while still open:" + open;
            }
            case "RUN_ERROR" -> {
                active = false;
                errored = true;
                clear();
                yield null;
            }
            case "TEXT_MESSAGE_START" -> start(messages, e, "messageId", "text message");
            case "TEXT_MESSAGE_CONTENT" -> inside(messages, e, "messageId", "text message", false);
            case "TEXT_MESSAGE_END" -> inside(messages, e, "messageId", "text message", true);
            case "TOOL_CALL_START" -> start(toolCalls, e, "toolCallId", "tool call");
            case "TOOL_CALL_ARGS" -> inside(toolCalls, e, "toolCallId", "tool call", false);
            case "TOOL_CALL_END" -> inside(toolCalls, e, "toolCallId", "tool call", true);
            case "STEP_STARTED" -> start(steps, e, "stepName", "step");
            case "STEP_FINISHED" -> inside(steps, e, "stepName", "step", true);
            case "REASONING_START" -> start(reasoning, e, "messageId", "reasoning");
            case "REASONING_END" -> inside(reasoning, e, "messageId", "reasoning", true);
            case "REASONING_MESSAGE_START" -> start(reasoningMessages, e, "messageId", "reasoning message");
            case "REASONING_MESSAGE_CONTENT" -> inside(reasoningMessages, e, "messageId", "reasoning message", false);
            case "REASONING_MESSAGE_END" -> inside(reasoningMessages, e, "messageId", "reasoning message", true);
            case "" -> "the event has no type";
            default -> null;
        };
    }

    private static String start(Set<String> open, JsonNode e, String field, String what) {
        String id = e.path(field).asText("");
        if (id.isEmpty()) {
            return "no " + field;
        }
        return open.add(id) ? null : what + " '" + id + "' is already open";
    }

    private static String inside(Set<String> open, JsonNode e, String field, String what, boolean close) {
        String id = e.path(field).asText("");
        boolean present = close ? open.remove(id) : open.contains(id);
        return present ? null : "no open " + what + " '" + id + "'";
    }

    private void clear() {
        messages.clear();
        toolCalls.clear();
        steps.clear();
        reasoning.clear();
        reasoningMessages.clear();
    }

    private String open() {
        StringBuilder b = new StringBuilder();
        append(b, "text messages", messages);
        append(b, "tool calls", toolCalls);
        append(b, "steps", steps);
        append(b, "reasoning", reasoning);
        append(b, "reasoning messages", reasoningMessages);
        return b.toString();
    }

    private static void append(StringBuilder b, String what, Set<String> ids) {
        if (!ids.isEmpty()) {
            b.append(b.isEmpty() ? " " : ", ").append(what).append(' ').append(ids);
        }
    }
}
