package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/** Saves a query's table as a CSV artifact of the run and announces it ({@code kit.artifact}). */
final class CsvArtifacts {
    private final ObjectMapper mapper;
    private final AgentStore store;

    CsvArtifacts(ObjectMapper mapper, AgentStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    /** @return the artifact's id */
    String save(SqlTool.Table table, String plan, RunEvents events) {
        StringBuilder csv = new StringBuilder(String.join(",", table.columns())).append('\n');
        for (List<Object> row : table.rows()) {
            csv.append(String.join(",", row.stream().map(CsvArtifacts::cell).toList())).append('\n');
        }
        String threadId = events.threadId();
        String runId = events.runId();
        String id = "art-" + UUID.randomUUID().toString().substring(0, 13);
        String name = plan + ".csv";
        store.saveArtifact(new AgentStore.Artifact(id, threadId, runId, name, "text/csv", csv.toString()));
        events.custom("kit.artifact", mapper.createObjectNode().put("artifactId", id).put("name", name)
                .put("mediaType", "text/csv").put("sizeBytes", csv.toString().getBytes(StandardCharsets.UTF_8).length)
                .put("threadId", threadId).put("runId", runId).put("downloadPath", "/api/v1/artifacts/" + id + "/content"));
        return id;
    }

    private static String cell(Object v) {
        String s = v == null ? "" : v instanceof BigDecimal b ? b.toPlainString() : v.toString();
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
