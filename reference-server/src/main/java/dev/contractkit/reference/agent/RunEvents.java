package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;

/**
 * One run's AG-UI events in the shapes the analyst's steps share: steps, tool calls and their results, CUSTOM
 * events, reasoning blocks, and the pause ({@code agent.step-delay}) between them.
 */
final class RunEvents {
    private final EventSink sink;
    private final ActiveRun run;
    private final Duration pause;

    RunEvents(EventSink sink, ActiveRun run, Duration pause) {
        this.sink = sink;
        this.run = run;
        this.pause = pause;
    }

    ActiveRun run() {
        return run;
    }

    String runId() {
        return run.runId();
    }

    String threadId() {
        return run.threadId();
    }

    /** Waits the step delay, waking at once on cancel. */
    void pause() {
        run.pause(pause);
    }

    ObjectNode event(String type) {
        return sink.event(type);
    }

    void emit(ObjectNode event) {
        sink.emit(event);
    }

    void stepStarted(String name) {
        sink.emit(sink.event("STEP_STARTED").put("stepName", name));
    }

    void stepFinished(String name) {
        sink.emit(sink.event("STEP_FINISHED").put("stepName", name));
    }

    /** A tool call whose arguments go out in one piece. */
    void tool(String call, String name, ObjectNode args) {
        sink.emit(sink.event("TOOL_CALL_START").put("toolCallId", call).put("toolCallName", name));
        sink.emit(sink.event("TOOL_CALL_ARGS").put("toolCallId", call).put("delta", args.toString()));
        sink.emit(sink.event("TOOL_CALL_END").put("toolCallId", call));
    }

    void result(String messageId, String call, ObjectNode content) {
        sink.emit(sink.event("TOOL_CALL_RESULT").put("messageId", messageId).put("toolCallId", call)
                .put("role", "tool").put("content", content.toString()));
    }

    void custom(String name, JsonNode value) {
        sink.emit((ObjectNode) sink.event("CUSTOM").put("name", name).set("value", value));
    }

    /** A reasoning summary: one message, paused before it ends. */
    void reasoning(String id, String text) {
        sink.emit(sink.event("REASONING_START").put("messageId", id));
        sink.emit(sink.event("REASONING_MESSAGE_START").put("messageId", id + "-msg").put("role", "reasoning"));
        sink.emit(sink.event("REASONING_MESSAGE_CONTENT").put("messageId", id + "-msg").put("delta", text));
        run.pause(pause);
        sink.emit(sink.event("REASONING_MESSAGE_END").put("messageId", id + "-msg"));
        sink.emit(sink.event("REASONING_END").put("messageId", id));
    }
}
