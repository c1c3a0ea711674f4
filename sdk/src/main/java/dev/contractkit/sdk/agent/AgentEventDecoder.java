package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.agent.events.model.ActivityDeltaEvent;
import dev.contractkit.sdk.agent.events.model.ActivitySnapshotEvent;
import dev.contractkit.sdk.agent.events.model.CustomEvent;
import dev.contractkit.sdk.agent.events.model.KitArtifactEvent;
import dev.contractkit.sdk.agent.events.model.KitRunConfigEvent;
import dev.contractkit.sdk.agent.events.model.KitSqlAuditEvent;
import dev.contractkit.sdk.agent.events.model.KitTokenUsageEvent;
import dev.contractkit.sdk.agent.events.model.KitWorkspaceEvent;
import dev.contractkit.sdk.agent.events.model.MessagesSnapshotEvent;
import dev.contractkit.sdk.agent.events.model.RawEvent;
import dev.contractkit.sdk.agent.events.model.ReasoningEndEvent;
import dev.contractkit.sdk.agent.events.model.ReasoningMessageChunkEvent;
import dev.contractkit.sdk.agent.events.model.ReasoningMessageContentEvent;
import dev.contractkit.sdk.agent.events.model.ReasoningMessageEndEvent;
import dev.contractkit.sdk.agent.events.model.ReasoningMessageStartEvent;
import dev.contractkit.sdk.agent.events.model.ReasoningStartEvent;
import dev.contractkit.sdk.agent.events.model.RunErrorEvent;
import dev.contractkit.sdk.agent.events.model.RunFinishedEvent;
import dev.contractkit.sdk.agent.events.model.RunStartedEvent;
import dev.contractkit.sdk.agent.events.model.StateDeltaEvent;
import dev.contractkit.sdk.agent.events.model.StateSnapshotEvent;
import dev.contractkit.sdk.agent.events.model.StepFinishedEvent;
import dev.contractkit.sdk.agent.events.model.StepStartedEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageChunkEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageContentEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageEndEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageStartEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallArgsEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallChunkEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallEndEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallResultEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallStartEvent;

import java.io.IOException;

/** Maps one event's JSON onto its {@link AgentEvent} record through the generated models. */
final class AgentEventDecoder {
    private AgentEventDecoder() {
    }

    static AgentEvent decode(JsonNode json) {
        String type = json.path("type").asText("");
        try {
            if (type.equals("CUSTOM")) {
                AgentEvent kit = switch (json.path("name").asText("")) {
                    case "kit.run_config" -> new AgentEvent.RunConfigResolved(read(json, KitRunConfigEvent.class), json);
                    case "kit.sql_audit" -> new AgentEvent.SqlAuditReported(read(json, KitSqlAuditEvent.class), json);
                    case "kit.token_usage" -> new AgentEvent.TokenUsageReported(read(json, KitTokenUsageEvent.class), json);
                    case "kit.artifact" -> new AgentEvent.ArtifactCreated(read(json, KitArtifactEvent.class), json);
                    case "kit.workspace" -> new AgentEvent.WorkspaceReported(read(json, KitWorkspaceEvent.class), json);
                    default -> null;
                };
                if (kit != null) {
                    return kit;
                }
            }
            return switch (type) {
                case "RUN_STARTED" -> new AgentEvent.RunStarted(read(json, RunStartedEvent.class), json);
                case "RUN_FINISHED" -> new AgentEvent.RunFinished(read(json, RunFinishedEvent.class), json);
                case "RUN_ERROR" -> new AgentEvent.RunError(read(json, RunErrorEvent.class), json);
                case "STEP_STARTED" -> new AgentEvent.StepStarted(read(json, StepStartedEvent.class), json);
                case "STEP_FINISHED" -> new AgentEvent.StepFinished(read(json, StepFinishedEvent.class), json);
                case "TEXT_MESSAGE_START" -> new AgentEvent.TextMessageStart(read(json, TextMessageStartEvent.class), json);
                case "TEXT_MESSAGE_CONTENT" -> new AgentEvent.TextMessageContent(read(json, TextMessageContentEvent.class), json);
                case "TEXT_MESSAGE_END" -> new AgentEvent.TextMessageEnd(read(json, TextMessageEndEvent.class), json);
                case "TEXT_MESSAGE_CHUNK" -> new AgentEvent.TextMessageChunk(read(json, TextMessageChunkEvent.class), json);
                case "TOOL_CALL_START" -> new AgentEvent.ToolCallStart(read(json, ToolCallStartEvent.class), json);
                case "TOOL_CALL_ARGS" -> new AgentEvent.ToolCallArgs(read(json, ToolCallArgsEvent.class), json);
                case "TOOL_CALL_END" -> new AgentEvent.ToolCallEnd(read(json, ToolCallEndEvent.class), json);
                case "TOOL_CALL_CHUNK" -> new AgentEvent.ToolCallChunk(read(json, ToolCallChunkEvent.class), json);
                case "TOOL_CALL_RESULT" -> new AgentEvent.ToolCallResult(read(json, ToolCallResultEvent.class), json);
                case "REASONING_START" -> new AgentEvent.ReasoningStart(read(json, ReasoningStartEvent.class), json);
                case "REASONING_MESSAGE_START" -> new AgentEvent.ReasoningMessageStart(read(json, ReasoningMessageStartEvent.class), json);
                case "REASONING_MESSAGE_CONTENT" -> new AgentEvent.ReasoningMessageContent(read(json, ReasoningMessageContentEvent.class), json);
                case "REASONING_MESSAGE_END" -> new AgentEvent.ReasoningMessageEnd(read(json, ReasoningMessageEndEvent.class), json);
                case "REASONING_MESSAGE_CHUNK" -> new AgentEvent.ReasoningMessageChunk(read(json, ReasoningMessageChunkEvent.class), json);
                case "REASONING_END" -> new AgentEvent.ReasoningEnd(read(json, ReasoningEndEvent.class), json);
                case "STATE_SNAPSHOT" -> new AgentEvent.StateSnapshot(read(json, StateSnapshotEvent.class), json);
                case "STATE_DELTA" -> new AgentEvent.StateDelta(read(json, StateDeltaEvent.class), json);
                case "MESSAGES_SNAPSHOT" -> new AgentEvent.MessagesSnapshot(read(json, MessagesSnapshotEvent.class), json);
                case "ACTIVITY_SNAPSHOT" -> new AgentEvent.ActivitySnapshot(read(json, ActivitySnapshotEvent.class), json);
                case "ACTIVITY_DELTA" -> new AgentEvent.ActivityDelta(read(json, ActivityDeltaEvent.class), json);
                case "RAW" -> new AgentEvent.Raw(read(json, RawEvent.class), json);
                case "CUSTOM" -> new AgentEvent.Custom(read(json, CustomEvent.class), json);
                default -> new AgentEvent.Unknown(type, json);
            };
        } catch (IOException | IllegalArgumentException broken) {
            return new AgentEvent.Unknown(type, json);
        }
    }

    private static <M> M read(JsonNode json, Class<M> type) throws IOException {
        return Http.MAPPER.treeToValue(json, type);
    }
}
