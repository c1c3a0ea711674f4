package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The deterministic data-analysis agent (no model, no network): it reads the question, reports the resolved
 * run config, thinks aloud (a reasoning summary), looks up the knowledge bases, inspects the active data
 * source's schema and runs one read-only aggregate query as tool calls, saves the table as a CSV artifact and
 * streams a Markdown answer. {@code pause} (setting {@code agent.step-delay}) spaces the steps out so that
 * streaming and cancel can be watched.
 */
final class Analyst {
    private static final Logger LOG = Logger.getLogger(Analyst.class.getName());
    /** How a run ended. */
    enum FinalStatus { COMPLETED, CANCELED, FAILED }

    private final ObjectMapper mapper;
    private final AgentStore store;
    private final Workspace workspace;
    private final SqlTool sql;
    private final Duration pause;
    private final McpAddressPolicy mcpAddresses;

    Analyst(ObjectMapper mapper, AgentStore store, Workspace workspace, SqlTool sql, Duration pause,
            McpAddressPolicy mcpAddresses) {
        this.mcpAddresses = mcpAddresses;
        this.mapper = mapper;
        this.store = store;
        this.workspace = workspace;
        this.sql = sql;
        this.pause = pause;
    }

    /** Resolves the run's config (after RUN_STARTED has gone out: its reads are not on the first event's path). */
    interface Config {
        RunConfigResolver.Resolution resolve();
    }

