package dev.contractkit.reference.agent;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Read-only SQL against a data source: the built-in {@code sample} (the kit's own database, only the
 * {@code agent_sample_*} tables) or a registered JDBC URL (its credentials are used here and never leave the
 * server; {@link DataSourceConnections} checks the URL and its address before every connection). Only one {@code SELECT}/{@code WITH}
 * statement is accepted; the connection is read-only and rolled back; at most {@link #MAX_ROWS} rows.
 */
final class SqlTool {
    static final int MAX_ROWS = 200;
    private static final Pattern READ_ONLY = Pattern.compile("(?is)^\\s*(select|with)\\b[^;]*;?\\s*$");
    private static final Pattern WRITES = Pattern.compile(
            "(?i)\\b(insert|update|delete|merge|drop|alter|create|truncate|grant|revoke|call|execute|copy)\\b");

    record Table(List<String> columns, List<List<Object>> rows) {
    }

    private final DataSource kitDatabase;
    private final DataSourceConnections connections;

    SqlTool(DataSource kitDatabase, DataSourceConnections connections) {
        this.kitDatabase = kitDatabase;
        this.connections = connections;
    }

    /** A data source's tables: for display (name to {@code column type}) and for {@link QueryPlanner}. */
    record Schema(Map<String, List<String>> display, List<Tables.Table> tables) {
    }

    private static final Pattern NUMERIC = Pattern.compile("(?i).*(int|dec|num|real|double|float|serial|money).*");

    /** @return the data source's tables (the built-in sample: only its {@code agent_sample_*} tables) */
    Schema schema(AgentStore.Datasource ds) throws SQLException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<Tables.Table> tables = new ArrayList<>();
        try (Connection c = connect(ds)) {
            DatabaseMetaData md = c.getMetaData();
            boolean lower = md.storesLowerCaseIdentifiers();
            // the kit's own database: only its current schema (other schemas may hold other kits' tables)
            String current = c.getSchema();
            String only = ds.embedded() ? current : null;
            try (ResultSet t = md.getTables(null, only, "%", new String[] {"TABLE"})) {
                while (t.next()) {
                    String name = t.getString("TABLE_NAME");
                    String schema = t.getString("TABLE_SCHEM");
                    if (schema != null && (schema.equalsIgnoreCase("information_schema") || schema.startsWith("pg_"))) {
                        continue;
                    }
                    if (ds.embedded() && !name.toLowerCase(Locale.ROOT).startsWith("agent_sample_")) {
                        continue;
                    }
                    List<String> cols = new ArrayList<>();
                    List<Tables.Column> columns = new ArrayList<>();
                    try (ResultSet col = md.getColumns(null, schema, name, "%")) {
                        while (col.next()) {
                            String cn = col.getString("COLUMN_NAME");
                            String type = col.getString("TYPE_NAME").toLowerCase(Locale.ROOT);
                            cols.add(cn.toLowerCase(Locale.ROOT) + " " + type);
                            columns.add(new Tables.Column(cn.toLowerCase(Locale.ROOT), cn, NUMERIC.matcher(type).matches(),
                                    Tables.needsQuotes(cn, lower)));
                        }
                    }
                    if (out.putIfAbsent(name.toLowerCase(Locale.ROOT), cols) == null) {
                        // a table outside the connection's own schema is named with its schema
                        String prefix = schema == null || schema.equals(current) ? "" : Tables.sqlName(schema, lower) + ".";
                        tables.add(new Tables.Table(ds.id(), name.toLowerCase(Locale.ROOT),
                                prefix + Tables.sqlName(name, lower), columns));
                    }
                }
            }
        }
        return new Schema(out, tables);
    }

    /**
     * @throws IllegalArgumentException when the statement is not one read-only query
     */
    Table query(AgentStore.Datasource ds, String sql, ActiveRun run) throws SQLException {
        return query(() -> connect(ds), sql, run);
    }

    /** Opens a connection. */
    interface Connector {
        Connection connect() throws SQLException;
    }

    /** @throws IllegalArgumentException when the statement is not one read-only query */
    Table query(Connector connector, String sql, ActiveRun run) throws SQLException {
        if (!READ_ONLY.matcher(sql).matches() || WRITES.matcher(sql).find()) {
            throw new IllegalArgumentException("only one read-only SELECT statement is allowed");
        }
        try (Connection c = connector.connect()) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.setMaxRows(MAX_ROWS);
                s.setQueryTimeout(30);
                run.statement(s);
                try (ResultSet r = s.executeQuery(sql)) {
                    ResultSetMetaData md = r.getMetaData();
                    List<String> cols = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        cols.add(md.getColumnLabel(i).toUpperCase(Locale.ROOT));
                    }
                    List<List<Object>> rows = new ArrayList<>();
                    while (r.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= cols.size(); i++) {
                            Object v = r.getObject(i);
                            row.add(v instanceof BigDecimal b ? b : v instanceof Number || v instanceof Boolean || v == null
                                    ? v : v.toString());
                        }
                        rows.add(row);
                    }
                    return new Table(cols, rows);
                }
            } finally {
                run.statement(null);
                c.rollback();
            }
        }
    }

    private Connection connect(AgentStore.Datasource ds) throws SQLException {
        if (ds.embedded()) {
            return kitDatabase.getConnection();
        }
        return connections.connect(ds.jdbcUrl(), ds.username(), ds.password()); // checks again: rows may predate the policy
    }
}
