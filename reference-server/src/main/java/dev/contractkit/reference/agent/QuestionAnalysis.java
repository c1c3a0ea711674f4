package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The analysis of a run's question, between its run config and its token usage: the reasoning summary of the plan,
 * the knowledge and MCP lookups, the data source's schema, the run's files as tables, then the planned query (or,
 * on the built-in sample, its overview; otherwise a plain "cannot"), its CSV artifact and the Markdown answer.
 */
final class QuestionAnalysis {
    /** The answer's text (for the token usage) and the artifacts saved. */
    record Answer(String text, List<String> artifactIds) {
    }

    private final ObjectMapper mapper;
    private final AgentStore store;
    private final Workspace workspace;
    private final KnowledgeSearch knowledge;
    private final McpCalls mcp;
    private final SqlCalls sql;
    private final FileReads fileReads;
    private final CsvArtifacts csv;

    QuestionAnalysis(ObjectMapper mapper, AgentStore store, Workspace workspace, SqlTool sql,
                     McpAddressPolicy mcpAddresses) {
        this.mapper = mapper;
        this.store = store;
        this.workspace = workspace;
        this.knowledge = new KnowledgeSearch(mapper, workspace);
        this.mcp = new McpCalls(mapper, workspace, mcpAddresses);
        this.sql = new SqlCalls(mapper, sql);
        this.fileReads = new FileReads(mapper, store);
        this.csv = new CsvArtifacts(mapper, store);
    }

    Answer answer(String question, RunConfigResolver.Resolution config, RunEvents events) throws SQLException {
        String runId = events.runId();
        String threadId = events.threadId();
        AgentStore.Datasource ds = store.datasource(config.text("activeDatasourceId")).orElseThrow();
        List<PinnedPaths.Ref> pinned = PinnedPaths.check("pinnedPaths", config.ids("pinnedPaths"), store, threadId);
        JsonNode previousPlan = store.lastQueryPlan(threadId, runId);
        events.reasoning(runId + "-reasoning", opening(question, ds, config, pinned, previousPlan));

        SkillShape shape = SkillShape.of(config, workspace); // the skill's tools, answer format and sections
        List<String> notes = shape.allows("search_knowledge") ? knowledge.search(config, question, events) : new ArrayList<>();
        if (shape.allows("mcp")) {
            notes.addAll(mcp.call(config, question, events));
        }
        SqlTool.Schema schema = sql.inspect(ds, events);
        List<String> fileIds = fileIds(config, previousPlan);
        String answer = "";
        List<String> artifactIds = new ArrayList<>();
        try (FileTables files = fileIds.isEmpty() && pinned.isEmpty() ? null : FileReads.open()) {
            List<String> loaded = files == null ? List.of() : fileReads.read(files, fileIds, pinned, events);
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
                events.custom("kit.query_plan", query.json(mapper));
                events.reasoning(runId + "-plan", (planned.followUp() ? "A follow-up of the thread's last question ("
                        + previous.sql() + "). " : "") + query.summary());
                title = query.title() + (planned.followUp() ? " (follow-up)" : "");
                name = query.name();
                statement = query.sql();
            } else if (ds.embedded()) {
                SamplePlan plan = SamplePlan.of(question); // the built-in sample: its overview, saying why
                note = "I could not plan this question: " + planned.cannot() + ". Here is the sample's overview instead.";
                events.reasoning(runId + "-plan", note + " " + plan.summary(ds.id(), config.text("activeSkillId")));
                title = plan.title();
                name = plan.name();
                statement = plan.sql();
            } else {
                events.reasoning(runId + "-plan", "I cannot answer this: " + planned.cannot() + ".");
                answer = MarkdownAnswer.cannot(planned.cannot(), ds, events);
                title = null;
                name = null;
                statement = null;
            }
            if (statement != null) {
                boolean onFiles = query != null && query.source().equals("files");
                SqlTool.Table table = onFiles ? sql.query(files::connect, "files", statement, events)
                        : sql.query(ds, statement, events);
                artifactIds.add(csv.save(table, name, events));
                answer = MarkdownAnswer.table(title, note, onFiles ? "the run's files" : "data source `" + ds.id() + "`",
                        table, statement, notes, shape, events);
            }
        }
        return new Answer(answer, artifactIds);
    }

    /** The first reasoning summary: the question and the plan to answer it. */
    private String opening(String question, AgentStore.Datasource ds, RunConfigResolver.Resolution config,
                           List<PinnedPaths.Ref> pinned, JsonNode previousPlan) {
        return "The question: \"" + clip(question) + "\". Plan: inspect the schema of `"
                + ds.id() + "`" + (config.ids("fileIds").isEmpty() && pinned.isEmpty() ? "" : ", read the run's files as tables")
                + ", choose the table and columns the question names" + (previousPlan == null ? "" : " (or follow up the thread's last question)")
                + ", run one read-only query and answer with a table"
                + (config.text("activeSkillId") == null ? "" : " (skill `" + config.text("activeSkillId") + "`"
                + ("auto".equals(config.text("skill_mode")) ? ", chosen by the question" : "") + ")")
                + "." + skillInstructions(config);
    }

    /** @return the active skill's instructions as a sentence for the reasoning summary, or "" */
    private String skillInstructions(RunConfigResolver.Resolution config) {
        String id = config.text("activeSkillId");
        Workspace.Resource skill = id == null ? null : workspace.find("skill", id);
        String text = skill == null ? "" : skill.node().path("instructions").asText("").trim();
        return text.isEmpty() ? "" : " Skill `" + id + "` says: " + text;
    }

    /** The run's {@code fileIds}, then those of the thread's last query when it was on files (a follow-up). */
    private static List<String> fileIds(RunConfigResolver.Resolution config, JsonNode previousPlan) {
        List<String> fileIds = new ArrayList<>(config.ids("fileIds"));
        if (previousPlan != null && previousPlan.path("source").asText().equals("files")) {
            previousPlan.path("fileIds").forEach(f -> {
                if (!fileIds.contains(f.asText())) {
                    fileIds.add(f.asText());
                }
            });
        }
        return fileIds;
    }

    private static String clip(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
