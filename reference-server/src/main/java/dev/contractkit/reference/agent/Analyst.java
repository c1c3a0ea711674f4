package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ModelProfiles;
import dev.langchain4j.model.output.TokenUsage;

import java.sql.SQLException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The deterministic data-analysis agent (no model, no network): it reads the question, reports the resolved
 * run config, thinks aloud (a reasoning summary), looks up the knowledge bases, inspects the active data
 * source's schema and runs one read-only aggregate query as tool calls, saves the table as a CSV artifact and
 * streams a Markdown answer. {@code pause} (setting {@code agent.step-delay}) spaces the steps out so that
 * streaming and cancel can be watched. This class runs the run's frame (start, config, token usage, how it ends);
 * {@link QuestionAnalysis} does the steps in between.
 */
final class Analyst {
    private static final Logger LOG = Logger.getLogger(Analyst.class.getName());
    /** How a run ended. */
    enum FinalStatus { COMPLETED, CANCELED, FAILED }

    private final ObjectMapper mapper;
    private final AgentStore store;
    private final Workspace workspace;
    private final Duration pause;
    private final QuestionAnalysis analysis;
    private final ModelProfiles profiles;
    private final ModelRun model;

    /** @param profiles the configured model profiles: a run on one of them is a {@link ModelRun} */
    Analyst(ObjectMapper mapper, AgentStore store, Workspace workspace, SqlTool sql, Duration pause,
            McpAddressPolicy mcpAddresses, ModelProfiles profiles) {
        this.mapper = mapper;
        this.store = store;
        this.workspace = workspace;
        this.pause = pause;
        this.analysis = new QuestionAnalysis(mapper, store, workspace, sql, mcpAddresses);
        this.profiles = profiles;
        this.model = new ModelRun(mapper, store, workspace, sql, mcpAddresses);
    }

    /** Resolves the run's config (after RUN_STARTED has gone out: its reads are not on the first event's path). */
    interface Config {
        RunConfigResolver.Resolution resolve();
    }

