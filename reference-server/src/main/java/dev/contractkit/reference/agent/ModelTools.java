package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools a model may call in a run: {@code inspect_schema} and {@code run_sql} on the active data source (read-only,
 * through {@link SqlTool} and its data-source policy), {@code search_knowledge} over the enabled knowledge bases,
 * {@code read_file} of the run's files. Only those the run config enables and the skill allows are offered; a call of
 * any other is answered with an error. A query's table is kept for the run's CSV artifact, saved after the answer.
 */
final class ModelTools {
    private static final int MAX_FILE_CHARS = 20_000;

    /** A successful query: the table and its statement, saved as an artifact once the run has answered. */
    record Query(String sql, SqlTool.Table table) {
    }

    private final ObjectMapper mapper;
    private final AgentStore store;
    private final Workspace workspace;
    private final SqlTool sql;
    private final RunConfigResolver.Resolution config;
    private final AgentStore.Datasource ds;
    private final Map<String, ToolSpecification> offered = new LinkedHashMap<>();
    private final List<Query> queries = new ArrayList<>();

    ModelTools(ObjectMapper mapper, AgentStore store, Workspace workspace, SqlTool sql,
               RunConfigResolver.Resolution config, SkillShape shape) {
        this.mapper = mapper;
        this.store = store;
        this.workspace = workspace;
        this.sql = sql;
        this.config = config;
        this.ds = store.datasource(config.text("activeDatasourceId")).orElseThrow();
        if (shape.allows("inspect_schema")) {
            offer(ToolSpecification.builder().name("inspect_schema")
                    .description("Lists the tables and columns of the active data source `" + ds.id() + "`")
                    .parameters(JsonObjectSchema.builder().build()).build());
        }
        if (shape.allows("run_sql")) {
            offer(ToolSpecification.builder().name("run_sql")
                    .description("Runs one read-only SQL SELECT on the active data source `" + ds.id()
                            + "` and returns its columns and rows (at most " + SqlTool.MAX_ROWS + ")")
                    .parameters(JsonObjectSchema.builder().addStringProperty("sql", "one SELECT statement")
                            .required("sql").build()).build());
        }
        if (shape.allows("search_knowledge") && !config.ids("enabledKnowledgeIds").isEmpty()) {
            offer(ToolSpecification.builder().name("search_knowledge")
                    .description("Searches the enabled knowledge bases " + config.ids("enabledKnowledgeIds"))
                    .parameters(JsonObjectSchema.builder().addStringProperty("query").required("query").build()).build());
        }
        if (shape.allows("read_file") && !config.ids("fileIds").isEmpty()) {
            offer(ToolSpecification.builder().name("read_file")
                    .description("Reads one of the run's files " + config.ids("fileIds") + " as text")
                    .parameters(JsonObjectSchema.builder().addStringProperty("fileId").required("fileId").build()).build());
        }
    }

    private void offer(ToolSpecification spec) {
        offered.put(spec.name(), spec);
    }

    List<ToolSpecification> specifications() {
        return List.copyOf(offered.values());
    }

    List<Query> queries() {
        return queries;
    }

    /**
     * Runs one call and reports its result (TOOL_CALL_RESULT; {@code kit.sql_audit} for a query).
     *
     * @return the result as the text the model gets back
     */
    String call(String callId, String name, String arguments, RunEvents events) {
        ObjectNode result;
        JsonNode args;
        try {
            args = arguments == null || arguments.isBlank() ? mapper.createObjectNode() : mapper.readTree(arguments);
        } catch (Exception e) {
            args = null;
        }
        if (!offered.containsKey(name)) {
            result = mapper.createObjectNode().put("error", "the tool '" + name + "' is not available in this run; "
                    + "available: " + offered.keySet());
        } else if (args == null || !args.isObject()) {
            result = mapper.createObjectNode().put("error", "the arguments are not a JSON object");
        } else {
            result = switch (name) {
                case "inspect_schema" -> schema();
                case "run_sql" -> query(callId, args.path("sql").asText(""), events);
                case "search_knowledge" -> knowledge(args.path("query").asText(""));
                default -> file(args.path("fileId").asText(""));
            };
        }
        events.result(callId + "-result", callId, result);
        return result.toString();
    }

    private ObjectNode schema() {
        try {
            return (ObjectNode) mapper.createObjectNode().put("datasourceId", ds.id())
                    .set("tables", mapper.valueToTree(sql.schema(ds).display()));
        } catch (SQLException e) {
            return mapper.createObjectNode().put("error", "cannot read the schema of data source '" + ds.id() + "': " + e.getMessage());
        }
    }

    private ObjectNode query(String callId, String statement, RunEvents events) {
        ActiveRun run = events.run();
        long start = System.nanoTime();
        ObjectNode audit = mapper.createObjectNode().put("toolCallId", callId).put("datasourceId", ds.id())
                .put("sql", statement).put("readOnly", true);
        try {
            SqlTool.Table table = sql.query(ds, statement, run);
            audit.put("rowCount", table.rows().size()).put("durationMs", (System.nanoTime() - start) / 1_000_000).put("status", "ok");
            events.custom("kit.sql_audit", audit);
            queries.add(new Query(statement, table));
            ObjectNode content = mapper.createObjectNode();
            content.set("columns", mapper.valueToTree(table.columns()));
            content.set("rows", mapper.valueToTree(table.rows()));
            return content;
        } catch (SQLException | IllegalArgumentException e) {
            if (run.isCancelled()) {
                throw new ActiveRun.Cancelled();
            }
            // the model gets the error and may try another query; the run goes on
            audit.put("rowCount", 0).put("durationMs", (System.nanoTime() - start) / 1_000_000)
                    .put("status", "failed").put("error", e.getMessage());
            events.custom("kit.sql_audit", audit);
            return mapper.createObjectNode().put("error", e.getMessage());
        }
    }

    private ObjectNode knowledge(String query) {
        ArrayNode hits = mapper.createArrayNode();
        for (String kb : config.ids("enabledKnowledgeIds")) {
            for (Workspace.Hit h : workspace.search(kb, query)) {
                hits.addObject().put("knowledgeId", kb).put("title", h.title()).put("text", h.text()).put("score", h.score());
            }
        }
        return (ObjectNode) mapper.createObjectNode().set("hits", hits);
    }

    private ObjectNode file(String fileId) {
        if (!config.ids("fileIds").contains(fileId)) {
            return mapper.createObjectNode().put("error", "'" + fileId + "' is not one of the run's files " + config.ids("fileIds"));
        }
        return store.file(fileId).map(f -> {
            String text = new String(f.content(), StandardCharsets.UTF_8);
            boolean cut = text.length() > MAX_FILE_CHARS;
            return mapper.createObjectNode().put("fileId", fileId).put("name", f.name())
                    .put("text", cut ? text.substring(0, MAX_FILE_CHARS) : text).put("truncated", cut);
        }).orElseGet(() -> mapper.createObjectNode().put("error", "no file '" + fileId + "'"));
    }
}
