package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ModelProfiles;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.output.TokenUsage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run on a model profile: the usual tool loop. The model gets the system instructions (the agent's, then the
 * skill's, see {@link SkillShape}), the question and the tools ({@link ModelTools}); its streamed text becomes
 * TEXT_MESSAGE_*, its streamed reasoning (where the provider sends one) REASONING_*, its streamed tool calls
 * TOOL_CALL_START/ARGS/END, and each call's result TOOL_CALL_RESULT, until it answers without calling a tool (at
 * most {@link #MAX_ROUNDS} rounds). The queries' tables are saved as CSV artifacts only once it has answered, so a
 * provider failure leaves no artifact behind.
 */
final class ModelRun {
    static final int MAX_ROUNDS = 8;
    private static final String AGENT = """
            You are a data-analysis agent. Answer the user's question from the data: look at the active data source's \
            tables with the tools, query it with read-only SQL, and answer from the results only. Never invent numbers.""";

    /** The answer's text, its message id, the saved artifacts and the provider's token usage (summed over rounds). */
    record Answer(String text, String messageId, List<String> artifactIds, TokenUsage usage) {
    }

    private final ObjectMapper mapper;
    private final AgentStore store;
    private final Workspace workspace;
    private final SqlTool sql;
    private final CsvArtifacts csv;
    private final McpAddressPolicy mcpAddresses;

    ModelRun(ObjectMapper mapper, AgentStore store, Workspace workspace, SqlTool sql, McpAddressPolicy mcpAddresses) {
        this.mapper = mapper;
        this.mcpAddresses = mcpAddresses;
        this.store = store;
        this.workspace = workspace;
        this.sql = sql;
        this.csv = new CsvArtifacts(mapper, store);
    }

    Answer answer(String question, RunConfigResolver.Resolution config, ModelProfiles.Profile profile, RunEvents events) {
        SkillShape shape = SkillShape.of(config, workspace);
        try (ModelTools tools = new ModelTools(mapper, store, workspace, sql, config, shape, mcpAddresses, events)) {
            return answer(question, config, profile, events, shape, tools);
        }
    }

    private Answer answer(String question, RunConfigResolver.Resolution config, ModelProfiles.Profile profile,
                          RunEvents events, SkillShape shape, ModelTools tools) {
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(SystemMessage.from(AGENT + "\nThe active data source is `" + config.text("activeDatasourceId")
                + "`.\n" + shape.systemInstructions()));
        messages.add(UserMessage.from(question));
        String runId = events.runId();
        TokenUsage usage = null;
        StringBuilder answer = new StringBuilder();
        String answerId = null;
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            if (events.run().isCancelled()) { // cancelled before this round: the provider is not asked (nor billed)
                throw new ActiveRun.Cancelled();
            }
            ModelStream stream = new ModelStream();
            ChatRequest request = ChatRequest.builder().messages(messages)
                    .toolSpecifications(round < MAX_ROUNDS ? tools.specifications() : List.of()).build();
            try {
                profile.client().chat(request, stream);
            } catch (RuntimeException e) { // refused before anything was sent
                throw ModelStream.failure(profile.id(), e);
            }
            Round r = new Round(runId + "-r" + round, events);
            AiMessage reply = r.read(stream, events.run(), profile.id());
            usage = usage == null ? r.usage : r.usage == null ? usage : usage.add(r.usage);
            if (r.text.length() > 0) {
                answer.setLength(0);
                answer.append(r.text);
                answerId = r.textId;
            }
            if (!reply.hasToolExecutionRequests()) {
                break;
            }
            messages.add(reply);
            for (int i = 0; i < reply.toolExecutionRequests().size(); i++) {
                ToolExecutionRequest call = reply.toolExecutionRequests().get(i);
                String callId = r.replyIds.get(i);
                events.stepStarted(call.name());
                String result = tools.call(callId, call.name(), call.arguments(), events);
                events.stepFinished(call.name());
                messages.add(ToolExecutionResultMessage.from(call, result));
            }
        }
        List<String> artifacts = new ArrayList<>();
        int n = 0;
        for (ModelTools.Query q : tools.queries()) {
            artifacts.add(csv.save(q.table(), "query-" + (++n), events));
        }
        return new Answer(answer.toString(), answerId, artifacts, usage);
    }

    /** One streamed answer of the model, drawn as events as it arrives. */
    private static final class Round {
        private final String prefix;
        private final RunEvents events;
        private final StringBuilder text = new StringBuilder();
        private final Map<Integer, String> calls = new LinkedHashMap<>();
        private final Map<String, String> byProviderId = new HashMap<>();
        /** The run's ids of the reply's tool calls, in order. */
        private final List<String> replyIds = new ArrayList<>();
        private int segments;
        private int thoughts;
        private String textId;
        private String reasoningId;
        private boolean textOpen;
        private TokenUsage usage;

        Round(String prefix, RunEvents events) {
            this.prefix = prefix;
            this.events = events;
        }

        AiMessage read(ModelStream stream, ActiveRun run, String profile) {
            while (true) {
                ModelStream.Piece piece = stream.next(run);
                switch (piece) {
                    case ModelStream.Thinking t -> {
                        closeText();
                        if (reasoningId == null) {
                            reasoningId = prefix + "-reasoning" + (thoughts++ == 0 ? "" : "-" + thoughts);
                            events.emit(events.event("REASONING_START").put("messageId", reasoningId));
                            events.emit(events.event("REASONING_MESSAGE_START").put("messageId", reasoningId + "-msg")
                                    .put("role", "reasoning"));
                        }
                        events.emit(events.event("REASONING_MESSAGE_CONTENT").put("messageId", reasoningId + "-msg")
                                .put("delta", t.delta()));
                    }
                    case ModelStream.Text t -> {
                        closeReasoning();
                        if (!textOpen) {
                            textId = prefix + "-answer" + (segments++ == 0 ? "" : "-" + segments);
                            events.emit(events.event("TEXT_MESSAGE_START").put("messageId", textId).put("role", "assistant"));
                            textOpen = true;
                        }
                        events.emit(events.event("TEXT_MESSAGE_CONTENT").put("messageId", textId).put("delta", t.delta()));
                        text.append(t.delta());
                    }
                    case ModelStream.ToolPart p -> {
                        closeReasoning();
                        closeText();
                        String id = calls.get(p.index());
                        if (id == null) {
                            id = prefix + "-call-" + p.index();
                            calls.put(p.index(), id);
                            if (p.id() != null) {
                                byProviderId.put(p.id(), id);
                            }
                            events.emit(events.event("TOOL_CALL_START").put("toolCallId", id)
                                    .put("toolCallName", p.name() == null ? "" : p.name()));
                        }
                        if (p.arguments() != null && !p.arguments().isEmpty()) {
                            events.emit(events.event("TOOL_CALL_ARGS").put("toolCallId", id).put("delta", p.arguments()));
                        }
                    }
                    case ModelStream.Done d -> {
                        closeReasoning();
                        closeText();
                        AiMessage reply = d.response().aiMessage();
                        usage = d.response().tokenUsage();
                        if (reply.hasToolExecutionRequests()) {
                            int i = 0;
                            for (ToolExecutionRequest call : reply.toolExecutionRequests()) {
                                String id = callId(call, i);
                                replyIds.add(id);
                                if (!calls.containsValue(id)) { // a provider that sent the call in one piece
                                    events.emit(events.event("TOOL_CALL_START").put("toolCallId", id).put("toolCallName", call.name()));
                                    events.emit(events.event("TOOL_CALL_ARGS").put("toolCallId", id).put("delta", call.arguments()));
                                }
                                events.emit(events.event("TOOL_CALL_END").put("toolCallId", id));
                                i++;
                            }
                        }
                        return reply;
                    }
                    case ModelStream.Failed f -> throw ModelStream.failure(profile, f.error());
                }
            }
        }

        private String callId(ToolExecutionRequest call, int index) {
            String id = call.id() == null ? null : byProviderId.get(call.id());
            if (id == null) {
                id = calls.getOrDefault(index, prefix + "-call-" + index);
                if (call.id() != null) {
                    byProviderId.put(call.id(), id);
                }
            }
            return id;
        }

        private void closeText() {
            if (textOpen) {
                events.emit(events.event("TEXT_MESSAGE_END").put("messageId", textId));
                textOpen = false;
            }
        }

        private void closeReasoning() {
            if (reasoningId != null) {
                events.emit(events.event("REASONING_MESSAGE_END").put("messageId", reasoningId + "-msg"));
                events.emit(events.event("REASONING_END").put("messageId", reasoningId));
                reasoningId = null;
            }
        }
    }
}
