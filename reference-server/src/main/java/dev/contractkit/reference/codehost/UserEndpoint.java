package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Users of one version. {@code private_profile: null} is taken as the default ({@code false}) by v4 and
 * refused with 400 by v5. The list is paged like every other list ({@link Paging}).
 *
 * <pre>
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' 'http://127.0.0.1:8084/api/v4/users?search=bot&amp;per_page=1'
 * curl -X PUT -H 'PRIVATE-TOKEN: kit-demo-codehost-token' -F name='Merge Bot 2' http://127.0.0.1:8084/api/v4/users/2
 * curl -H 'PRIVATE-TOKEN: kit-demo-codehost-token' -H 'Content-Type: application/json' \
 *      -d '{"username":"jdoe","name":"Jane","email":"j@example.com","private_profile":null}' http://127.0.0.1:8084/api/v4/users
 * </pre>
 */
final class UserEndpoint {
    private static final String COLUMNS = "id, username, name, state, private_profile";

    private final Version version;
    private final Sql sql;
    private final ObjectMapper mapper;

    UserEndpoint(Version version, Sql sql, ObjectMapper mapper) {
        this.version = version;
        this.sql = sql;
        this.mapper = mapper;
    }

    /** @return the handler of one of the version's user operations (its stub routes them), null for another operation */
    Handler handler(String operationId) {
        return switch (operationId) {
            case "listUsers" -> this::list;
            case "createUser" -> this::create;
            case "getUser" -> this::get;
            case "updateUser" -> this::update;
            default -> null;
        };
    }

    private void create(ServerRequest req, ServerResponse res) {
        ObjectNode body = body(req, "UserCreate");
        String username = body.get("username").asText();
        if (sql.exists("SELECT 1 FROM codehost_users WHERE username = ?", username)) {
            throw ApiError.invalid("username has already been taken");
        }
        long id = sql.insert("INSERT INTO codehost_users (username, name, email, state, private_profile) VALUES (?, ?, ?, 'active', ?)",
                username, body.get("name").asText(), body.get("email").asText(), privateProfile(body, false));
        res.status(Status.CREATED_201).send(find(id));
    }

    private void list(ServerRequest req, ServerResponse res) {
        version.rules().query("listUsers", req);
        Optional<String> username = req.query().first("username").asOptional();
        Optional<String> search = req.query().first("search").asOptional().map(t -> t.toLowerCase(Locale.ROOT));
        boolean active = req.query().first("active").asOptional().map(Boolean::parseBoolean).orElse(false);
        boolean blocked = req.query().first("blocked").asOptional().map(Boolean::parseBoolean).orElse(false);
        List<ObjectNode> matching = sql.list("SELECT " + COLUMNS + " FROM codehost_users ORDER BY id", this::user).stream()
                .filter(u -> username.map(n -> n.equalsIgnoreCase(u.get("username").asText())).orElse(true))
                .filter(u -> search.map(t -> u.get("username").asText().toLowerCase(Locale.ROOT).contains(t)
                        || u.get("name").asText().toLowerCase(Locale.ROOT).contains(t)).orElse(true))
                .filter(u -> !active || u.get("state").asText().equals("active"))
                .filter(u -> !blocked || u.get("state").asText().equals("blocked"))
                .toList();
        ArrayNode body = mapper.createArrayNode();
        Paging.of(req).apply(matching, req, res).forEach(body::add);
        res.send(body);
    }

    private void get(ServerRequest req, ServerResponse res) {
        res.send(find(Requests.id(req, "id")));
    }

    private void update(ServerRequest req, ServerResponse res) {
        long id = Requests.id(req, "id");
        ObjectNode body = body(req, "UserUpdate");
        ObjectNode current = find(id);
        String username = text(body, "username", current);
        if (!username.equals(current.get("username").asText())
                && sql.exists("SELECT 1 FROM codehost_users WHERE username = ? AND id <> ?", username, id)) {
            throw ApiError.invalid("username has already been taken");
        }
        sql.update("UPDATE codehost_users SET username = ?, name = ?, private_profile = ? WHERE id = ?",
                username, text(body, "name", current),
                body.has("private_profile") ? privateProfile(body, false) : current.get("private_profile").asBoolean(), id);
        if (body.has("email")) {
            sql.update("UPDATE codehost_users SET email = ? WHERE id = ?", body.get("email").asText(), id);
        }
        res.send(find(id));
    }

    private static String text(JsonNode body, String field, JsonNode current) {
        return (body.has(field) ? body : current).get(field).asText();
    }

    /** v5 answers a null {@code private_profile} with its own sentence, before the schema check. */
    private ObjectNode body(ServerRequest req, String schema) {
        if (version == Version.V5 && Requests.fieldsAsSent(req, mapper)
                .map(f -> f.has("private_profile") && f.get("private_profile").isNull()).orElse(false)) {
            throw ApiError.invalid("private_profile must be true or false; null is not accepted in v5");
        }
        return Requests.body(req, mapper, version.rules(), schema);
    }

    /** v4: null (or absent) means the default. */
    private static boolean privateProfile(JsonNode body, boolean fallback) {
        JsonNode v = body.get("private_profile");
        return v == null || v.isNull() ? fallback : v.asBoolean();
    }

    private ObjectNode find(long id) {
        return sql.one("SELECT " + COLUMNS + " FROM codehost_users WHERE id = ?", this::user, id)
                .orElseThrow(() -> ApiError.notFound("User Not Found"));
    }

    private ObjectNode user(ResultSet rs) throws SQLException {
        ObjectNode o = mapper.createObjectNode();
        o.put("id", rs.getLong(1));
        o.put("username", rs.getString(2));
        o.put("name", rs.getString(3));
        o.put("state", rs.getString(4));
        o.put("private_profile", rs.getBoolean(5));
        return o;
    }
}