    FinalStatus run(JsonNode input, Config resolution, EventSink sink, ActiveRun run) {
        String runId = run.runId();
        String threadId = run.threadId();
        RunEvents events = new RunEvents(sink, run, pause);
        ObjectNode echo = mapper.createObjectNode().put("threadId", threadId).put("runId", runId);
        // the question, so that history restores the whole conversation; a copy: the sink redacts events in place
        echo.set("messages", input.path("messages").deepCopy());
        sink.emit((ObjectNode) sink.event("RUN_STARTED").put("threadId", threadId).put("runId", runId).set("input", echo));
        try {
            RunConfigResolver.Resolution config = resolution.resolve();
            events.custom("kit.run_config", config.config());
            if (config.errorCode() != null) {
                sink.emit(sink.event("RUN_ERROR").put("message", config.errorMessage()).put("code", config.errorCode()));
                return FinalStatus.FAILED;
            }
            Workspace.Resource skill = config.text("activeSkillId") == null ? null : workspace.find("skill", config.text("activeSkillId"));
            if (skill != null && skill.node().hasNonNull("stepDelay")) {
                run.pauseAtLeast(Duration.parse(skill.node().path("stepDelay").asText())); // e.g. skill-slow-walkthrough
            }
            ObjectNode snapshot = mapper.createObjectNode();
            snapshot.set("run_config", config.config());
            sink.emit((ObjectNode) sink.event("STATE_SNAPSHOT").set("snapshot", snapshot));
            events.custom("kit.workspace", workspaceInfo(config));
            events.pause();
            String question = Question.of(input);
            ObjectNode result = mapper.createObjectNode();
            ArrayNode artifacts = mapper.createArrayNode();
            ObjectNode usage = mapper.createObjectNode().put("llmProfileId", config.text("activeLlmProfileId"));
            var profile = profiles.find(config.text("activeLlmProfileId"));
            if (profile.isPresent()) { // a model: the tool loop, the provider's token usage
                ModelRun.Answer answer = model.answer(question, config, profile.get(), events);
                if (answer.messageId() != null) {
                    result.put("answerMessageId", answer.messageId());
                }
                answer.artifactIds().forEach(artifacts::add);
                TokenUsage tokens = answer.usage();
                usage.put("inputTokens", tokens == null || tokens.inputTokenCount() == null ? 0 : tokens.inputTokenCount())
                        .put("outputTokens", tokens == null || tokens.outputTokenCount() == null ? 0 : tokens.outputTokenCount());
                usage.put("totalTokens", tokens == null || tokens.totalTokenCount() == null
                        ? usage.get("inputTokens").asInt() + usage.get("outputTokens").asInt() : tokens.totalTokenCount());
            } else {
                QuestionAnalysis.Answer answer = analysis.answer(question, config, events);
                result.put("answerMessageId", runId + "-answer");
                answer.artifactIds().forEach(artifacts::add);
                usage.put("inputTokens", words(question)).put("outputTokens", words(answer.text()));
                usage.put("totalTokens", usage.get("inputTokens").asInt() + usage.get("outputTokens").asInt());
            }
            result.set("artifactIds", artifacts);
            events.custom("kit.token_usage", usage);
            ObjectNode finished = sink.event("RUN_FINISHED").put("threadId", threadId).put("runId", runId);
            finished.putObject("outcome").put("type", "success");
            sink.emit((ObjectNode) finished.set("result", result));
            return FinalStatus.COMPLETED;
        } catch (ActiveRun.Cancelled e) {
            sink.closeOpen();
            sink.emit(cancelled(sink, threadId, runId));
            return FinalStatus.CANCELED;
        } catch (ModelStream.Failure e) { // the provider: rate limited, unreachable, failed; nothing saved
            sink.closeOpen();
            LOG.log(Level.INFO, "agent run " + runId + ": " + e.getMessage());
            sink.emit(sink.event("RUN_ERROR").put("message", e.getMessage()).put("code", e.code()));
            return FinalStatus.FAILED;
        } catch (SqlCalls.Failure e) {
            sink.closeOpen();
            sink.emit(sink.event("RUN_ERROR").put("message", e.getMessage()).put("code", "SQL_FAILED"));
            return FinalStatus.FAILED;
        } catch (RuntimeException | SQLException e) {
            if (run.isCancelled()) {
                sink.closeOpen();
                sink.emit(cancelled(sink, threadId, runId));
                return FinalStatus.CANCELED;
            }
            // The failure's own text (a SQL message, a stack's detail) stays in the server's log, not in the stream.
            LOG.log(Level.WARNING, "agent run " + runId + " failed", e);
            sink.emit(sink.event("RUN_ERROR").put("message", "the agent failed; the server's log has the details (run "
                    + runId + ")").put("code", "INTERNAL_ERROR"));
            return FinalStatus.FAILED;
        }
    }

    /** RUN_FINISHED of a cancelled run, with AG-UI 1.0's outcome object {@code {"type":"cancelled"}}. */
    private static ObjectNode cancelled(EventSink sink, String threadId, String runId) {
        ObjectNode finished = sink.event("RUN_FINISHED").put("threadId", threadId).put("runId", runId);
        finished.putObject("outcome").put("type", "cancelled");
        return finished;
    }

    /** The {@code kit.workspace} event's value: the workspace and the run's enabled data sources, knowledge, skills. */
    private ObjectNode workspaceInfo(RunConfigResolver.Resolution config) {
        ObjectNode w = mapper.createObjectNode().put("workspaceId", workspace.id());
        ArrayNode dss = w.putArray("datasources");
        for (AgentStore.Datasource d : store.datasources()) {
            if (config.ids("enabledDatasourceIds").contains(d.id())) {
                dss.addObject().put("id", d.id()).put("name", d.name());
            }
        }
        ArrayNode kbs = w.putArray("knowledgeBases");
        config.ids("enabledKnowledgeIds").forEach(id -> kbs.addObject().put("id", id).put("name", workspace.find("kb", id).name()));
        ArrayNode skills = w.putArray("skills");
        config.ids("enabledSkillIds").forEach(id -> skills.addObject().put("id", id).put("name", workspace.find("skill", id).name()));
        return w;
    }

    private static int words(String s) {
        String t = s.trim();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }
}
