package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.modelcontextprotocol.spec.McpSchema;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools a model may call in a run: {@code inspect_schema} and {@code run_sql} on the active data source (read-only,
 * through {@link SqlTool} and its data-source policy), {@code search_knowledge} over the enabled knowledge bases,
 * {@code read_file} of the run's files, and the tools of the enabled MCP servers ({@code mcp_<server>_<tool>}, within
 * {@code enabledMcpTools}). Only those the run config enables and the skill allows are offered; a call of
 * any other is answered with an error. A query's table is kept for the run's CSV artifact, saved after the answer.
 */
final class ModelTools implements AutoCloseable {
    private static final int MAX_FILE_CHARS = 20_000;

    /** An MCP tool offered to the model under {@code name}: its server's session and the tool's own name. */
    private record McpOffer(String serverId, McpTool.Session session, String tool) {
    }

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
    private final Map<String, McpOffer> mcpTools = new LinkedHashMap<>();
    private final List<McpTool.Session> sessions = new ArrayList<>();

    /**
     * Opens a session with every MCP server the run enables (when the skill allows {@code mcp}) and lists its tools
     * (a {@code mcp_list_tools} tool call per server, as in the deterministic run).
     */
    ModelTools(ObjectMapper mapper, AgentStore store, Workspace workspace, SqlTool sql,
               RunConfigResolver.Resolution config, SkillShape shape, McpAddressPolicy addresses, RunEvents events) {
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
        if (shape.allows("mcp")) {
            config.ids("enabledMcpServerIds").forEach(id -> listMcp(id, config, addresses, events));
        }
    }

    private void listMcp(String id, RunConfigResolver.Resolution config, McpAddressPolicy addresses, RunEvents events) {
        Workspace.Resource server = workspace.find("mcp", id);
        if (server == null) {
            return;
        }
        ActiveRun run = events.run();
        String call = events.runId() + "-call-mcp-" + id + "-tools";
        events.tool(call, "mcp_list_tools", mapper.createObjectNode().put("mcpServerId", id));
        String token = workspace.secret("mcp", id);
        try {
            McpTool.Session session = run.await(() -> McpTool.open(addresses.check(server.node().path("url").asText()), token));
            sessions.add(session);
            JsonNode allow = config.config().path("enabledMcpTools").get(id); // null: every tool of the server
            ArrayNode names = mapper.createArrayNode();
            for (McpSchema.Tool t : run.await(session::tools)) {
                boolean allowed = allow == null;
                for (JsonNode a : allow == null ? mapper.createArrayNode() : allow) {
                    allowed |= a.asText().equals(t.name());
                }
                if (!allowed) {
                    continue;
                }
                String name = ("mcp_" + id + "_" + t.name()).replaceAll("[^a-zA-Z0-9_-]", "_");
                name = name.length() > 64 ? name.substring(0, 64) : name;
                String description = session.redact(t.description() == null ? "" : t.description());
                names.addObject().put("name", t.name()).put("description", description);
                offer(ToolSpecification.builder().name(name).description("MCP server `" + id + "`, tool `" + t.name() + "`: "
                        + description).parameters(parameters(t.inputSchema())).build());
                mcpTools.put(name, new McpOffer(id, session, t.name()));
            }
            events.result(call.replace("-call-", "-tool-"), call, (ObjectNode) mapper.createObjectNode()
                    .put("mcpServerId", id).set("tools", names));
        } catch (ActiveRun.Cancelled e) {
            throw e;
        } catch (RuntimeException e) {
            if (run.isCancelled()) {
                throw new ActiveRun.Cancelled();
            }
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            events.result(call.replace("-call-", "-tool-"), call, mapper.createObjectNode().put("mcpServerId", id)
                    .put("error", "the MCP server could not be used: "
                            + (token == null || token.isEmpty() ? message : message.replace(token, "[redacted]"))));
        }
    }

    /** The MCP tool's input schema as langchain4j's: its properties by type (anything else as a string). */
    private static JsonObjectSchema parameters(Map<String, Object> schema) {
        JsonObjectSchema.Builder b = JsonObjectSchema.builder();
        if (schema == null || !(schema.get("properties") instanceof Map<?, ?> properties)) {
            return b.build();
        }
        properties.forEach((name, value) -> {
            String type = value instanceof Map<?, ?> m && m.get("type") != null ? m.get("type").toString() : "string";
            switch (type) {
                case "integer" -> b.addIntegerProperty(name.toString());
                case "number" -> b.addNumberProperty(name.toString());
                case "boolean" -> b.addBooleanProperty(name.toString());
                default -> b.addStringProperty(name.toString());
            }
        });
        if (schema.get("required") instanceof List<?> required) {
            b.required(required.stream().map(Object::toString).toList());
        }
        return b.build();
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
                case String n when mcpTools.containsKey(n) -> mcp(mcpTools.get(n), args, events.run());
                case "inspect_schema" -> schema();
                case "run_sql" -> query(callId, args.path("sql").asText(""), events);
                case "search_knowledge" -> knowledge(args.path("query").asText(""));
                default -> file(args.path("fileId").asText(""));
            };
        }
        events.result(callId + "-result", callId, result);
        return result.toString();
    }

    private ObjectNode mcp(McpOffer offer, JsonNode args, ActiveRun run) {
        @SuppressWarnings("unchecked")
        Map<String, Object> arguments = mapper.convertValue(args, Map.class);
        try {
            String text = run.await(() -> offer.session().call(offer.tool(), arguments));
            return mapper.createObjectNode().put("mcpServerId", offer.serverId()).put("tool", offer.tool()).put("text", text);
        } catch (ActiveRun.Cancelled e) {
            throw e;
        } catch (RuntimeException e) {
            if (run.isCancelled()) {
                throw new ActiveRun.Cancelled();
            }
            return mapper.createObjectNode().put("mcpServerId", offer.serverId()).put("tool", offer.tool())
                    .put("error", "the MCP tool failed: " + offer.session().redact(String.valueOf(e.getMessage())));
        }
    }

    @Override
    public void close() {
        sessions.forEach(McpTool.Session::close);
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
