package dev.contractkit.reference.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.Leases;
import dev.contractkit.reference.platform.Principal;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The agent's tables (V40–V42, V80): runs, events, data sources, files, artifacts (threads, their list and the
 * retention: {@link ThreadStore}). Its methods run on {@link Jdbc}: a
 * database failure is a {@code StorageException}, which the endpoints let through to the server's error routing.
 */
final class AgentStore {
    record Datasource(String id, String name, String jdbcUrl, String username, String password, boolean enabled,
                      boolean builtIn) {
        boolean embedded() {
            return jdbcUrl.equals("kit:embedded");
        }
    }

    record Run(String runId, String threadId, String status, Instant startedAt, Instant finishedAt, String reason) {
    }

    /** One stored event: its sequence number in the run and its JSON text. */
    record StoredEvent(int seq, String type, String payload) {
        boolean last() {
            return type.equals("RUN_FINISHED") || type.equals("RUN_ERROR");
        }
    }

    record Artifact(String id, String threadId, String runId, String name, String mediaType, String content) {
    }

    record StoredFile(String id, String name, String mediaType, byte[] content, Instant createdAt) {
    }

    private static final String INSERT_EVENT =
            "INSERT INTO agent_events (run_id, seq, thread_id, type, payload) VALUES (?, ?, ?, ?, ?)";

    private final Jdbc jdbc;
    private final ObjectMapper mapper;

    AgentStore(DataSource ds, ObjectMapper mapper) {
        this.jdbc = new Jdbc(ds);
        this.mapper = mapper;
    }

