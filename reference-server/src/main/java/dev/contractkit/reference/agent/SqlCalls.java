package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.sql.SQLException;

/**
 * The analyst's SQL tool calls: {@code inspect_schema} of the active data source and one read-only {@code run_sql}
 * (its arguments streamed in two pieces), each with its result and, for the query, a {@code kit.sql_audit} event.
 */
final class SqlCalls {
    /** The user's own SQL (or the data source's schema) failed: the run ends with RUN_ERROR {@code SQL_FAILED}. */
    static final class Failure extends RuntimeException {
        Failure(String message) {
            super(message);
        }
    }

    private final ObjectMapper mapper;
    private final SqlTool sql;

    SqlCalls(ObjectMapper mapper, SqlTool sql) {
        this.mapper = mapper;
        this.sql = sql;
    }

    SqlTool.Schema inspect(AgentStore.Datasource ds, RunEvents events) {
        String call = events.runId() + "-call-schema";
        events.stepStarted("inspect_schema");
        events.tool(call, "inspect_schema", mapper.createObjectNode().put("datasourceId", ds.id()));
        SqlTool.Schema schema;
        try {
            schema = sql.schema(ds);
        } catch (SQLException e) {
            throw new Failure("cannot read the schema of data source '" + ds.id() + "': " + e.getMessage());
        }
        events.result(events.runId() + "-tool-schema", call,
                mapper.createObjectNode().set("tables", mapper.valueToTree(schema.display())));
        events.stepFinished("inspect_schema");
        return schema;
    }

    /** Runs the statement on the data source. */
    SqlTool.Table query(AgentStore.Datasource ds, String statement, RunEvents events) {
        return query(null, ds, ds.id(), statement, events);
    }

    /** Runs the statement on the run's files (or another connection), named {@code source} in the events. */
    SqlTool.Table query(SqlTool.Connector files, String source, String statement, RunEvents events) {
        return query(files, null, source, statement, events);
    }

    private SqlTool.Table query(SqlTool.Connector files, AgentStore.Datasource ds, String source, String statement,
                                RunEvents events) {
        ActiveRun run = events.run();
        String runId = events.runId();
        String call = runId + "-call-sql";
        events.stepStarted("query");
        events.emit(events.event("TOOL_CALL_START").put("toolCallId", call).put("toolCallName", "run_sql")
                .put("parentMessageId", runId + "-answer"));
        String args = mapper.createObjectNode().put("datasourceId", source).put("sql", statement).toString();
        int half = args.length() / 2;
        events.emit(events.event("TOOL_CALL_ARGS").put("toolCallId", call).put("delta", args.substring(0, half)));
        events.pause();
        events.emit(events.event("TOOL_CALL_ARGS").put("toolCallId", call).put("delta", args.substring(half)));
        events.emit(events.event("TOOL_CALL_END").put("toolCallId", call));
        long start = System.nanoTime();
        ObjectNode audit = mapper.createObjectNode().put("toolCallId", call).put("datasourceId", source)
                .put("sql", statement).put("readOnly", true);
        SqlTool.Table table;
        try {
            events.pause();
            table = ds != null ? sql.query(ds, statement, run) : sql.query(files, statement, run);
        } catch (SQLException | IllegalArgumentException e) {
            boolean cancelled = run.isCancelled();
            audit.put("rowCount", 0).put("durationMs", (System.nanoTime() - start) / 1_000_000)
                    .put("status", cancelled ? "cancelled" : "failed");
            if (!cancelled) {
                audit.put("error", e.getMessage());
            }
            events.result(runId + "-tool-sql", call, mapper.createObjectNode().put("error", cancelled ? "cancelled" : e.getMessage()));
            events.custom("kit.sql_audit", audit);
            if (cancelled) {
                throw new ActiveRun.Cancelled();
            }
            events.stepFinished("query");
            throw new Failure("the query failed on " + (ds != null ? "data source '" + source + "'" : "the run's files")
                    + ": " + e.getMessage());
        }
        audit.put("rowCount", table.rows().size()).put("durationMs", (System.nanoTime() - start) / 1_000_000).put("status", "ok");
        ObjectNode content = mapper.createObjectNode();
        content.set("columns", mapper.valueToTree(table.columns()));
        content.set("rows", mapper.valueToTree(table.rows()));
        events.result(runId + "-tool-sql", call, content);
        events.custom("kit.sql_audit", audit);
        events.stepFinished("query");
        return table;
    }
}
