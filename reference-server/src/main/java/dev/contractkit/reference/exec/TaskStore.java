package dev.contractkit.reference.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Leases;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.StorageException;
import io.helidon.http.Status;

import java.time.format.DateTimeFormatter;
import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/** Tasks and their state in the kit's database (table {@code exec_tasks}). */
final class TaskStore {
    static final Set<String> TERMINAL = Set.of("success", "failed", "cancelled", "skipped");
    private static final String COLUMNS =
            "id, type, spec, status, handle_id, progress, attempts, result, runtime, error, created_at, updated_at";

    private final DataSource ds;
    private final Jdbc jdbc;
    private final ObjectMapper mapper;
    private final String owner;

    /** @param owner the replica id stored with every task this process accepts (it runs them) */
    TaskStore(DataSource ds, ObjectMapper mapper, String owner) {
        this.ds = ds;
        this.jdbc = new Jdbc(ds);
        this.mapper = mapper;
        this.owner = owner;
    }

    /** One stored task. {@code result}, {@code runtime} and {@code error} may be null. */
    record Row(ObjectNode spec, String status, String handleId, double progress, int attempts, JsonNode result,
               ObjectNode runtime, ObjectNode error, Instant createdAt, Instant updatedAt) {
        String id() {
            return spec.get("id").asText();
        }

        boolean terminal() {
            return TERMINAL.contains(status);
        }

        Row status(String s) {
            return new Row(spec, s, handleId, progress, attempts, result, runtime, error, createdAt, updatedAt);
        }

        Row handle(String h, int attempt) {
            return new Row(spec, status, h, progress, attempt, result, runtime, error, createdAt, updatedAt);
        }

        Row outcome(double p, JsonNode r, ObjectNode rt, ObjectNode e) {
            return new Row(spec, status, handleId, p, attempts, r, rt, e, createdAt, updatedAt);
        }

        Row runtime(ObjectNode rt) {
            return new Row(spec, status, handleId, progress, attempts, result, rt, error, createdAt, updatedAt);
        }

        /** @return the contract's Task */
        ObjectNode toJson() {
            ObjectNode n = spec.deepCopy();
            n.put("status", status);
            if (handleId != null) {
                n.put("handle_id", handleId);
            }
            n.put("progress", progress);
            n.put("attempts", attempts);
            if (result != null && !result.isNull()) {
                n.set("result", result);
            }
            if (runtime != null) {
                n.set("runtime", runtime);
            }
            if (error != null) {
                n.set("error", error);
            }
            // ISO_INSTANT always writes the seconds (OffsetDateTime.toString() drops ":00" at a whole minute)
            n.put("created_at", DateTimeFormatter.ISO_INSTANT.format(createdAt));
            n.put("updated_at", DateTimeFormatter.ISO_INSTANT.format(updatedAt));
            return n;
        }
    }

