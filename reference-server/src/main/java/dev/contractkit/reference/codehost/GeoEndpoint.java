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
 * Geo sites, and in v4 the same store under their old name, geo nodes ({@code /geo_nodes}, with
 * {@code geo_node_id} in the status).
 *
 * <pre>
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' http://127.0.0.1:8084/api/v5/geo_sites
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' http://127.0.0.1:8084/api/v4/geo_nodes/2/status
 * </pre>
 */
final class GeoEndpoint {
    private static final String COLUMNS = "id, name, url, internal_url, is_primary, enabled, is_current,"
            + " files_max_capacity, repos_max_capacity, healthy, projects_count";

    private final Version version;
    private final Sql sql;
    private final ObjectMapper mapper;

    GeoEndpoint(Version version, Sql sql, ObjectMapper mapper) {
        this.version = version;
        this.sql = sql;
        this.mapper = mapper;
    }

    /**
     * @return the handler of one of the version's geo operations (its stub routes them): {@code ...GeoSite...} and,
     * in v4's contract, the same as {@code ...GeoNode...}; null for another operation
     */
    Handler handler(String operationId) {
        String kind = operationId.contains("GeoNode") ? "node" : "site";
        return switch (operationId.replace("GeoNode", "GeoSite")) {
            case "listGeoSites" -> (req, res) -> list(res);
            case "createGeoSite" -> this::create;
            case "listGeoSiteStatuses" -> (req, res) -> statuses(res, kind);
            case "listGeoSiteFailures" -> (req, res) -> failures(res);
            case "getGeoSite", "repairGeoSite" -> (req, res) -> res.send(find(Requests.id(req, "id")).json());
            case "updateGeoSite" -> this::update;
            case "deleteGeoSite" -> this::delete;
            case "getGeoSiteStatus" -> (req, res) -> res.send(status(find(Requests.id(req, "id")), kind));
            default -> null;
        };
    }

    private void list(ServerResponse res) {
        ArrayNode out = mapper.createArrayNode();
        sql.list("SELECT " + COLUMNS + " FROM codehost_geo_sites ORDER BY id", this::read).forEach(s -> out.add(s.json()));
        res.send(out);
    }

    private void create(ServerRequest req, ServerResponse res) {
        ObjectNode body = Requests.body(req, mapper, version.rules(), "GeoSiteCreate");
        String name = body.get("name").asText();
        if (sql.exists("SELECT 1 FROM codehost_geo_sites WHERE name = ?", name)) {
            throw ApiError.invalid("name has already been taken");
        }
        String url = body.get("url").asText();
        long id = sql.insert("INSERT INTO codehost_geo_sites (name, url, internal_url, is_primary, enabled, is_current,"
                        + " files_max_capacity, repos_max_capacity, healthy, projects_count) VALUES (?, ?, ?, FALSE, ?, FALSE, ?, ?, TRUE, 0)",
                name, url, body.path("internal_url").asText(url), body.path("enabled").asBoolean(true),
                body.path("files_max_capacity").asInt(10), body.path("repos_max_capacity").asInt(25));
        res.status(Status.CREATED_201).send(find(id).json());
    }

    private void update(ServerRequest req, ServerResponse res) {
        long id = Requests.id(req, "id");
        ObjectNode body = Requests.body(req, mapper, version.rules(), "GeoSiteUpdate");
        ObjectNode current = find(id).json();
        body.fields().forEachRemaining(e -> current.set(e.getKey(), e.getValue()));
        sql.update("UPDATE codehost_geo_sites SET name = ?, url = ?, internal_url = ?, enabled = ?, files_max_capacity = ?,"
                        + " repos_max_capacity = ? WHERE id = ?", current.get("name").asText(), current.get("url").asText(),
                current.get("internal_url").asText(), current.get("enabled").asBoolean(),
                current.get("files_max_capacity").asInt(), current.get("repos_max_capacity").asInt(), id);
        res.send(find(id).json());
    }

    private void delete(ServerRequest req, ServerResponse res) {
        long id = Requests.id(req, "id");
        find(id);
        sql.update("DELETE FROM codehost_geo_failures WHERE site_id = ?", id);
        sql.update("DELETE FROM codehost_geo_sites WHERE id = ?", id);
        res.status(Status.NO_CONTENT_204).send();
    }

    private void statuses(ServerResponse res, String kind) {
        ArrayNode out = mapper.createArrayNode();
        sql.list("SELECT " + COLUMNS + " FROM codehost_geo_sites ORDER BY id", this::read)
                .forEach(site -> out.add(status(site, kind)));
        res.send(out);
    }

    private ObjectNode status(Site site, String kind) {
        ObjectNode o = mapper.createObjectNode();
        o.put("geo_" + kind + "_id", site.json().get("id").asLong());
        o.put("healthy", site.healthy());
        o.put("health", site.healthy() ? "Healthy" : "Unhealthy");
        o.put("health_status", site.healthy() ? "Healthy" : "Unhealthy");
        o.put("projects_count", site.projectsCount());
        return o;
    }

    /** A site as the contract shows it, plus what its status is computed from. */
    private record Site(ObjectNode json, boolean healthy, int projectsCount) {
    }

    private void failures(ServerResponse res) {
        ArrayNode out = mapper.createArrayNode();
        sql.list("SELECT f.project_id, f.failure, f.retry_count FROM codehost_geo_failures f JOIN codehost_geo_sites s"
                + " ON s.id = f.site_id WHERE s.is_current ORDER BY f.project_id", rs -> {
            ObjectNode o = mapper.createObjectNode();
            o.put("project_id", rs.getLong(1));
            o.put("last_repository_sync_failure", rs.getString(2));
            o.put("repository_retry_count", rs.getInt(3));
            return o;
        }).forEach(out::add);
        res.send(out);
    }

    private Site find(long id) {
        return sql.one("SELECT " + COLUMNS + " FROM codehost_geo_sites WHERE id = ?", this::read, id)
                .orElseThrow(() -> ApiError.notFound("Geo Site Not Found"));
    }

    private Site read(ResultSet rs) throws SQLException {
        ObjectNode o = mapper.createObjectNode();
        o.put("id", rs.getLong(1));
        o.put("name", rs.getString(2));
        o.put("url", rs.getString(3));
        o.put("internal_url", rs.getString(4));
        o.put("primary", rs.getBoolean(5));
        o.put("enabled", rs.getBoolean(6));
        o.put("current", rs.getBoolean(7));
        o.put("files_max_capacity", rs.getInt(8));
        o.put("repos_max_capacity", rs.getInt(9));
        return new Site(o, rs.getBoolean(10), rs.getInt(11));
    }
}