    FinalStatus run(JsonNode input, Config resolution, EventSink sink, ActiveRun run) {
        String runId = run.runId();
        String threadId = run.threadId();
        ObjectNode echo = mapper.createObjectNode().put("threadId", threadId).put("runId", runId);
        // the question, so that history restores the whole conversation; a copy: the sink redacts events in place
        echo.set("messages", input.path("messages").deepCopy());
        sink.emit((ObjectNode) sink.event("RUN_STARTED").put("threadId", threadId).put("runId", runId).set("input", echo));
        try {
            RunConfigResolver.Resolution config = resolution.resolve();
            custom(sink, "kit.run_config", config.config());
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
            custom(sink, "kit.workspace", workspaceInfo(config));
            run.pause(pause);
            String question = Question.of(input);
            AgentStore.Datasource ds = store.datasource(config.text("activeDatasourceId")).orElseThrow();
            List<PinnedPaths.Ref> pinned = PinnedPaths.check("pinnedPaths", config.ids("pinnedPaths"), store, threadId);
            JsonNode previousPlan = store.lastQueryPlan(threadId, runId);

            reasoning(sink, run, runId + "-reasoning", "The question: \"" + clip(question) + "\". Plan: inspect the schema of `"
                    + ds.id() + "`" + (config.ids("fileIds").isEmpty() && pinned.isEmpty() ? "" : ", read the run's files as tables")
                    + ", choose the table and columns the question names" + (previousPlan == null ? "" : " (or follow up the thread's last question)")
                    + ", run one read-only query and answer with a table"
                    + (config.text("activeSkillId") == null ? "" : " (skill `" + config.text("activeSkillId") + "`"
                    + ("auto".equals(config.text("skill_mode")) ? ", chosen by the question" : "") + ")")
                    + "." + skillInstructions(config));

            List<String> notes = knowledge(config, question, sink, runId);
            notes.addAll(mcp(config, question, sink, run));
            SqlTool.Schema schema = inspect(ds, sink, runId);
            List<String> fileIds = new ArrayList<>(config.ids("fileIds"));
            if (previousPlan != null && previousPlan.path("source").asText().equals("files")) {
                previousPlan.path("fileIds").forEach(f -> {
                    if (!fileIds.contains(f.asText())) {
                        fileIds.add(f.asText());
                    }
                });
            }
            String answer = "";
            ObjectNode result = mapper.createObjectNode().put("answerMessageId", runId + "-answer");
            ArrayNode artifacts = result.putArray("artifactIds");
            try (FileTables files = fileIds.isEmpty() && pinned.isEmpty() ? null : openFiles()) {
                List<String> loaded = files == null ? List.of() : readFiles(files, fileIds, pinned, sink, run);
                List<Tables.Table> tables = new ArrayList<>(files == null ? List.of() : files.tables());
                tables.addAll(schema.tables());
                Query previous = previousPlan == null ? null : Query.of(previousPlan, tables);
                QueryPlanner.Plan planned = QueryPlanner.plan(question, tables, previous, loaded);
                Query query = planned.query();
                String title;
                String name;
                String statement;
                String note = null;
                if (query != null) {
                    custom(sink, "kit.query_plan", query.json(mapper));
                    reasoning(sink, run, runId + "-plan", (planned.followUp() ? "A follow-up of the thread's last question ("
                            + previous.sql() + "). " : "") + query.summary());
                    title = query.title() + (planned.followUp() ? " (follow-up)" : "");
                    name = query.name();
                    statement = query.sql();
                } else if (ds.embedded()) {
                    Plan plan = Plan.of(question); // the built-in sample: its overview, saying why
                    note = "I could not plan this question: " + planned.cannot() + ". Here is the sample's overview instead.";
                    reasoning(sink, run, runId + "-plan", note + " " + plan.summary(ds.id(), config.text("activeSkillId")));
                    title = plan.title();
                    name = plan.name();
                    statement = plan.sql();
                } else {
                    reasoning(sink, run, runId + "-plan", "I cannot answer this: " + planned.cannot() + ".");
                    answer = cannot(planned.cannot(), ds, sink, run, runId);
                    title = null;
                    name = null;
                    statement = null;
                }
                if (statement != null) {
                    boolean onFiles = query != null && query.source().equals("files");
                    SqlTool.Table table = onFiles ? query(files::connect, "files", statement, sink, run)
                            : query(ds, statement, sink, run);
                    artifacts.add(artifact(table, name, sink, threadId, runId));
                    answer = answer(title, note, onFiles ? "the run's files" : "data source `" + ds.id() + "`", table, notes,
                            config, sink, run, runId);
                }
            }
            ObjectNode usage = mapper.createObjectNode().put("llmProfileId", config.text("activeLlmProfileId"))
                    .put("inputTokens", words(question)).put("outputTokens", words(answer));
            usage.put("totalTokens", usage.get("inputTokens").asInt() + usage.get("outputTokens").asInt());
            custom(sink, "kit.token_usage", usage);
            ObjectNode finished = sink.event("RUN_FINISHED").put("threadId", threadId).put("runId", runId);
            finished.putObject("outcome").put("type", "success");
            sink.emit((ObjectNode) finished.set("result", result));
            return FinalStatus.COMPLETED;
        } catch (ActiveRun.Cancelled e) {
            sink.closeOpen();
            sink.emit(cancelled(sink, threadId, runId));
            return FinalStatus.CANCELED;
        } catch (SqlFailure e) {
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

    /** @return the active skill's instructions as a sentence for the reasoning summary, or "" */
    private String skillInstructions(RunConfigResolver.Resolution config) {
        String id = config.text("activeSkillId");
        Workspace.Resource skill = id == null ? null : workspace.find("skill", id);
        String text = skill == null ? "" : skill.node().path("instructions").asText("").trim();
        return text.isEmpty() ? "" : " Skill `" + id + "` says: " + text;
    }

    private static final class SqlFailure extends RuntimeException {
        SqlFailure(String message) {
            super(message);
        }
    }

    private List<String> knowledge(RunConfigResolver.Resolution config, String question, EventSink sink, String runId) {
        List<String> notes = new ArrayList<>();
        List<String> kbs = config.ids("enabledKnowledgeIds");
        if (kbs.isEmpty()) {
            return notes;
        }
        String call = runId + "-call-kb";
        tool(sink, call, "search_knowledge", mapper.createObjectNode().put("query", question)
                .set("knowledgeIds", mapper.valueToTree(kbs)));
        ArrayNode hits = mapper.createArrayNode();
        for (String kb : kbs) {
            for (Workspace.Hit h : workspace.search(kb, question)) {
                hits.addObject().put("knowledgeId", kb).put("title", h.title()).put("text", h.text()).put("score", h.score());
                if (notes.size() < 2) {
                    notes.add(h.title() + ": " + h.text());
                }
            }
        }
        result(sink, runId + "-tool-kb", call, mapper.createObjectNode().set("hits", hits));
        return notes;
    }

    /**
     * Per enabled MCP server: lists its tools ({@code mcp_list_tools}) and calls the one the question names
     * ({@link McpTool#pick}) as an AG-UI tool call named like the tool. A server that cannot be reached gives an
     * error result and the run goes on, as does one whose address {@link McpAddressPolicy} refuses. The server's
     * token is sent by {@link McpTool} and redacted from results.
     */
    private List<String> mcp(RunConfigResolver.Resolution config, String question, EventSink sink, ActiveRun run) {
        List<String> notes = new ArrayList<>();
        String runId = run.runId();
        for (String id : config.ids("enabledMcpServerIds")) {
            Workspace.Resource server = workspace.find("mcp", id);
            if (server == null) {
                continue;
            }
            String token = workspace.secret("mcp", id);
            String step = "mcp_" + id;
            String listCall = runId + "-call-mcp-" + id + "-tools";
            String call = runId + "-call-mcp-" + id;
            sink.emit(sink.event("STEP_STARTED").put("stepName", step));
            tool(sink, listCall, "mcp_list_tools", mapper.createObjectNode().put("mcpServerId", id));
            boolean listed = false;
            boolean started = false;
            boolean called = false;
            String url = server.node().path("url").asText();
            try (McpTool.Session session = run.await(() -> {
                mcpAddresses.check(url); // no connection to loopback, link-local or private addresses unless allowed
                return McpTool.open(url, token);
            })) {
                List<McpSchema.Tool> all = run.await(session::tools);
                JsonNode allow = config.config().path("enabledMcpTools").get(id); // null: every tool of the server
                List<String> allowed = new ArrayList<>();
                if (allow != null) {
                    allow.forEach(a -> allowed.add(a.asText()));
                }
                List<McpSchema.Tool> tools = all.stream()
                        .filter(t -> allow == null || allowed.contains(t.name())).toList();
                ArrayNode names = mapper.createArrayNode();
                tools.forEach(t -> names.addObject().put("name", t.name()).put("description", session.redact(
                        t.description() == null ? "" : t.description())));
                ObjectNode listed0 = (ObjectNode) mapper.createObjectNode().put("mcpServerId", id).set("tools", names);
                if (allow != null) {
                    listed0.set("filteredOut", mapper.valueToTree(all.stream().map(t -> t.name())
                            .filter(n -> !allowed.contains(n)).toList()));
                }
                result(sink, listCall.replace("-call-", "-tool-"), listCall, listed0);
                listed = true;
                var chosen = McpTool.pick(tools, question);
                if (chosen.isPresent()) {
                    Map<String, Object> args = McpTool.arguments(chosen.get(), question);
                    tool(sink, call, chosen.get().name(), mapper.valueToTree(args));
                    started = true;
                    run.pause(pause);
                    String text = run.await(() -> session.call(chosen.get().name(), args));
                    result(sink, call.replace("-call-", "-tool-"), call, mapper.createObjectNode().put("mcpServerId", id)
                            .put("tool", chosen.get().name()).put("text", text));
                    called = true;
                    String line = text.lines().findFirst().orElse("");
                    notes.add("MCP `" + id + "` / `" + chosen.get().name() + "`: "
                            + (line.length() > 200 ? line.substring(0, 200) + "..." : line));
                }
            } catch (ActiveRun.Cancelled e) {
                throw e;
            } catch (RuntimeException e) {
                if (run.isCancelled()) {
                    throw new ActiveRun.Cancelled();
                }
                String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                if (token != null && !token.isEmpty()) {
                    message = message.replace(token, "[redacted]");
                }
                String failed = listed ? call : listCall;
                if (!listed || started && !called) {
                    result(sink, failed.replace("-call-", "-tool-"), failed, mapper.createObjectNode()
                            .put("mcpServerId", id).put("error", "the MCP server could not be used: " + message));
                }
            }
            sink.emit(sink.event("STEP_FINISHED").put("stepName", step));
        }
        return notes;
    }

    private SqlTool.Schema inspect(AgentStore.Datasource ds, EventSink sink, String runId) {
        String call = runId + "-call-schema";
        sink.emit(sink.event("STEP_STARTED").put("stepName", "inspect_schema"));
        tool(sink, call, "inspect_schema", mapper.createObjectNode().put("datasourceId", ds.id()));
        SqlTool.Schema schema;
        try {
            schema = sql.schema(ds);
        } catch (SQLException e) {
            throw new SqlFailure("cannot read the schema of data source '" + ds.id() + "': " + e.getMessage());
        }
        result(sink, runId + "-tool-schema", call, mapper.createObjectNode().set("tables", mapper.valueToTree(schema.display())));
        sink.emit(sink.event("STEP_FINISHED").put("stepName", "inspect_schema"));
        return schema;
    }

    private static FileTables openFiles() {
        try {
            return new FileTables(new ObjectMapper());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the in-memory database for the run's files", e);
        }
    }

    /**
     * Loads each file ({@code fileIds}, then the pinned files and artifacts) as a table, one {@code read_file} tool
     * call each; a file that cannot be read gives an error result and the run goes on.
     *
     * @return the ids of the files loaded
     */
    private List<String> readFiles(FileTables files, List<String> fileIds, List<PinnedPaths.Ref> pinned, EventSink sink,
                                   ActiveRun run) throws SQLException {
        String runId = run.runId();
        List<String> loaded = new ArrayList<>();
        sink.emit(sink.event("STEP_STARTED").put("stepName", "read_files"));
        List<String[]> todo = new ArrayList<>();
        fileIds.forEach(id -> todo.add(new String[] {"file", id, null}));
        pinned.forEach(p -> todo.add(new String[] {p.kind(), p.id(), p.path()}));
        int i = 0;
        for (String[] item : todo) {
            run.checkpoint();
            String call = runId + "-call-file-" + i;
            String resultId = runId + "-tool-file-" + i++;
            boolean file = item[0].equals("file");
            ObjectNode args = mapper.createObjectNode().put(file ? "fileId" : "artifactId", item[1]);
            if (item[2] != null) {
                args.put("pinnedPath", item[2]);
            }
            String name;
            byte[] content;
            if (file) {
                AgentStore.StoredFile f = store.file(item[1]).orElse(null);
                name = f == null ? null : f.name();
                content = f == null ? null : f.content();
            } else {
                AgentStore.Artifact a = store.artifact(item[1]).orElse(null);
                name = a == null ? null : a.name();
                content = a == null ? null : a.content().getBytes(StandardCharsets.UTF_8);
            }
            if (name != null) {
                args.put("name", name);
            }
            tool(sink, call, "read_file", args);
            ObjectNode out = mapper.createObjectNode();
            if (content == null) {
                out.put("error", "no such " + item[0]);
            } else {
                try {
                    FileTables.Loaded l = files.load(item[1], name, content);
                    out.put("table", l.table()).put("rowCount", l.rows()).set("columns", mapper.valueToTree(l.columns()));
                    if (file) {
                        loaded.add(item[1]);
                    }
                } catch (FileTables.Unreadable e) {
                    out.put("error", "'" + name + "' cannot be read as a table: " + e.getMessage());
                }
            }
            result(sink, resultId, call, out);
        }
        sink.emit(sink.event("STEP_FINISHED").put("stepName", "read_files"));
        return loaded;
    }

    private void reasoning(EventSink sink, ActiveRun run, String id, String text) {
        sink.emit(sink.event("REASONING_START").put("messageId", id));
        sink.emit(sink.event("REASONING_MESSAGE_START").put("messageId", id + "-msg").put("role", "reasoning"));
        sink.emit(sink.event("REASONING_MESSAGE_CONTENT").put("messageId", id + "-msg").put("delta", text));
        run.pause(pause);
        sink.emit(sink.event("REASONING_MESSAGE_END").put("messageId", id + "-msg"));
        sink.emit(sink.event("REASONING_END").put("messageId", id));
    }

    /** Says plainly that the question cannot be answered, and why. */
    private String cannot(String why, AgentStore.Datasource ds, EventSink sink, ActiveRun run, String runId) {
        String id = runId + "-answer";
        String text = "I cannot answer this from data source `" + ds.id() + "`" + ": " + why
                + ". Ask about one of its tables or columns, or upload a CSV or JSON file and name it in `fileIds`.";
        sink.emit(sink.event("TEXT_MESSAGE_START").put("messageId", id).put("role", "assistant"));
        run.pause(pause);
        sink.emit(sink.event("TEXT_MESSAGE_CONTENT").put("messageId", id).put("delta", text));
        sink.emit(sink.event("TEXT_MESSAGE_END").put("messageId", id));
        return text;
    }

    private static String clip(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private SqlTool.Table query(AgentStore.Datasource ds, String statement, EventSink sink, ActiveRun run) {
        return query(null, ds, ds.id(), statement, sink, run);
    }

    private SqlTool.Table query(SqlTool.Connector files, String source, String statement, EventSink sink, ActiveRun run) {
        return query(files, null, source, statement, sink, run);
    }

    private SqlTool.Table query(SqlTool.Connector files, AgentStore.Datasource ds, String source, String statement,
                                EventSink sink, ActiveRun run) {
        String runId = run.runId();
        String call = runId + "-call-sql";
        sink.emit(sink.event("STEP_STARTED").put("stepName", "query"));
        sink.emit(sink.event("TOOL_CALL_START").put("toolCallId", call).put("toolCallName", "run_sql")
                .put("parentMessageId", runId + "-answer"));
        String args = mapper.createObjectNode().put("datasourceId", source).put("sql", statement).toString();
        int half = args.length() / 2;
        sink.emit(sink.event("TOOL_CALL_ARGS").put("toolCallId", call).put("delta", args.substring(0, half)));
        run.pause(pause);
        sink.emit(sink.event("TOOL_CALL_ARGS").put("toolCallId", call).put("delta", args.substring(half)));
        sink.emit(sink.event("TOOL_CALL_END").put("toolCallId", call));
        long start = System.nanoTime();
        ObjectNode audit = mapper.createObjectNode().put("toolCallId", call).put("datasourceId", source)
                .put("sql", statement).put("readOnly", true);
        SqlTool.Table table;
        try {
            run.pause(pause);
            table = ds != null ? sql.query(ds, statement, run) : sql.query(files, statement, run);
        } catch (SQLException | IllegalArgumentException e) {
            boolean cancelled = run.isCancelled();
            audit.put("rowCount", 0).put("durationMs", (System.nanoTime() - start) / 1_000_000)
                    .put("status", cancelled ? "cancelled" : "failed");
            if (!cancelled) {
                audit.put("error", e.getMessage());
            }
            result(sink, runId + "-tool-sql", call, mapper.createObjectNode().put("error", cancelled ? "cancelled" : e.getMessage()));
            custom(sink, "kit.sql_audit", audit);
            if (cancelled) {
                throw new ActiveRun.Cancelled();
            }
            sink.emit(sink.event("STEP_FINISHED").put("stepName", "query"));
            throw new SqlFailure("the query failed on " + (ds != null ? "data source '" + source + "'" : "the run's files") + ": " + e.getMessage());
        }
        audit.put("rowCount", table.rows().size()).put("durationMs", (System.nanoTime() - start) / 1_000_000).put("status", "ok");
        ObjectNode content = mapper.createObjectNode();
        content.set("columns", mapper.valueToTree(table.columns()));
        content.set("rows", mapper.valueToTree(table.rows()));
        result(sink, runId + "-tool-sql", call, content);
        custom(sink, "kit.sql_audit", audit);
        sink.emit(sink.event("STEP_FINISHED").put("stepName", "query"));
        return table;
    }

    private String artifact(SqlTool.Table table, String plan, EventSink sink, String threadId, String runId) {
        StringBuilder csv = new StringBuilder(String.join(",", table.columns())).append('\n');
        for (List<Object> row : table.rows()) {
            csv.append(String.join(",", row.stream().map(Analyst::csvCell).toList())).append('\n');
        }
        String id = "art-" + UUID.randomUUID().toString().substring(0, 13);
        String name = plan + ".csv";
        store.saveArtifact(new AgentStore.Artifact(id, threadId, runId, name, "text/csv", csv.toString()));
        custom(sink, "kit.artifact", mapper.createObjectNode().put("artifactId", id).put("name", name)
                .put("mediaType", "text/csv").put("sizeBytes", csv.toString().getBytes(StandardCharsets.UTF_8).length)
                .put("threadId", threadId).put("runId", runId).put("downloadPath", "/api/v1/artifacts/" + id + "/content"));
        return id;
    }

    private String answer(String title, String preface, String where, SqlTool.Table table, List<String> notes,
                          RunConfigResolver.Resolution config, EventSink sink, ActiveRun run, String runId) {
        String id = runId + "-answer";
        StringBuilder all = new StringBuilder();
        sink.emit(sink.event("TEXT_MESSAGE_START").put("messageId", id).put("role", "assistant"));
        List<String> pieces = new ArrayList<>();
        if (preface != null) {
            pieces.add(preface + "\n\n");
        }
        pieces.add("**" + title + "** (" + table.rows().size() + " rows, " + where + ")\n\n");
        pieces.add("| " + String.join(" | ", table.columns()) + " |\n|" + "---|".repeat(table.columns().size()) + "\n");
        for (List<Object> row : table.rows()) {
            pieces.add("| " + String.join(" | ", row.stream().map(Analyst::cell).toList()) + " |\n");
        }
        for (String note : notes) {
            pieces.add("\n> " + note + "\n");
        }
        if (config.ids("enabledSkillIds").contains("skill-summary") && !table.rows().isEmpty()
                && ("skill-summary".equals(config.text("activeSkillId")) || config.text("skill_mode").equals("all"))) {
            List<Object> top = table.rows().stream().max((a, b) -> compare(a.get(a.size() - 1), b.get(b.size() - 1))).orElseThrow();
            pieces.add("\nLargest: **" + cell(top.get(0)) + "** with " + cell(top.get(top.size() - 1)) + ".\n");
        }
        for (String piece : pieces) {
            run.pause(pause);
            sink.emit(sink.event("TEXT_MESSAGE_CONTENT").put("messageId", id).put("delta", piece));
            all.append(piece);
        }
        sink.emit(sink.event("TEXT_MESSAGE_END").put("messageId", id));
        return all.toString();
    }

    private static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString()));
        }
        return String.valueOf(a).compareTo(String.valueOf(b));
    }

    private void tool(EventSink sink, String call, String name, ObjectNode args) {
        sink.emit(sink.event("TOOL_CALL_START").put("toolCallId", call).put("toolCallName", name));
        sink.emit(sink.event("TOOL_CALL_ARGS").put("toolCallId", call).put("delta", args.toString()));
        sink.emit(sink.event("TOOL_CALL_END").put("toolCallId", call));
    }

    private void result(EventSink sink, String messageId, String call, ObjectNode content) {
        sink.emit(sink.event("TOOL_CALL_RESULT").put("messageId", messageId).put("toolCallId", call)
                .put("role", "tool").put("content", content.toString()));
    }

    /** RUN_FINISHED of a cancelled run, with AG-UI 1.0's outcome object {@code {"type":"cancelled"}}. */
    private static ObjectNode cancelled(EventSink sink, String threadId, String runId) {
        ObjectNode finished = sink.event("RUN_FINISHED").put("threadId", threadId).put("runId", runId);
        finished.putObject("outcome").put("type", "cancelled");
        return finished;
    }

    private void custom(EventSink sink, String name, JsonNode value) {
        sink.emit((ObjectNode) sink.event("CUSTOM").put("name", name).set("value", value));
    }

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

    private static String cell(Object v) {
        return v == null ? "" : v instanceof BigDecimal b ? b.toPlainString() : v.toString().replace("|", "\\|");
    }

    private static String csvCell(Object v) {
        String s = v == null ? "" : v instanceof BigDecimal b ? b.toPlainString() : v.toString();
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** What the question asks for, over the sample data set. */
    record Plan(String dimension, String measure) {
        static Plan of(String question) {
            String q = question.toLowerCase(Locale.ROOT);
            String dim = q.contains("product") ? "product" : q.contains("month") || q.contains("trend") ? "sale_month" : "region";
            String measure = q.contains("unit") ? "units" : "revenue";
            return new Plan(dim, measure);
        }

        String sql() {
            return "SELECT " + dimension + ", SUM(" + measure + ") AS " + measure + " FROM agent_sample_sales GROUP BY "
                    + dimension + " ORDER BY " + dimension;
        }

        String name() {
            return measure + "_by_" + dimension;
        }

        String title() {
            return Character.toUpperCase(measure.charAt(0)) + measure.substring(1) + " by " + dimension.replace("sale_", "");
        }

        String summary(String datasource, String skill) {
            return "The question asks for " + measure + " per " + dimension.replace("sale_", "") + ". Plan: inspect the schema of `" + datasource
                    + "`, sum " + measure + " grouped by " + dimension + " with one read-only query, answer with a table"
                    + (skill == null ? "" : " (skill `" + skill + "`)") + " and save it as CSV.";
        }
    }
}