    /**
     * Stores a graph's tasks as {@code pending}, all or none.
     *
     * @return their {@code created_at}: the generation of these tasks, which tells them from a task that is given
     *         the same id after a delete (the runner of a deleted task must not write into its successor)
     * @throws ApiError 409 task_exists when an id is taken
     */
    Instant insert(List<TaskSpec> tasks, int maxUnfinished) {
        Instant now = now();
        try {
            return jdbc.transaction(c -> {
                if (countUnfinished(c) + tasks.size() > maxUnfinished) {
                    throw new ApiError(Status.TOO_MANY_REQUESTS_429, "too_many_tasks", "the control plane holds "
                            + maxUnfinished + " unfinished tasks at most; wait for some to finish or cancel them");
                }
                try (PreparedStatement ps = c.prepareStatement("SELECT id FROM exec_tasks WHERE id = ?")) {
                    for (TaskSpec t : tasks) {
                        ps.setString(1, t.id());
                        try (ResultSet rs = ps.executeQuery()) {
                            if (rs.next()) {
                                throw new ApiError(Status.CONFLICT_409, "task_exists", "a task with id " + t.id()
                                        + " exists already; choose another id (or DELETE it first)");
                            }
                        }
                    }
                }
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO exec_tasks (" + COLUMNS
                        + ", owner) VALUES (?, ?, ?, 'pending', NULL, 0, 0, NULL, NULL, NULL, ?, ?, ?)")) {
                    for (TaskSpec t : tasks) {
                        ps.setString(1, t.id());
                        ps.setString(2, t.kind().id());
                        ps.setString(3, write(t.toJson()));
                        ps.setObject(4, OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
                        ps.setObject(5, OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
                        ps.setString(6, owner);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                return now;
            });
        } catch (StorageException e) {
            if (e.isUniqueViolation()) {
                throw new ApiError(Status.CONFLICT_409, "task_exists", "a task id of this graph exists already");
            }
            throw e;
        }
    }

    Optional<Row> find(String id) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM exec_tasks WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(row(rs)) : Optional.empty();
                }
            }
        });
    }

    /**
     * Changes a task atomically when its status is one of {@code from}.
     *
     * @return the new row, or empty when the task is gone or in another state
     */
    Optional<Row> update(String id, Set<String> from, UnaryOperator<Row> change) {
        return update(id, null, from, change);
    }

    /**
     * Changes a task atomically when it is of the given generation (its {@code created_at}; null: any) and its
     * status is one of {@code from}.
     *
     * @return the new row, or empty when the task is gone, of another generation or in another state
     */
    Optional<Row> update(String id, Instant generation, Set<String> from, UnaryOperator<Row> change) {
        return jdbc.transaction(c -> {
            Row current;
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM exec_tasks WHERE id = ? FOR UPDATE")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.<Row>empty();
                    }
                    current = row(rs);
                }
            }
            if (!from.contains(current.status()) || generation != null && !generation.equals(current.createdAt())) {
                return Optional.<Row>empty();
            }
            Row next = change.apply(current);
            Instant now = now();
            try (PreparedStatement ps = c.prepareStatement("UPDATE exec_tasks SET status = ?, handle_id = ?, "
                    + "progress = ?, attempts = ?, result = ?, runtime = ?, error = ?, updated_at = ? WHERE id = ?")) {
                ps.setString(1, next.status());
                ps.setString(2, next.handleId());
                ps.setDouble(3, next.progress());
                ps.setInt(4, next.attempts());
                ps.setString(5, next.result() == null ? null : write(next.result()));
                ps.setString(6, next.runtime() == null ? null : write(next.runtime()));
                ps.setString(7, next.error() == null ? null : write(next.error()));
                ps.setObject(8, OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
                ps.setString(9, id);
                ps.executeUpdate();
            }
            return Optional.of(new Row(next.spec(), next.status(), next.handleId(), next.progress(), next.attempts(),
                    next.result(), next.runtime(), next.error(), next.createdAt(), now));
        });
    }

    boolean delete(String id) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM exec_tasks WHERE id = ?")) {
                ps.setString(1, id);
                return ps.executeUpdate() > 0;
            }
        });
    }

    /** One page of tasks, newest first, and how many match over all pages. */
    record Page(List<Row> rows, int total) {
    }

    /**
     * @param statuses only tasks in one of these states (empty: every task)
     * @return the tasks from {@code offset}, at most {@code limit}, newest first ({@code created_at} descending, then id)
     */
    Page list(Set<String> statuses, int limit, int offset) {
        String where = statuses.isEmpty() ? "" : " WHERE status IN (" + String.join(", ",
                java.util.Collections.nCopies(statuses.size(), "?")) + ")";
        List<String> bound = List.copyOf(statuses);
        return jdbc.call(c -> {
            int total;
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM exec_tasks" + where)) {
                for (int i = 0; i < bound.size(); i++) {
                    ps.setString(i + 1, bound.get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    total = rs.getInt(1);
                }
            }
            List<Row> rows = new java.util.ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM exec_tasks" + where
                    + " ORDER BY created_at DESC, id LIMIT ? OFFSET ?")) {
                int i = 1;
                for (String st : bound) {
                    ps.setString(i++, st);
                }
                ps.setInt(i++, limit);
                ps.setInt(i, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(row(rs));
                    }
                }
            }
            return new Page(rows, total);
        });
    }

    /**
     * Deletes the finished tasks whose last change is older than {@code before} (the retention setting).
     *
     * @return how many were deleted
     */
    int deleteFinishedBefore(Instant before) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM exec_tasks WHERE status IN ('success', 'failed', "
                    + "'cancelled', 'skipped') AND updated_at < ?")) {
                ps.setObject(1, OffsetDateTime.ofInstant(before, ZoneOffset.UTC));
                return ps.executeUpdate();
            }
        });
    }

    int countUnfinished() {
        return jdbc.call(TaskStore::countUnfinished);
    }

    private static int countUnfinished(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM exec_tasks WHERE status IN ('pending', 'running', 'cancelling')");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * Ends the tasks whose replica is gone (a previous process on this database, or a replica that stopped
     * sending heartbeats): their work died with it. {@code cancelling} ones end {@code cancelled}, the others
     * {@code failed} with error {@code interrupted} and the reason.
     *
     * @return how many were ended
     */
    int endOrphans(Leases.Orphans orphans) throws SQLException {
        try (Connection c = ds.getConnection();
             PreparedStatement cancelling = c.prepareStatement("UPDATE exec_tasks SET status = 'cancelled', updated_at = ? "
                     + "WHERE status = 'cancelling' AND " + orphans.where("owner"));
             PreparedStatement others = c.prepareStatement("UPDATE exec_tasks SET status = 'failed', error = ?, updated_at = ? "
                     + "WHERE status IN ('pending', 'running') AND " + orphans.where("owner"))) {
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            cancelling.setObject(1, now);
            orphans.bind(cancelling, 2);
            others.setString(1, write(mapper.createObjectNode().put("code", "interrupted").put("message",
                    "the task was unfinished when " + orphans.reason())));
            others.setObject(2, now);
            orphans.bind(others, 3);
            return cancelling.executeUpdate() + others.executeUpdate();
        }
    }

    private Row row(ResultSet rs) throws SQLException {
        return new Row((ObjectNode) read(rs.getString("spec")), rs.getString("status"), rs.getString("handle_id"),
                rs.getDouble("progress"), rs.getInt("attempts"), read(rs.getString("result")),
                (ObjectNode) read(rs.getString("runtime")), (ObjectNode) read(rs.getString("error")),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant());
    }

    private JsonNode read(String text) {
        if (text == null) {
            return null;
        }
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored task JSON is broken: " + e.getOriginalMessage(), e);
        }
    }

    private String write(JsonNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
