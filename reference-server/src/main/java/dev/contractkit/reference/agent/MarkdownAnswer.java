package dev.contractkit.reference.agent;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The analyst's answer, streamed as one assistant text message: a query's result in the sections and format the
 * run's skill declares (a table or a list, a piece per row; knowledge and MCP notes; the largest value; the SQL),
 * or a plain sentence saying why the question cannot be answered.
 */
final class MarkdownAnswer {
    private MarkdownAnswer() {
    }

    /** @return the text sent: the sections the skill declares, in its order and format ({@link SkillShape}) */
    static String table(String title, String preface, String where, SqlTool.Table table, String sql, List<String> notes,
                        SkillShape shape, RunEvents events) {
        String id = events.runId() + "-answer";
        StringBuilder all = new StringBuilder();
        events.emit(events.event("TEXT_MESSAGE_START").put("messageId", id).put("role", "assistant"));
        List<String> pieces = new ArrayList<>();
        if (preface != null) {
            pieces.add(preface + "\n\n");
        }
        for (String section : shape.sections()) {
            switch (section) {
                case "table" -> {
                    pieces.add("**" + title + "** (" + table.rows().size() + " rows, " + where + ")\n\n");
                    if (shape.format().equals("list")) {
                        for (List<Object> row : table.rows()) {
                            List<String> cells = new ArrayList<>();
                            for (int i = 0; i < row.size(); i++) {
                                cells.add(table.columns().get(i) + ": " + cell(row.get(i)));
                            }
                            pieces.add("- " + String.join(", ", cells) + "\n");
                        }
                    } else {
                        pieces.add("| " + String.join(" | ", table.columns()) + " |\n|" + "---|".repeat(table.columns().size()) + "\n");
                        for (List<Object> row : table.rows()) {
                            pieces.add("| " + String.join(" | ", row.stream().map(MarkdownAnswer::cell).toList()) + " |\n");
                        }
                    }
                }
                case "notes" -> notes.forEach(note -> pieces.add("\n> " + note + "\n"));
                case "largest" -> {
                    if (!table.rows().isEmpty()) {
                        List<Object> top = table.rows().stream().max((a, b) -> compare(a.get(a.size() - 1), b.get(b.size() - 1))).orElseThrow();
                        pieces.add("\nLargest: **" + cell(top.get(0)) + "** with " + cell(top.get(top.size() - 1)) + ".\n");
                    }
                }
                case "sql" -> pieces.add("\n```sql\n" + sql + "\n```\n");
                default -> {
                    // a section this agent does not know is left out
                }
            }
        }
        for (String piece : pieces) {
            events.pause();
            events.emit(events.event("TEXT_MESSAGE_CONTENT").put("messageId", id).put("delta", piece));
            all.append(piece);
        }
        events.emit(events.event("TEXT_MESSAGE_END").put("messageId", id));
        return all.toString();
    }

    /** Says plainly that the question cannot be answered, and why. @return the text sent */
    static String cannot(String why, AgentStore.Datasource ds, RunEvents events) {
        String id = events.runId() + "-answer";
        String text = "I cannot answer this from data source `" + ds.id() + "`" + ": " + why
                + ". Ask about one of its tables or columns, or upload a CSV or JSON file and name it in `fileIds`.";
        events.emit(events.event("TEXT_MESSAGE_START").put("messageId", id).put("role", "assistant"));
        events.pause();
        events.emit(events.event("TEXT_MESSAGE_CONTENT").put("messageId", id).put("delta", text));
        events.emit(events.event("TEXT_MESSAGE_END").put("messageId", id));
        return text;
    }

    private static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString()));
        }
        return String.valueOf(a).compareTo(String.valueOf(b));
    }

    private static String cell(Object v) {
        return v == null ? "" : v instanceof BigDecimal b ? b.toPlainString() : v.toString().replace("|", "\\|");
    }
}
