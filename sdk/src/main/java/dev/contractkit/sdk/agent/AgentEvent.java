package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.agent.events.model.ActivityDeltaEvent;
import dev.contractkit.sdk.agent.events.model.ActivitySnapshotEvent;
import dev.contractkit.sdk.agent.events.model.ArtifactRef;
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
import dev.contractkit.sdk.agent.events.model.ResolvedRunConfig;
import dev.contractkit.sdk.agent.events.model.RunErrorEvent;
import dev.contractkit.sdk.agent.events.model.RunFinishedEvent;
import dev.contractkit.sdk.agent.events.model.RunStartedEvent;
import dev.contractkit.sdk.agent.events.model.SqlAudit;
import dev.contractkit.sdk.agent.events.model.StateDeltaEvent;
import dev.contractkit.sdk.agent.events.model.StateSnapshotEvent;
import dev.contractkit.sdk.agent.events.model.StepFinishedEvent;
import dev.contractkit.sdk.agent.events.model.StepStartedEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageChunkEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageContentEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageEndEvent;
import dev.contractkit.sdk.agent.events.model.TextMessageStartEvent;
import dev.contractkit.sdk.agent.events.model.TokenUsage;
import dev.contractkit.sdk.agent.events.model.ToolCallArgsEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallChunkEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallEndEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallResultEvent;
import dev.contractkit.sdk.agent.events.model.ToolCallStartEvent;
import dev.contractkit.sdk.agent.events.model.WorkspaceInfo;

/**
 * One AG-UI 1.0 event of an agent run (contract {@code specs/asyncapi/agent-events.yaml}): one record per event
 * type, each holding the model generated from the AsyncAPI document and the JSON as received; the kit's CUSTOM
 * events ({@code kit.*}) have records of their own; a type this SDK does not know is {@link Unknown}.
 *
 * <pre>{@code
 * for (AgentEvent e : run) {
 *     switch (e) {
 *         case AgentEvent.TextMessageContent c -> System.out.print(c.event().getDelta());
 *         case AgentEvent.ArtifactCreated a -> System.out.println("artifact " + a.value().getDownloadPath());
 *         case AgentEvent.RunError err -> System.err.println(err.event().getCode());
 *         default -> { }
 *     }
 * }
 * }</pre>
 */
public sealed interface AgentEvent {
    /** @return the event's {@code type}, e.g. {@code TEXT_MESSAGE_CONTENT} */
    String type();

    /** @return the event as received */
    JsonNode json();

