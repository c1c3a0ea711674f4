package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.agent.Tables.Column;
import dev.contractkit.reference.agent.Tables.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One planned read-only query (see {@link QueryPlanner}): where it runs ({@code source}: a data source id or
 * {@code files}, the run's uploaded and pinned files), the table, the aggregate of a measure, an optional group-by,
 * the columns of a plain listing, and a ranking ({@code limit} rows ordered by the measure). Reported as CUSTOM
 * {@code kit.query_plan}, from which a follow-up question in the same thread starts.
 *
 * @param aggregate  {@code sum}, {@code avg}, {@code count}, {@code max}, {@code min} or null
 * @param descending with {@code limit}: the largest first
 * @param fileIds    the files the {@code files} source was loaded from (a follow-up loads them again)
 */
record Query(String source, Table table, String aggregate, Column measure, Column groupBy, List<Column> columns,
             boolean descending, Integer limit, List<String> fileIds) {

    String sql() {
        String t = table.sqlName();
        if (groupBy != null) {
            return "SELECT " + groupBy.sqlName() + ", " + aggregateExpression() + " AS " + sqlAlias() + " FROM " + t
                    + " GROUP BY " + groupBy.sqlName() + " ORDER BY "
                    + (limit == null ? groupBy.sqlName() : sqlAlias() + (descending ? " DESC" : " ASC") + " LIMIT " + limit);
        }
        if (aggregate != null) {
            return "SELECT " + aggregateExpression() + " AS " + sqlAlias() + " FROM " + t;
        }
        String list = columns.isEmpty() ? "*" : String.join(", ", columns.stream().map(Column::sqlName).toList());
        return "SELECT " + list + " FROM " + t + (limit != null && measure != null
                ? " ORDER BY " + measure.sqlName() + (descending ? " DESC" : " ASC") + " LIMIT " + limit
                : " LIMIT " + SqlTool.MAX_ROWS);
    }

    private String aggregateExpression() {
        return aggregate.equals("count") ? "COUNT(*)" : aggregate.toUpperCase(Locale.ROOT) + "(" + measure.sqlName() + ")";
    }

    /**
     * @return the alias as SQL must write it: bare when it is a plain lower-case name, else quoted (a column's name
     * comes from the data source and may hold any text, e.g. {@code x, (SELECT ...) AS y})
     */
    private String sqlAlias() {
        String a = alias();
        return Tables.needsQuotes(a, true) ? "\"" + a.replace("\"", "\"\"") + "\"" : a;
    }

    private String alias() {
        if (aggregate.equals("count")) {
            return "count";
        }
        return aggregate.equals("sum") ? measure.name() : aggregate + "_" + measure.name();
    }

    /** @return a file-name-safe name, e.g. {@code revenue_by_region} */
    String name() {
        if (groupBy != null) {
            return alias() + "_by_" + groupBy.name();
        }
        if (aggregate != null) {
            return alias() + "_of_" + table.name();
        }
        return table.name() + (limit != null && measure != null ? "_top_" + limit + "_by_" + measure.name() : "_rows");
    }

    String title() {
        String n = groupBy != null ? alias().replace('_', ' ') + " by " + groupBy.name().replace("sale_", "").replace('_', ' ')
                : name().replace('_', ' ');
        return Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }

    /** The reasoning summary's plan sentence. */
    String summary() {
        String where = "`" + table.name() + "` " + (source.equals("files") ? "(loaded from the run's files)" : "of `" + source + "`");
        if (groupBy != null) {
            return "Plan: " + (aggregate.equals("count") ? "count the rows" : aggregate + " of " + measure.name()) + " per "
                    + groupBy.name() + " in " + where + (limit == null ? "" : ", " + (descending ? "largest" : "smallest")
                    + " " + limit) + ", with one read-only query.";
        }
        if (aggregate != null) {
            return "Plan: " + (aggregate.equals("count") ? "count the rows" : aggregate + " of " + measure.name()) + " of "
                    + where + " with one read-only query.";
        }
        return "Plan: list " + (columns.isEmpty() ? "the rows" : columns.stream().map(Column::name).toList())
                + " of " + where + (limit != null && measure != null ? ", the " + limit + " with the "
                + (descending ? "largest " : "smallest ") + measure.name() : "") + " with one read-only query.";
    }

    ObjectNode json(ObjectMapper mapper) {
        ObjectNode n = mapper.createObjectNode().put("source", source).put("table", table.name())
                .put("sql", sql());
        if (aggregate != null) {
            n.put("aggregate", aggregate);
        }
        if (measure != null) {
            n.put("measure", measure.name());
        }
        if (groupBy != null) {
            n.put("groupBy", groupBy.name());
        }
        n.set("columns", mapper.valueToTree(columns.stream().map(Column::name).toList()));
        if (limit != null) {
            n.put("limit", limit).put("descending", descending);
        }
        n.set("fileIds", mapper.valueToTree(fileIds));
        return n;
    }

    /**
     * @param plan   a {@code kit.query_plan} value
     * @param tables the tables available now
     * @return the plan again over the tables available now, or null when its table or a column is gone
     */
    static Query of(JsonNode plan, List<Table> tables) {
        String source = plan.path("source").asText();
        Table table = tables.stream().filter(t -> t.source().equals(source)
                && t.name().equals(plan.path("table").asText())).findFirst().orElse(null);
        if (table == null) {
            return null;
        }
        Column measure = plan.has("measure") ? table.column(plan.path("measure").asText()) : null;
        Column group = plan.has("groupBy") ? table.column(plan.path("groupBy").asText()) : null;
        List<Column> columns = new ArrayList<>();
        for (JsonNode c : plan.path("columns")) {
            Column col = table.column(c.asText());
            if (col == null) {
                return null;
            }
            columns.add(col);
        }
        if (plan.has("measure") && measure == null || plan.has("groupBy") && group == null) {
            return null;
        }
        List<String> files = new ArrayList<>();
        plan.path("fileIds").forEach(f -> files.add(f.asText()));
        return new Query(source, table, plan.has("aggregate") ? plan.path("aggregate").asText() : null, measure, group,
                columns, plan.path("descending").asBoolean(true), plan.has("limit") ? plan.path("limit").asInt() : null, files);
    }
}
