package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.Principal;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lifecycle of the agent's data (table {@code agent_threads}, V80): one row per thread that has runs, written when
 * a run starts; listed newest first, deleted with the thread's runs, events and artifacts, and removed with files and
 * artifacts by the retention sweep ({@link Retention}). On {@link Jdbc}: a database failure is a
 * {@code StorageException}.
 */
final class ThreadStore {
    /** A row of the thread list. */
    record ThreadRow(String threadId, String title, int runCount, Instant createdAt, Instant updatedAt, String lastRunId,
                  String lastRunStatus) {
    }

    /** One page of threads and how many there are over all pages. */
    record Page(List<ThreadRow> threads, int total) {
    }

    /** What a delete did. */
    sealed interface Deleted {
        /** The thread and everything of it are gone. */
        record Done() implements Deleted {
        }

        /** No run has this thread id. */
        record NotFound() implements Deleted {
        }

        /** A run of the thread is still going; nothing was deleted. */
        record Busy(String runId) implements Deleted {
        }
    }

    /** What one retention sweep removed. */
    record Swept(int threads, int files, int artifacts) {
        int total() {
            return threads + files + artifacts;
        }
    }

    /** Threads one sweep removes at most: a large backlog is worked off over several heartbeats. */
    static final int SWEEP_BATCH = 200;

    private final Jdbc jdbc;

    ThreadStore(DataSource ds) {
        this.jdbc = new Jdbc(ds);
    }

