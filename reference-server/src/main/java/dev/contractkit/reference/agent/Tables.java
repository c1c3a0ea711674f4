package dev.contractkit.reference.agent;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The tables a run can query (a data source's, read by {@link SqlTool}, or the run's files, loaded by
 * {@link FileTables}), their columns and how SQL names them. {@link QueryPlanner} chooses among them and a
 * {@link Query} reads one: both sit above this class, which depends on neither.
 */
final class Tables {
    /** A column: its name as stored (for SQL) and whether it holds numbers. */
    record Column(String name, String stored, boolean numeric, boolean quote) {
        String sqlName() {
            return quote ? "\"" + stored.replace("\"", "\"\"") + "\"" : name;
        }
    }

    /**
     * A table the run can query: its source (a data source id, or {@code files}), name, how SQL names it (quoted,
     * schema-qualified when needed) and columns.
     */
    record Table(String source, String name, String sqlName, List<Column> columns) {

        Column column(String n) {
            return columns.stream().filter(c -> c.name().equals(n)).findFirst().orElse(null);
        }
    }

    /** SQL words a plain identifier must not be (then it is quoted). */
    private static final Set<String> KEYWORDS = Set.of("all", "and", "any", "array", "as", "asc", "between", "both", "by",
            "case", "check", "constraint", "cross", "current_date", "current_time", "current_user", "day", "default",
            "desc", "distinct", "else", "end", "except", "exists", "false", "fetch", "for", "foreign", "from", "full",
            "group", "having", "hour", "if", "in", "inner", "intersect", "interval", "is", "join", "key", "leading",
            "left", "like", "limit", "minute", "month", "natural", "not", "null", "offset", "on", "or", "order",
            "primary", "qualify", "regexp", "right", "row", "rownum", "rows", "second", "select", "set", "some", "table",
            "to", "top", "trailing", "true", "union", "unique", "unknown", "user", "using", "value", "values", "when",
            "where", "window", "with", "year", "_rowid_");

    private Tables() {
    }

    /** @return the name as SQL must write it: lower-case and bare when it can be, else quoted as stored */
    static String sqlName(String stored, boolean lowerCaseDb) {
        return needsQuotes(stored, lowerCaseDb) ? "\"" + stored.replace("\"", "\"\"") + "\"" : stored.toLowerCase(Locale.ROOT);
    }

    /**
     * @param lowerCaseDb the database stores unquoted names in lower case (PostgreSQL), else upper case (H2)
     * @return whether a stored name must be quoted in SQL
     */
    static boolean needsQuotes(String stored, boolean lowerCaseDb) {
        if (stored == null) {
            return false;
        }
        String plain = lowerCaseDb ? stored.toLowerCase(Locale.ROOT) : stored.toUpperCase(Locale.ROOT);
        return !stored.equals(plain) || !stored.matches("[A-Za-z_][A-Za-z0-9_]*")
                || KEYWORDS.contains(stored.toLowerCase(Locale.ROOT));
    }
}
