package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Saves a query's table as a CSV artifact of the run and announces it ({@code kit.artifact}). Cells and column
 * names come from uploaded files and data sources, so the CSV is written for a spreadsheet that may open it
 * (OWASP "CSV Injection"): a cell that starts with {@code =}, {@code +}, {@code -}, {@code @}, tab or carriage
 * return gets a single quote in front and is quoted, so no spreadsheet reads it as a formula; a plain negative
 * number ({@code -12.5}) stays a number (docs/decisions.md). Cells with a comma, a quote or a line break are
 * quoted (RFC 4180).
 */
final class CsvArtifacts {
    /** What a spreadsheet reads as the start of a formula (OWASP's list). */
    private static final String FORMULA_START = "=+-@\t\r";
    /** A negative number and nothing else: a constant to a spreadsheet, never a formula with a function or reference. */
    private static final Pattern PLAIN_NUMBER = Pattern.compile("-[0-9]+(\\.[0-9]+)?");

    private final ObjectMapper mapper;
    private final AgentStore store;

    CsvArtifacts(ObjectMapper mapper, AgentStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    /** @return the artifact's id */
    String save(SqlTool.Table table, String plan, RunEvents events) {
        String csv = csv(table);
        String threadId = events.threadId();
        String runId = events.runId();
        String id = "art-" + UUID.randomUUID().toString().substring(0, 13);
        String name = plan + ".csv";
        store.saveArtifact(new AgentStore.Artifact(id, threadId, runId, name, "text/csv", csv));
        events.custom("kit.artifact", mapper.createObjectNode().put("artifactId", id).put("name", name)
                .put("mediaType", "text/csv").put("sizeBytes", csv.getBytes(StandardCharsets.UTF_8).length)
                .put("threadId", threadId).put("runId", runId).put("downloadPath", "/api/v1/artifacts/" + id + "/content"));
        return id;
    }

    /** @return the table as CSV: a header line, then one line per row */
    static String csv(SqlTool.Table table) {
        StringBuilder csv = new StringBuilder(String.join(",", table.columns().stream().map(CsvArtifacts::cell).toList()))
                .append('\n');
        for (List<Object> row : table.rows()) {
            csv.append(String.join(",", row.stream().map(CsvArtifacts::cell).toList())).append('\n');
        }
        return csv.toString();
    }

    /** @return one cell as CSV: quoted when needed, a would-be formula neutralised */
    static String cell(Object v) {
        String s = v == null ? "" : v instanceof BigDecimal b ? b.toPlainString() : v.toString();
        if (formula(s)) {
            return "\"'" + s.replace("\"", "\"\"") + "\"";
        }
        boolean quote = s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r");
        return quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static boolean formula(String s) {
        return !s.isEmpty() && FORMULA_START.indexOf(s.charAt(0)) >= 0 && !PLAIN_NUMBER.matcher(s).matches();
    }
}