    /**
     * Records a run's start in its thread, on the run's own connection (the transaction that stores the run): a new
     * thread gets a row with the title, an existing one its {@code updated_at}. Portable (no upsert syntax): an update,
     * else an insert if still missing, else (another replica inserted it meanwhile) the update again.
     */
    static void touch(Connection c, String threadId, String title, Timestamp at, String principal) throws SQLException {
        if (update(c, threadId, at) == 0) {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO agent_threads (thread_id, title, created_at, "
                    + "updated_at, principal) SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_threads "
                    + "WHERE thread_id = ?)")) {
                s.setString(1, threadId);
                s.setString(2, title);
                s.setTimestamp(3, at);
                s.setTimestamp(4, at);
                s.setString(5, principal);
                s.setString(6, threadId);
                if (s.executeUpdate() == 0) {
                    update(c, threadId, at);
                }
            }
        }
    }

    /**
     * @throws ApiError 404 when the thread exists and is another principal's (the operator sees every thread): the
     *                  same answer as for a thread that does not exist
     */
    static void requireVisible(Connection c, String threadId, Principal principal) throws SQLException {
        String owner = owner(c, threadId);
        if (owner != null && !principal.sees(owner)) {
            throw ApiError.notFound("no thread '" + threadId + "'");
        }
    }

    /** @return the principal the thread belongs to; null when it has no row */
    private static String owner(Connection c, String threadId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT principal FROM agent_threads WHERE thread_id = ?")) {
            s.setString(1, threadId);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    /**
     * @return true for the operator; for a named principal, true when the thread exists and is its own (a thread
     *         without a row, no runs, is nobody's, so false)
     */
    boolean visible(String threadId, Principal principal) {
        if (principal.operator()) {
            return true; // the operator sees every thread (one without runs answers as before: its own 404)
        }
        String owner = jdbc.call(c -> owner(c, threadId));
        return owner != null && principal.sees(owner);
    }

    private static int update(Connection c, String threadId, Timestamp at) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE agent_threads SET updated_at = "
                + "CASE WHEN updated_at < ? THEN ? ELSE updated_at END WHERE thread_id = ?")) {
            s.setTimestamp(1, at);
            s.setTimestamp(2, at);
            s.setString(3, threadId);
            return s.executeUpdate();
        }
    }

    /**
     * @return the threads the principal sees (its own; the operator every one) from {@code offset}, newest first
     *         (latest run's start, then id), at most {@code limit}
     */
    Page list(int limit, int offset, Principal principal) {
        String where = principal.operator() ? "" : " WHERE principal = ?";
        return jdbc.call(c -> {
            int total;
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM agent_threads" + where)) {
                if (!principal.operator()) {
                    s.setString(1, principal.name());
                }
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    total = r.getInt(1);
                }
            }
            List<ThreadRow> rows = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT thread_id, title, created_at, updated_at FROM agent_threads"
                    + where + " ORDER BY updated_at DESC, thread_id LIMIT ? OFFSET ?")) {
                int i = 1;
                if (!principal.operator()) {
                    s.setString(i++, principal.name());
                }
                s.setInt(i++, limit);
                s.setInt(i, offset);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        rows.add(new ThreadRow(r.getString(1), r.getString(2), 0, r.getTimestamp(3).toInstant(),
                                r.getTimestamp(4).toInstant(), null, null));
                    }
                }
            }
            return new Page(withRuns(c, rows), total);
        });
    }

    /** Adds each thread's run count and latest run (one query for the page). */
    private static List<ThreadRow> withRuns(Connection c, List<ThreadRow> rows) throws SQLException {
        if (rows.isEmpty()) {
            return rows;
        }
        Map<String, int[]> counts = new HashMap<>();
        Map<String, String[]> latest = new HashMap<>();
        String marks = String.join(", ", Collections.nCopies(rows.size(), "?"));
        try (PreparedStatement s = c.prepareStatement("SELECT thread_id, run_id, status FROM agent_runs WHERE thread_id IN ("
                + marks + ") ORDER BY started_at DESC, run_id DESC")) {
            for (int i = 0; i < rows.size(); i++) {
                s.setString(i + 1, rows.get(i).threadId());
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    counts.computeIfAbsent(r.getString(1), k -> new int[1])[0]++;
                    latest.putIfAbsent(r.getString(1), new String[] {r.getString(2), r.getString(3)});
                }
            }
        }
        List<ThreadRow> out = new ArrayList<>();
        for (ThreadRow t : rows) {
            String[] last = latest.get(t.threadId());
            out.add(new ThreadRow(t.threadId(), t.title(), counts.getOrDefault(t.threadId(), new int[1])[0], t.createdAt(),
                    t.updatedAt(), last == null ? null : last[0], last == null ? null : last[1]));
        }
        return out;
    }

    /**
     * Deletes a thread with its runs, their events and its artifacts, in one transaction, unless a run of it is still
     * going. Only the runs read at the start are deleted (by id), so a run that starts in the thread meanwhile stays
     * whole, and so does the thread's row.
     */
    Deleted delete(String threadId) {
        return jdbc.transaction(c -> delete(c, threadId));
    }

    /** As {@link #delete(String)}, when the principal sees the thread; else {@link Deleted.NotFound}. */
    Deleted delete(String threadId, Principal principal) {
        return jdbc.transaction(c -> {
            String owner = owner(c, threadId);
            return owner != null && !principal.sees(owner) ? new Deleted.NotFound() : delete(c, threadId);
        });
    }

    private static Deleted delete(Connection c, String threadId) throws SQLException {
        List<String> runs = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT run_id, status FROM agent_runs WHERE thread_id = ? "
                + "ORDER BY started_at, run_id")) {
            s.setString(1, threadId);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    if (r.getString(2).equals("started") || r.getString(2).equals("canceling")) {
                        return new Deleted.Busy(r.getString(1));
                    }
                    runs.add(r.getString(1));
                }
            }
        }
        if (runs.isEmpty()) {
            forget(c, threadId); // a row left by a race with a delete: no runs, no thread
            return new Deleted.NotFound();
        }
        for (String table : List.of("agent_events", "agent_artifacts", "agent_runs")) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE run_id = ?")) {
                for (String run : runs) {
                    s.setString(1, run);
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        forget(c, threadId);
        return new Deleted.Done();
    }

    /** Deletes the thread's row when it has no runs left. */
    private static void forget(Connection c, String threadId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM agent_threads WHERE thread_id = ? "
                + "AND NOT EXISTS (SELECT 1 FROM agent_runs WHERE thread_id = ?)")) {
            s.setString(1, threadId);
            s.setString(2, threadId);
            s.executeUpdate();
        }
    }

    /**
     * The retention sweep: deletes the threads whose latest run started before {@code before} (at most
     * {@link #SWEEP_BATCH}; never one with a run still going), then the files and artifacts stored before it.
     */
    Swept expire(Instant before) {
        Timestamp cutoff = Timestamp.from(before);
        List<String> old = jdbc.list("SELECT t.thread_id FROM agent_threads t WHERE t.updated_at < ? AND NOT EXISTS "
                + "(SELECT 1 FROM agent_runs r WHERE r.thread_id = t.thread_id AND r.status IN ('started', 'canceling')) "
                + "ORDER BY t.updated_at, t.thread_id LIMIT " + SWEEP_BATCH, r -> r.getString(1), cutoff);
        int threads = 0;
        for (String threadId : old) {
            if (delete(threadId) instanceof Deleted.Done) {
                threads++;
            }
        }
        int artifacts = jdbc.update("DELETE FROM agent_artifacts WHERE created_at < ?", cutoff);
        int files = jdbc.update("DELETE FROM agent_files WHERE created_at < ?", cutoff);
        return new Swept(threads, files, artifacts);
    }
}
