package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The analyst's {@code read_files} step: loads each file ({@code fileIds}, then the pinned files and artifacts) as a
 * table of an in-memory database, one {@code read_file} tool call each; a file that cannot be read gives an error
 * result and the run goes on.
 */
final class FileReads {
    private final ObjectMapper mapper;
    private final AgentStore store;

    FileReads(ObjectMapper mapper, AgentStore store) {
        this.mapper = mapper;
        this.store = store;
    }

    /** @return a fresh in-memory database for the run's files */
    static FileTables open() {
        try {
            return new FileTables(new ObjectMapper());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the in-memory database for the run's files", e);
        }
    }

    /** @return the ids of the files loaded */
    List<String> read(FileTables files, List<String> fileIds, List<PinnedPaths.Ref> pinned, RunEvents events)
            throws SQLException {
        String runId = events.runId();
        List<String> loaded = new ArrayList<>();
        events.stepStarted("read_files");
        List<String[]> todo = new ArrayList<>();
        fileIds.forEach(id -> todo.add(new String[] {"file", id, null}));
        pinned.forEach(p -> todo.add(new String[] {p.kind(), p.id(), p.path()}));
        int i = 0;
        for (String[] item : todo) {
            events.run().checkpoint();
            String call = runId + "-call-file-" + i;
            String resultId = runId + "-tool-file-" + i++;
            boolean file = item[0].equals("file");
            ObjectNode args = mapper.createObjectNode().put(file ? "fileId" : "artifactId", item[1]);
            if (item[2] != null) {
                args.put("pinnedPath", item[2]);
            }
            String name;
            byte[] content;
            if (file) {
                AgentStore.StoredFile f = store.file(item[1]).orElse(null);
                name = f == null ? null : f.name();
                content = f == null ? null : f.content();
            } else {
                AgentStore.Artifact a = store.artifact(item[1]).orElse(null);
                name = a == null ? null : a.name();
                content = a == null ? null : a.content().getBytes(StandardCharsets.UTF_8);
            }
            if (name != null) {
                args.put("name", name);
            }
            events.tool(call, "read_file", args);
            ObjectNode out = mapper.createObjectNode();
            if (content == null) {
                out.put("error", "no such " + item[0]);
            } else {
                try {
                    FileTables.Loaded l = files.load(item[1], name, content);
                    out.put("table", l.table()).put("rowCount", l.rows()).set("columns", mapper.valueToTree(l.columns()));
                    if (file) {
                        loaded.add(item[1]);
                    }
                } catch (FileTables.Unreadable e) {
                    out.put("error", "'" + name + "' cannot be read as a table: " + e.getMessage());
                }
            }
            events.result(resultId, call, out);
        }
        events.stepFinished("read_files");
        return loaded;
    }
}
