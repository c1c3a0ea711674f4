package dev.contractkit.reference.codehost;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Runners, projects and groups in the kit's database. */
final class RunnerStore {
    private static final String COLUMNS = "r.id, r.description, r.name, r.active, r.runner_type, r.contact, r.contacted_at,"
            + " r.tag_list, r.locked, r.maximum_timeout, r.group_id";

    private final Sql sql;

    RunnerStore(Sql sql) {
        this.sql = sql;
    }

    List<Runner> all() {
        return sql.list("SELECT " + COLUMNS + " FROM codehost_runners r ORDER BY r.id", RunnerStore::read);
    }

    /** Runners of projects and groups (the instance's are left out). */
    List<Runner> owned() {
        return sql.list("SELECT " + COLUMNS + " FROM codehost_runners r WHERE r.runner_type <> 'instance_type' ORDER BY r.id",
                RunnerStore::read);
    }

    /** The project's own runners, its group's and the instance's. */
    List<Runner> ofProject(long projectId) {
        return sql.list("SELECT " + COLUMNS + " FROM codehost_runners r WHERE r.runner_type = 'instance_type'"
                + " OR r.id IN (SELECT runner_id FROM codehost_project_runners WHERE project_id = ?)"
                + " OR r.group_id = (SELECT group_id FROM codehost_projects WHERE id = ?) ORDER BY r.id",
                RunnerStore::read, projectId, projectId);
    }

    /** The group's runners and the instance's. */
    List<Runner> ofGroup(long groupId) {
        return sql.list("SELECT " + COLUMNS + " FROM codehost_runners r WHERE r.runner_type = 'instance_type'"
                + " OR r.group_id = ? ORDER BY r.id", RunnerStore::read, groupId);
    }

    Optional<Runner> find(long id) {
        return sql.one("SELECT " + COLUMNS + " FROM codehost_runners r WHERE r.id = ?", RunnerStore::read, id);
    }

    boolean projectExists(long id) {
        return sql.exists("SELECT 1 FROM codehost_projects WHERE id = ?", id);
    }

    boolean groupExists(long id) {
        return sql.exists("SELECT 1 FROM codehost_groups WHERE id = ?", id);
    }

    boolean assigned(long projectId, long runnerId) {
        return sql.exists("SELECT 1 FROM codehost_project_runners WHERE project_id = ? AND runner_id = ?", projectId, runnerId);
    }

    void assign(long projectId, long runnerId) {
        sql.update("INSERT INTO codehost_project_runners (project_id, runner_id) VALUES (?, ?)", projectId, runnerId);
    }

    /**
     * Stores a newly registered instance runner that has never contacted the server.
     *
     * @return its id (the next free one; a concurrent registration that took it makes this one try the next)
     */
    long register(String description, boolean active, String tagList, boolean locked, Integer maximumTimeout) {
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            long id = sql.one("SELECT COALESCE(MAX(id), 0) + 1 FROM codehost_runners", rs -> rs.getLong(1)).orElse(1L);
            try {
                sql.update("INSERT INTO codehost_runners (id, description, name, active, runner_type, contact, contacted_at,"
                        + " tag_list, locked, maximum_timeout, group_id) VALUES (?, ?, NULL, ?, 'instance_type', 'never',"
                        + " NULL, ?, ?, ?, NULL)", id, description, active, tagList, locked, maximumTimeout);
                return id;
            } catch (IllegalStateException e) {
                last = e; // the id was taken meanwhile
            }
        }
        throw last;
    }

    void update(Runner r) {
        sql.update("UPDATE codehost_runners SET description = ?, active = ?, tag_list = ?, locked = ?, maximum_timeout = ?"
                + " WHERE id = ?", r.description(), r.active(), r.tagList(), r.locked(), r.maximumTimeout(), r.id());
    }

    private static Runner read(ResultSet rs) throws SQLException {
        long group = rs.getLong(11);
        Long groupId = rs.wasNull() ? null : group;
        int timeout = rs.getInt(10);
        Integer maximumTimeout = rs.wasNull() ? null : timeout;
        return new Runner(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getString(5),
                rs.getString(6), rs.getObject(7, OffsetDateTime.class), rs.getString(8), rs.getBoolean(9),
                maximumTimeout, groupId);
    }
}
