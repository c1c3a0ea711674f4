package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Merge requests, their diffs (and, in v4 only, their changes), the project approval configuration and the
 * approval rules. v4 returns {@code merged_by} and {@code merge_status}, v5 does not; v4's configuration carries
 * {@code approvers} and {@code approver_groups} (also as {@code approval_groups}, the name in the contract's deprecation notes), always empty.
 *
 * <pre>
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' http://127.0.0.1:8084/api/v4/projects/1/merge_requests/2/changes
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' http://127.0.0.1:8084/api/v5/projects/1/merge_requests/2/diffs
 * </pre>
 */
final class MergeRequestEndpoint {
    private static final String MR = "SELECT m.id, m.iid, m.project_id, m.title, m.state, m.merged_at, m.merge_status,"
            + " m.detailed_merge_status, b.id, b.username, b.name, u.id, u.username, u.name FROM codehost_merge_requests m"
            + " LEFT JOIN codehost_users b ON b.id = m.merged_by_id LEFT JOIN codehost_users u ON u.id = m.merge_user_id";

    private final Version version;
    private final Sql sql;
    private final ObjectMapper mapper;

    MergeRequestEndpoint(Version version, Sql sql, ObjectMapper mapper) {
        this.version = version;
        this.sql = sql;
        this.mapper = mapper;
    }

    /**
     * @return the handler of one of the version's merge-request or approval operations (their stubs route them;
     * only v4's contract has {@code getMergeRequestChanges}), null for another operation
     */
    Handler handler(String operationId) {
        return switch (operationId) {
            case "listMergeRequests" -> this::list;
            case "getMergeRequest" -> this::get;
            case "getMergeRequestChanges" -> this::changes;
            case "listMergeRequestDiffs" -> this::diffs;
            case "listMergeRequestApprovalRules" -> this::mergeRequestRules;
            case "getProjectApprovals" -> this::approvals;
            case "listProjectApprovalRules" -> this::projectRules;
            default -> null;
        };
    }

    private void list(ServerRequest req, ServerResponse res) {
        long project = project(req);
        version.rules().query("listMergeRequests", req);
        List<ObjectNode> all = sql.list(MR + " WHERE m.project_id = ? ORDER BY m.iid DESC", this::read, project);
        ArrayNode body = mapper.createArrayNode();
        Paging.of(req).apply(all, req, res).forEach(body::add);
        res.send(body);
    }

    private void get(ServerRequest req, ServerResponse res) {
        res.send(find(req));
    }

    private void changes(ServerRequest req, ServerResponse res) {
        ObjectNode mr = find(req);
        ObjectNode body = mapper.createObjectNode();
        for (String f : List.of("id", "iid", "project_id", "title", "state")) {
            body.set(f, mr.get(f));
        }
        body.set("changes", diffsOf(mr.get("id").asLong()));
        res.send(body);
    }

    private void diffs(ServerRequest req, ServerResponse res) {
        ObjectNode mr = find(req);
        version.rules().query("listMergeRequestDiffs", req);
        List<ObjectNode> all = new ArrayList<>();
        diffsOf(mr.get("id").asLong()).forEach(d -> all.add((ObjectNode) d));
        ArrayNode body = mapper.createArrayNode();
        Paging.of(req).apply(all, req, res).forEach(body::add);
        res.send(body);
    }

    private ArrayNode diffsOf(long mergeRequestId) {
        ArrayNode out = mapper.createArrayNode();
        sql.list("SELECT old_path, new_path, a_mode, b_mode, diff, new_file, renamed_file, deleted_file FROM codehost_diffs"
                + " WHERE merge_request_id = ? ORDER BY position", rs -> {
            ObjectNode d = mapper.createObjectNode();
            d.put("old_path", rs.getString(1));
            d.put("new_path", rs.getString(2));
            d.put("a_mode", rs.getString(3));
            d.put("b_mode", rs.getString(4));
            d.put("diff", rs.getString(5));
            d.put("new_file", rs.getBoolean(6));
            d.put("renamed_file", rs.getBoolean(7));
            d.put("deleted_file", rs.getBoolean(8));
            return d;
        }, mergeRequestId).forEach(out::add);
        return out;
    }

    private void approvals(ServerRequest req, ServerResponse res) {
        long project = project(req);
        ObjectNode body = sql.one("SELECT approvals_before_merge, reset_approvals_on_push, disable_overriding_approvers,"
                + " author_approval, disable_committers_approval, require_password_to_approve FROM codehost_project_approvals"
                + " WHERE project_id = ?", rs -> {
            ObjectNode o = mapper.createObjectNode();
            o.put("approvals_before_merge", rs.getInt(1));
            o.put("reset_approvals_on_push", rs.getBoolean(2));
            o.put("disable_overriding_approvers_per_merge_request", rs.getBoolean(3));
            o.put("merge_requests_author_approval", rs.getBoolean(4));
            o.put("merge_requests_disable_committers_approval", rs.getBoolean(5));
            o.put("require_password_to_approve", rs.getBoolean(6));
            return o;
        }, project).orElseThrow(() -> ApiError.notFound("Project Not Found"));
        if (version == Version.V4) {
            body.putArray("approvers");
            body.putArray("approver_groups"); // the original's name, read by its clients
            body.putArray("approval_groups"); // the name the contract's deprecation notes use for the same field (docs/decisions.md)
        }
        res.send(body);
    }

    private void projectRules(ServerRequest req, ServerResponse res) {
        long project = project(req);
        res.send(rules("merge_request_iid IS NULL AND project_id = ?", project));
    }

    private void mergeRequestRules(ServerRequest req, ServerResponse res) {
        ObjectNode mr = find(req);
        res.send(rules("project_id = ? AND merge_request_iid = ?", mr.get("project_id").asLong(), mr.get("iid").asLong()));
    }

    private ArrayNode rules(String where, Object... args) {
        ArrayNode out = mapper.createArrayNode();
        sql.list("SELECT id, name, rule_type, approvals_required FROM codehost_approval_rules WHERE " + where + " ORDER BY id",
                rs -> {
                    ObjectNode o = mapper.createObjectNode();
                    o.put("id", rs.getLong(1));
                    o.put("name", rs.getString(2));
                    o.put("rule_type", rs.getString(3));
                    o.put("approvals_required", rs.getInt(4));
                    return o;
                }, args).forEach(rule -> {
            ArrayNode users = rule.putArray("users");
            sql.list("SELECT u.id, u.username, u.name FROM codehost_approval_rule_users r JOIN codehost_users u ON u.id = r.user_id"
                    + " WHERE r.rule_id = ? ORDER BY u.id", rs -> user(rs, 1), rule.get("id").asLong()).forEach(users::add);
            out.add(rule);
        });
        return out;
    }

    private long project(ServerRequest req) {
        long project = Requests.id(req, "id");
        if (!sql.exists("SELECT 1 FROM codehost_projects WHERE id = ?", project)) {
            throw ApiError.notFound("Project Not Found");
        }
        return project;
    }

    private ObjectNode find(ServerRequest req) {
        long project = project(req);
        long iid = Requests.id(req, "merge_request_iid");
        return sql.one(MR + " WHERE m.project_id = ? AND m.iid = ?", this::read, project, iid)
                .orElseThrow(() -> ApiError.notFound("Merge Request Not Found"));
    }

    private ObjectNode read(ResultSet rs) throws SQLException {
        ObjectNode o = mapper.createObjectNode();
        o.put("id", rs.getLong(1));
        o.put("iid", rs.getLong(2));
        o.put("project_id", rs.getLong(3));
        o.put("title", rs.getString(4));
        o.put("state", rs.getString(5));
        if (version == Version.V4) {
            o.set("merged_by", rs.getObject(9) == null ? mapper.nullNode() : user(rs, 9));
        }
        o.set("merge_user", rs.getObject(12) == null ? mapper.nullNode() : user(rs, 12));
        OffsetDateTime mergedAt = rs.getObject(6, OffsetDateTime.class);
        o.put("merged_at", mergedAt == null ? null : mergedAt.toInstant().toString());
        if (version == Version.V4) {
            o.put("merge_status", rs.getString(7));
        }
        o.put("detailed_merge_status", rs.getString(8));
        return o;
    }

    private ObjectNode user(ResultSet rs, int first) throws SQLException {
        ObjectNode u = mapper.createObjectNode();
        u.put("id", rs.getLong(first));
        u.put("username", rs.getString(first + 1));
        u.put("name", rs.getString(first + 2));
        return u;
    }
}
