package dev.contractkit.reference.agent;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The analyst's answer, streamed as one assistant text message: a query's table in Markdown (a piece per row, with
 * the knowledge and MCP notes, and the {@code skill-summary} line when that skill applies), or a plain sentence
 * saying why the question cannot be answered.
 */
final class MarkdownAnswer {
    private MarkdownAnswer() {
    }

    /** @return the text sent */
    static String table(String title, String preface, String where, SqlTool.Table table, List<String> notes,
                        RunConfigResolver.Resolution config, RunEvents events) {
        String id = events.runId() + "-answer";
        StringBuilder all = new StringBuilder();
        events.emit(events.event("TEXT_MESSAGE_START").put("messageId", id).put("role", "assistant"));
        List<String> pieces = new ArrayList<>();
        if (preface != null) {
            pieces.add(preface + "\n\n");
        }
        pieces.add("**" + title + "** (" + table.rows().size() + " rows, " + where + ")\n\n");
        pieces.add("| " + String.join(" | ", table.columns()) + " |\n|" + "---|".repeat(table.columns().size()) + "\n");
        for (List<Object> row : table.rows()) {
            pieces.add("| " + String.join(" | ", row.stream().map(MarkdownAnswer::cell).toList()) + " |\n");
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
