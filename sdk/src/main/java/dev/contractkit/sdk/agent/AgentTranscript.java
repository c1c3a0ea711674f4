package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.agent.events.model.ArtifactRef;
import dev.contractkit.sdk.agent.events.model.ResolvedRunConfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result of folding a run's events: the final messages (text assembled from the deltas), the tool calls
 * (arguments assembled, result attached), reasoning summaries, artifacts, the resolved run config and how the
 * run ended. Works on a live run's events and on stored history alike.
 *
 * <pre>{@code
 * AgentTranscript t = AgentTranscript.fold(run.received());
 * t.runEnd();                  // SUCCESS, CANCELLED, ERROR or INCOMPLETE
 * t.messages().get(0).text();  // the Markdown answer
 * t.artifacts();               // CSV result tables
 * }</pre>
 *
 * @param messages   text messages in order of their start
 * @param reasoning  reasoning summaries in order (role {@code reasoning}, as AG-UI 1.0 names it)
 * @param toolCalls  tool calls in order of their start
 * @param artifacts  artifacts reported by {@code kit.artifact}
 * @param runConfig  the resolved run config ({@code kit.run_config}), if reported
 * @param runEnd     how the run ended
 * @param errorCode  RUN_ERROR's code, if any
 * @param errorMessage RUN_ERROR's message, if any
 */
public record AgentTranscript(List<Message> messages, List<Message> reasoning, List<ToolCall> toolCalls,
                              List<ArtifactRef> artifacts, Optional<ResolvedRunConfig> runConfig, RunEnd runEnd,
                              Optional<String> errorCode, Optional<String> errorMessage) {
    /** How the run ended. */
    public enum RunEnd {
        /** RUN_FINISHED with outcome {@code success}. */
        SUCCESS,
        /** RUN_FINISHED with outcome {@code cancelled}. */
        CANCELLED,
        /** RUN_FINISHED with outcome {@code interrupt}: the run waits for input. */
        INTERRUPTED,
        /** RUN_ERROR. */
        ERROR,
        /** The events ended without RUN_FINISHED or RUN_ERROR (e.g. a dropped connection). */
        INCOMPLETE
    }

    /**
     * A message.
     *
     * @param id its id
     * @param role its role
     * @param text its assembled text
     */
    public record Message(String id, String role, String text) {
    }

    /**
     * A tool call.
     *
     * @param id its id
     * @param name the tool
     * @param arguments the assembled argument text
     * @param result the result content, empty until TOOL_CALL_RESULT
     */
    public record ToolCall(String id, String name, String arguments, Optional<String> result) {
    }

    /**
     * @param events a run's events in order
     * @return the folded transcript
     */
    public static AgentTranscript fold(Iterable<AgentEvent> events) {
        Map<String, String[]> messages = new LinkedHashMap<>();
        Map<String, StringBuilder> texts = new LinkedHashMap<>();
        Map<String, StringBuilder> reasoning = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, StringBuilder> args = new LinkedHashMap<>();
        Map<String, String> results = new LinkedHashMap<>();
        List<ArtifactRef> artifacts = new ArrayList<>();
        ResolvedRunConfig config = null;
        RunEnd runEnd = RunEnd.INCOMPLETE;
        String code = null;
        String message = null;
        for (AgentEvent e : events) {
            // if-chains, not a pattern switch: the SDK compiles for Java 17
            if (e instanceof AgentEvent.TextMessageStart s) {
                messages.put(s.event().getMessageId(), new String[] {s.event().getRole() == null ? "assistant"
                        : s.event().getRole().getValue().toString()});
                texts.put(s.event().getMessageId(), new StringBuilder());
            } else if (e instanceof AgentEvent.TextMessageContent c) {
                texts.computeIfAbsent(c.event().getMessageId(), k -> new StringBuilder()).append(c.event().getDelta());
            } else if (e instanceof AgentEvent.ReasoningMessageContent c) {
                reasoning.computeIfAbsent(c.event().getMessageId(), k -> new StringBuilder()).append(c.event().getDelta());
            } else if (e instanceof AgentEvent.ToolCallStart s) {
                names.put(s.event().getToolCallId(), s.event().getToolCallName());
                args.put(s.event().getToolCallId(), new StringBuilder());
            } else if (e instanceof AgentEvent.ToolCallArgs a) {
                args.computeIfAbsent(a.event().getToolCallId(), k -> new StringBuilder()).append(a.event().getDelta());
            } else if (e instanceof AgentEvent.ToolCallResult r) {
                results.put(r.event().getToolCallId(), r.event().getContent());
            } else if (e instanceof AgentEvent.ArtifactCreated a) {
                artifacts.add(a.value());
            } else if (e instanceof AgentEvent.RunConfigResolved c) {
                config = c.value();
            } else if (e instanceof AgentEvent.RunStarted) {
                runEnd = RunEnd.INCOMPLETE;
                code = null;
                message = null;
            } else if (e instanceof AgentEvent.RunFinished f) {
                runEnd = f.event().getOutcome() == null || f.event().getOutcome().getType() == null ? RunEnd.SUCCESS
                        : switch (String.valueOf(f.event().getOutcome().getType().getValue())) {
                            case "cancelled" -> RunEnd.CANCELLED;
                            case "interrupt" -> RunEnd.INTERRUPTED;
                            default -> RunEnd.SUCCESS;
                        };
            } else if (e instanceof AgentEvent.RunError err) {
                runEnd = RunEnd.ERROR;
                code = err.event().getCode();
                message = err.event().getMessage();
            }
        }
        List<Message> msgs = new ArrayList<>();
        texts.forEach((id, text) -> msgs.add(new Message(id, messages.containsKey(id) ? messages.get(id)[0] : "assistant",
                text.toString())));
        List<Message> thoughts = new ArrayList<>();
        reasoning.forEach((id, text) -> thoughts.add(new Message(id, "reasoning", text.toString())));
        List<ToolCall> calls = new ArrayList<>();
        args.forEach((id, a) -> calls.add(new ToolCall(id, names.getOrDefault(id, ""), a.toString(),
                Optional.ofNullable(results.get(id)))));
        return new AgentTranscript(List.copyOf(msgs), List.copyOf(thoughts), List.copyOf(calls), List.copyOf(artifacts),
                Optional.ofNullable(config), runEnd, Optional.ofNullable(code), Optional.ofNullable(message));
    }

    /** @return the last assistant message's text, empty when there is none */
    public String answer() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role().equals("assistant")) {
                return messages.get(i).text();
            }
        }
        return "";
    }
}