    /**
     * Stores a new run and, in the same transaction, its thread's row ({@link ThreadStore#touch}).
     *
     * @param owner     the replica that runs it ({@code kit_leases})
     * @param title     the thread's title, if this run starts a new thread
     * @param principal who starts it: a new thread becomes its; another principal's thread is refused
     * @return false when the run id exists already
     * @throws ApiError 404 when the thread is another principal's (the transaction is rolled back)
     */
    boolean startRun(String runId, String threadId, String owner, String title, Principal principal) {
        Timestamp now = Timestamp.from(Instant.now());
        return jdbc.transaction(c -> {
            ThreadStore.requireVisible(c, threadId, principal);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO agent_runs (run_id, thread_id, status, started_at, "
                    + "owner) SELECT ?, ?, 'started', ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_runs WHERE run_id = ?)")) {
                s.setString(1, runId);
                s.setString(2, threadId);
                s.setTimestamp(3, now);
                s.setString(4, owner);
                s.setString(5, runId);
                if (s.executeUpdate() != 1) {
                    return false;
                }
            }
            ThreadStore.touch(c, threadId, title, now, principal.name());
            ThreadStore.requireVisible(c, threadId, principal); // another principal made it meanwhile
            return true;
        });
    }

    /** Sets the status of an unfinished run (a run an orphan sweep ended keeps its {@code failed}). */
    void status(String runId, String status, boolean finished) {
        if (finished) {
            jdbc.update("UPDATE agent_runs SET status = ?, finished_at = ? WHERE run_id = ? AND finished_at IS NULL",
                    status, Timestamp.from(Instant.now()), runId);
        } else {
            jdbc.update("UPDATE agent_runs SET status = ? WHERE run_id = ? AND finished_at IS NULL", status, runId);
        }
    }

    /** Stores a run's events in one transaction (one batch), in the order given. */
    void events(String runId, String threadId, List<StoredEvent> events) {
        jdbc.transaction(c -> {
            try (PreparedStatement s = c.prepareStatement(INSERT_EVENT)) {
                for (StoredEvent e : events) {
                    s.setString(1, runId);
                    s.setInt(2, e.seq());
                    s.setString(3, threadId);
                    s.setString(4, e.type());
                    s.setString(5, e.payload());
                    s.addBatch();
                }
                return s.executeBatch();
            }
        });
    }

    /**
     * @param after the last sequence number the reader has (-1 for all)
     * @return the run's stored events after it, in order
     */
    List<StoredEvent> eventsAfter(String runId, int after) {
        return jdbc.list("SELECT seq, type, payload FROM agent_events WHERE run_id = ? AND seq > ? ORDER BY seq",
                r -> new StoredEvent(r.getInt(1), r.getString(2), r.getString(3)), runId, after);
    }

    /**
     * Ends the runs whose replica is gone: status {@code failed} with the reason, and a last event RUN_ERROR
     * {@code RUN_INTERRUPTED}, so history and re-attached streams end like any run. Each run is ended by one
     * conditional update, so two replicas sweeping at once end it once.
     *
     * @param ended called with the run id of each run ended
     * @return how many runs were ended
     */
    int endOrphans(Leases.Orphans orphans, Consumer<String> ended) {
        List<String[]> runs = jdbc.call(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT run_id, thread_id FROM agent_runs "
                    + "WHERE status IN ('started', 'canceling') AND " + orphans.where("owner"))) {
                orphans.bind(s, 1);
                List<String[]> out = new ArrayList<>();
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(new String[] {r.getString(1), r.getString(2)});
                    }
                }
                return out;
            }
        });
        int n = 0;
        for (String[] run : runs) {
            if (jdbc.transaction(c -> endOrphan(c, run[0], run[1], orphans.reason()))) {
                ended.accept(run[0]);
                n++;
            }
        }
        return n;
    }

    /** @return false when another replica ended the run first (the conditional update changed nothing) */
    private boolean endOrphan(Connection c, String runId, String threadId, String reason) throws SQLException {
        StoredEvent last = null;
        try (PreparedStatement s = c.prepareStatement("SELECT seq, type, payload FROM agent_events WHERE run_id = ? "
                + "ORDER BY seq DESC FETCH FIRST 1 ROWS ONLY")) {
            s.setString(1, runId);
            try (ResultSet r = s.executeQuery()) {
                if (r.next()) {
                    last = new StoredEvent(r.getInt(1), r.getString(2), r.getString(3));
                }
            }
        }
        boolean ended = last != null && last.last(); // died after its last event, before its status
        String status = !ended ? "failed" : last.type().equals("RUN_ERROR") ? "failed"
                : last.payload().contains("\"cancelled\"") ? "canceled" : "completed";
        try (PreparedStatement s = c.prepareStatement("UPDATE agent_runs SET status = ?, finished_at = ?, "
                + "reason = ? WHERE run_id = ? AND status IN ('started', 'canceling')")) {
            s.setString(1, status);
            s.setTimestamp(2, Timestamp.from(Instant.now()));
            s.setString(3, ended ? null : reason);
            s.setString(4, runId);
            if (s.executeUpdate() != 1) {
                return false;
            }
        }
        if (!ended) {
            ObjectNode error = mapper.createObjectNode().put("type", "RUN_ERROR")
                    .put("message", "The run was interrupted: " + reason).put("code", "RUN_INTERRUPTED")
                    .put("timestamp", System.currentTimeMillis());
            try (PreparedStatement s = c.prepareStatement(INSERT_EVENT)) {
                s.setString(1, runId);
                s.setInt(2, last == null ? 0 : last.seq() + 1);
                s.setString(3, threadId);
                s.setString(4, "RUN_ERROR");
                s.setString(5, error.toString());
                s.executeUpdate();
            }
        }
        return true;
    }

    Optional<Run> run(String runId) {
        return jdbc.list("SELECT * FROM agent_runs WHERE run_id = ?", AgentStore::run, runId).stream().findFirst();
    }

    private static Run run(ResultSet r) throws SQLException {
        Timestamp f = r.getTimestamp("finished_at");
        return new Run(r.getString("run_id"), r.getString("thread_id"), r.getString("status"),
                r.getTimestamp("started_at").toInstant(), f == null ? null : f.toInstant(), r.getString("reason"));
    }

    /** @return the thread's runs, oldest first, each with its events in order; empty when there are none */
    List<ObjectNode> history(String threadId) {
        return jdbc.call(c -> {
            List<Run> runs = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT * FROM agent_runs WHERE thread_id = ? ORDER BY started_at, run_id")) {
                s.setString(1, threadId);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        runs.add(run(r));
                    }
                }
            }
            List<ObjectNode> out = new ArrayList<>();
            for (Run run : runs) {
                ObjectNode n = mapper.createObjectNode();
                n.put("runId", run.runId()).put("threadId", run.threadId()).put("status", run.status())
                        .put("startedAt", run.startedAt().toString());
                if (run.finishedAt() != null) {
                    n.put("finishedAt", run.finishedAt().toString());
                }
                if (run.reason() != null) {
                    n.put("reason", run.reason());
                }
                ArrayNode events = n.putArray("events");
                try (PreparedStatement s = c.prepareStatement(
                        "SELECT payload FROM agent_events WHERE run_id = ? ORDER BY seq")) {
                    s.setString(1, run.runId());
                    try (ResultSet r = s.executeQuery()) {
                        while (r.next()) {
                            events.add(json(r.getString(1)));
                        }
                    }
                }
                out.add(n);
            }
            return out;
        });
    }

    /**
     * @return the value of the last CUSTOM {@code kit.query_plan} of the thread's runs before this one, or null
     */
    JsonNode lastQueryPlan(String threadId, String runId) {
        return jdbc.list("SELECT e.payload FROM agent_events e JOIN agent_runs r ON r.run_id = e.run_id "
                        + "WHERE e.thread_id = ? AND e.run_id <> ? AND e.type = 'CUSTOM' AND e.payload LIKE ? "
                        + "ORDER BY r.started_at DESC, e.seq DESC FETCH FIRST 1 ROWS ONLY", r -> json(r.getString(1)),
                threadId, runId, "%\"name\":\"kit.query_plan\"%").stream().findFirst()
                .map(plan -> plan.path("value")).orElse(null);
    }

    private JsonNode json(String event) {
        try {
            return mapper.readTree(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("agent: a stored event is not JSON: " + e.getMessage(), e);
        }
    }

    List<Datasource> datasources() {
        return jdbc.list("SELECT * FROM agent_datasources ORDER BY created_at, id", r -> new Datasource(
                r.getString("id"), r.getString("name"), r.getString("jdbc_url"), r.getString("username"),
                r.getString("password"), r.getBoolean("enabled"), r.getBoolean("built_in")));
    }

    Optional<Datasource> datasource(String id) {
        return datasources().stream().filter(d -> d.id().equals(id)).findFirst();
    }

    /** @return false when the id exists */
    boolean register(Datasource d) {
        return jdbc.update("INSERT INTO agent_datasources (id, name, jdbc_url, username, password, enabled, built_in, "
                + "created_at) SELECT ?, ?, ?, ?, ?, ?, FALSE, ? WHERE NOT EXISTS (SELECT 1 FROM agent_datasources "
                + "WHERE id = ?)", d.id(), d.name(), d.jdbcUrl(), d.username(), d.password(), d.enabled(),
                Timestamp.from(Instant.now()), d.id()) == 1;
    }

    /**
     * @param keepPassword true leaves the stored password as it is
     * @return false when there is no registered (non-built-in) data source with this id
     */
    boolean update(Datasource d, boolean keepPassword) {
        List<Object> args = new ArrayList<>(Arrays.asList(d.name(), d.jdbcUrl(), d.username(), d.enabled()));
        if (!keepPassword) {
            args.add(d.password());
        }
        args.add(d.id());
        return jdbc.update("UPDATE agent_datasources SET name = ?, jdbc_url = ?, username = ?, enabled = ?"
                + (keepPassword ? "" : ", password = ?") + " WHERE id = ? AND built_in = FALSE", args.toArray()) == 1;
    }

    /** @return false when there was no registered (non-built-in) data source with this id */
    boolean deleteDatasource(String id) {
        return jdbc.update("DELETE FROM agent_datasources WHERE id = ? AND built_in = FALSE", id) == 1;
    }

    /** @return every stored secret (data-source passwords, MCP tokens) of 6 characters or more, for redaction */
    Set<String> secrets() {
        Set<String> out = new HashSet<>(jdbc.list("SELECT password FROM agent_datasources WHERE password IS NOT NULL "
                + "UNION SELECT secret FROM agent_resources WHERE secret IS NOT NULL", r -> r.getString(1)));
        out.removeIf(secret -> secret.length() < 6);
        return out;
    }

    /** Stores an uploaded file as the uploader's. */
    void saveFile(StoredFile f, Principal uploader) {
        jdbc.update("INSERT INTO agent_files (id, name, media_type, size_bytes, content, created_at, principal) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)", f.id(), f.name(), f.mediaType(), (long) f.content().length,
                Base64.getEncoder().encodeToString(f.content()), Timestamp.from(f.createdAt()), uploader.name());
    }

    /** @return the files the principal sees (its own; the operator every one) */
    List<StoredFile> files(Principal principal) {
        return files(null, principal);
    }

    /** @return the ids of the files the principal sees (without reading their content) */
    Set<String> fileIds(Principal principal) {
        return new HashSet<>(principal.operator() ? jdbc.list("SELECT id FROM agent_files", r -> r.getString(1))
                : jdbc.list("SELECT id FROM agent_files WHERE principal = ?", r -> r.getString(1), principal.name()));
    }

    /** A file by id, whoever's (for a run whose file ids {@link #fileIds} has checked). */
    Optional<StoredFile> file(String id) {
        return files(id, Principal.OPERATOR).stream().findFirst();
    }

    /** @return the file when the principal sees it */
    Optional<StoredFile> file(String id, Principal principal) {
        return files(id, principal).stream().findFirst();
    }

    private List<StoredFile> files(String id, Principal principal) {
        List<Object> args = new ArrayList<>();
        List<String> where = new ArrayList<>();
        if (id != null) {
            where.add("id = ?");
            args.add(id);
        }
        if (!principal.operator()) {
            where.add("principal = ?");
            args.add(principal.name());
        }
        return jdbc.list("SELECT * FROM agent_files" + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                        + " ORDER BY created_at, id",
                r -> new StoredFile(r.getString("id"), r.getString("name"), r.getString("media_type"),
                        Base64.getDecoder().decode(r.getString("content")), r.getTimestamp("created_at").toInstant()),
                args.toArray());
    }

    /** @return false when there was no file with this id that the principal sees */
    boolean deleteFile(String id, Principal principal) {
        return principal.operator() ? jdbc.update("DELETE FROM agent_files WHERE id = ?", id) == 1
                : jdbc.update("DELETE FROM agent_files WHERE id = ? AND principal = ?", id, principal.name()) == 1;
    }

    /** @return false when there was no artifact with this id */
    boolean deleteArtifact(String id) {
        return jdbc.update("DELETE FROM agent_artifacts WHERE id = ?", id) == 1;
    }

    void saveArtifact(Artifact a) {
        jdbc.update("INSERT INTO agent_artifacts (id, thread_id, run_id, name, media_type, content, created_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)", a.id(), a.threadId(), a.runId(), a.name(), a.mediaType(), a.content(),
                Timestamp.from(Instant.now()));
    }

    List<Artifact> artifacts(String threadId) {
        return artifacts("thread_id", threadId);
    }

    Optional<Artifact> artifact(String id) {
        return artifacts("id", id).stream().findFirst();
    }

    private List<Artifact> artifacts(String column, String value) {
        return jdbc.list("SELECT * FROM agent_artifacts WHERE " + column + " = ? ORDER BY created_at, id",
                r -> new Artifact(r.getString("id"), r.getString("thread_id"), r.getString("run_id"), r.getString("name"),
                        r.getString("media_type"), r.getString("content")), value);
    }
}