    /**
     * {@code RUN_STARTED}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record RunStarted(RunStartedEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "RUN_STARTED";
        }
    }

    /**
     * {@code RUN_FINISHED}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record RunFinished(RunFinishedEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "RUN_FINISHED";
        }
    }

    /**
     * {@code RUN_ERROR}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record RunError(RunErrorEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "RUN_ERROR";
        }
    }

    /**
     * {@code STEP_STARTED}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record StepStarted(StepStartedEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "STEP_STARTED";
        }
    }

    /**
     * {@code STEP_FINISHED}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record StepFinished(StepFinishedEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "STEP_FINISHED";
        }
    }

    /**
     * {@code TEXT_MESSAGE_START}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record TextMessageStart(TextMessageStartEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TEXT_MESSAGE_START";
        }
    }

    /**
     * {@code TEXT_MESSAGE_CONTENT}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record TextMessageContent(TextMessageContentEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TEXT_MESSAGE_CONTENT";
        }
    }

    /**
     * {@code TEXT_MESSAGE_END}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record TextMessageEnd(TextMessageEndEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TEXT_MESSAGE_END";
        }
    }

    /**
     * {@code TEXT_MESSAGE_CHUNK}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record TextMessageChunk(TextMessageChunkEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TEXT_MESSAGE_CHUNK";
        }
    }

    /**
     * {@code TOOL_CALL_START}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ToolCallStart(ToolCallStartEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TOOL_CALL_START";
        }
    }

    /**
     * {@code TOOL_CALL_ARGS}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ToolCallArgs(ToolCallArgsEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TOOL_CALL_ARGS";
        }
    }

    /**
     * {@code TOOL_CALL_END}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ToolCallEnd(ToolCallEndEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TOOL_CALL_END";
        }
    }

    /**
     * {@code TOOL_CALL_CHUNK}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ToolCallChunk(ToolCallChunkEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TOOL_CALL_CHUNK";
        }
    }

    /**
     * {@code TOOL_CALL_RESULT}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ToolCallResult(ToolCallResultEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "TOOL_CALL_RESULT";
        }
    }

    /**
     * {@code REASONING_START}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ReasoningStart(ReasoningStartEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "REASONING_START";
        }
    }

    /**
     * {@code REASONING_MESSAGE_START}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ReasoningMessageStart(ReasoningMessageStartEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "REASONING_MESSAGE_START";
        }
    }

    /**
     * {@code REASONING_MESSAGE_CONTENT}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ReasoningMessageContent(ReasoningMessageContentEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "REASONING_MESSAGE_CONTENT";
        }
    }

    /**
     * {@code REASONING_MESSAGE_END}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ReasoningMessageEnd(ReasoningMessageEndEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "REASONING_MESSAGE_END";
        }
    }

    /**
     * {@code REASONING_MESSAGE_CHUNK}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ReasoningMessageChunk(ReasoningMessageChunkEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "REASONING_MESSAGE_CHUNK";
        }
    }

    /**
     * {@code REASONING_END}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ReasoningEnd(ReasoningEndEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "REASONING_END";
        }
    }

    /**
     * {@code STATE_SNAPSHOT}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record StateSnapshot(StateSnapshotEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "STATE_SNAPSHOT";
        }
    }

    /**
     * {@code STATE_DELTA}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record StateDelta(StateDeltaEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "STATE_DELTA";
        }
    }

    /**
     * {@code MESSAGES_SNAPSHOT}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record MessagesSnapshot(MessagesSnapshotEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "MESSAGES_SNAPSHOT";
        }
    }

    /**
     * {@code ACTIVITY_SNAPSHOT}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ActivitySnapshot(ActivitySnapshotEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "ACTIVITY_SNAPSHOT";
        }
    }

    /**
     * {@code ACTIVITY_DELTA}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record ActivityDelta(ActivityDeltaEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "ACTIVITY_DELTA";
        }
    }

    /**
     * {@code RAW}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record Raw(RawEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "RAW";
        }
    }

    /**
     * {@code CUSTOM}.
     *
     * @param event the generated model
     * @param json the event as received
     */
    record Custom(CustomEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "CUSTOM";
        }
    }

    /**
     * CUSTOM {@code kit.run_config}.
     *
     * @param event the generated model ({@code value()} is the ResolvedRunConfig)
     * @param json the event
     */
    record RunConfigResolved(KitRunConfigEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "CUSTOM";
        }

        /** @return the event's value */
        public ResolvedRunConfig value() {
            return event.getValue();
        }
    }

    /**
     * CUSTOM {@code kit.sql_audit}.
     *
     * @param event the generated model ({@code value()} is the SqlAudit)
     * @param json the event
     */
    record SqlAuditReported(KitSqlAuditEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "CUSTOM";
        }

        /** @return the event's value */
        public SqlAudit value() {
            return event.getValue();
        }
    }

    /**
     * CUSTOM {@code kit.token_usage}.
     *
     * @param event the generated model ({@code value()} is the TokenUsage)
     * @param json the event
     */
    record TokenUsageReported(KitTokenUsageEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "CUSTOM";
        }

        /** @return the event's value */
        public TokenUsage value() {
            return event.getValue();
        }
    }

    /**
     * CUSTOM {@code kit.artifact}.
     *
     * @param event the generated model ({@code value()} is the ArtifactRef)
     * @param json the event
     */
    record ArtifactCreated(KitArtifactEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "CUSTOM";
        }

        /** @return the event's value */
        public ArtifactRef value() {
            return event.getValue();
        }
    }

    /**
     * CUSTOM {@code kit.workspace}.
     *
     * @param event the generated model ({@code value()} is the WorkspaceInfo)
     * @param json the event
     */
    record WorkspaceReported(KitWorkspaceEvent event, JsonNode json) implements AgentEvent {
        @Override
        public String type() {
            return "CUSTOM";
        }

        /** @return the event's value */
        public WorkspaceInfo value() {
            return event.getValue();
        }
    }

    /**
     * An event whose type this SDK does not know, or that does not fit its model.
     *
     * @param type its type
     * @param json the event
     */
    record Unknown(String type, JsonNode json) implements AgentEvent {
    }
}
