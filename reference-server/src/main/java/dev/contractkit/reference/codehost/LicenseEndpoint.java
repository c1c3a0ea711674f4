package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Managed licenses of a project: v4 only (v5 removed them in favour of License Approval policies).
 *
 * <pre>
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' http://127.0.0.1:8084/api/v4/projects/1/managed_licenses
 * </pre>
 */
final class LicenseEndpoint {
    private final Sql sql;
    private final ObjectMapper mapper;

    LicenseEndpoint(Sql sql, ObjectMapper mapper) {
        this.sql = sql;
        this.mapper = mapper;
    }

    /** @return the handler of one of v4's managed-license operations (its stub routes them), null for another operation */
    Handler handler(String operationId) {
        return switch (operationId) {
            case "listManagedLicenses" -> this::list;
            case "createManagedLicense" -> this::create;
            case "getManagedLicense" -> (req, res) -> res.send(find(req));
            case "updateManagedLicense" -> this::update;
            case "deleteManagedLicense" -> this::delete;
            default -> null;
        };
    }

    private void list(ServerRequest req, ServerResponse res) {
        ArrayNode out = mapper.createArrayNode();
        sql.list("SELECT id, name, approval_status FROM codehost_managed_licenses WHERE project_id = ? ORDER BY id",
                this::read, project(req)).forEach(out::add);
        res.send(out);
    }

    private void create(ServerRequest req, ServerResponse res) {
        long project = project(req);
        ObjectNode body = Requests.body(req, mapper, Version.V4.rules(), "ManagedLicenseCreate");
        String name = body.get("name").asText();
        if (sql.exists("SELECT 1 FROM codehost_managed_licenses WHERE project_id = ? AND name = ?", project, name)) {
            throw ApiError.invalid("name: the project already manages this license");
        }
        long id = sql.insert("INSERT INTO codehost_managed_licenses (project_id, name, approval_status) VALUES (?, ?, ?)",
                project, name, body.get("approval_status").asText());
        res.status(Status.CREATED_201).send(find(project, id));
    }

    private void update(ServerRequest req, ServerResponse res) {
        ObjectNode current = find(req);
        ObjectNode body = Requests.body(req, mapper, Version.V4.rules(), "ManagedLicenseUpdate");
        sql.update("UPDATE codehost_managed_licenses SET approval_status = ? WHERE id = ?",
                body.get("approval_status").asText(), current.get("id").asLong());
        current.put("approval_status", body.get("approval_status").asText());
        res.send(current);
    }

    private void delete(ServerRequest req, ServerResponse res) {
        ObjectNode current = find(req);
        sql.update("DELETE FROM codehost_managed_licenses WHERE id = ?", current.get("id").asLong());
        res.status(Status.NO_CONTENT_204).send();
    }

    private ObjectNode find(ServerRequest req) {
        long project = project(req);
        return find(project, Requests.id(req, "managed_license_id"));
    }

    private ObjectNode find(long project, long id) {
        return sql.one("SELECT id, name, approval_status FROM codehost_managed_licenses WHERE project_id = ? AND id = ?",
                this::read, project, id).orElseThrow(() -> ApiError.notFound("Managed License Not Found"));
    }

    private ObjectNode read(ResultSet rs) throws SQLException {
        ObjectNode o = mapper.createObjectNode();
        o.put("id", rs.getLong(1));
        o.put("name", rs.getString(2));
        o.put("approval_status", rs.getString(3));
        return o;
    }

    private long project(ServerRequest req) {
        long project = Requests.id(req, "id");
        if (!sql.exists("SELECT 1 FROM codehost_projects WHERE id = ?", project)) {
            throw ApiError.notFound("Project Not Found");
        }
        return project;
    }
}
