package dev.contractkit.reference.codehost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * Users of one version. {@code private_profile: null} is taken as the default ({@code false}) by v4 and
 * refused with 400 by v5.
 *
 * <pre>
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

    void routing(HttpRules rules) {
        rules.post("/users", this::create)
                .get("/users/{id}", this::get)
                .put("/users/{id}", this::update);
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

    private void get(ServerRequest req, ServerResponse res) {
        res.send(find(Requests.id(req, "id")));
    }

    private void update(ServerRequest req, ServerResponse res) {
        long id = Requests.id(req, "id");
        ObjectNode body = body(req, "UserUpdate");
        ObjectNode current = find(id);
        sql.update("UPDATE codehost_users SET name = ?, private_profile = ? WHERE id = ?",
                body.has("name") ? body.get("name").asText() : current.get("name").asText(),
                body.has("private_profile") ? privateProfile(body, false) : current.get("private_profile").asBoolean(), id);
        res.send(find(id));
    }

    /** v5 answers a null {@code private_profile} with its own sentence, before the schema check. */
    private ObjectNode body(ServerRequest req, String schema) {
        if (version == Version.V5) {
            try {
                JsonNode raw = mapper.readTree(Requests.raw(req));
                if (raw != null && raw.has("private_profile") && raw.get("private_profile").isNull()) {
                    throw ApiError.invalid("private_profile must be true or false; null is not accepted in v5");
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                // the contract check below reports malformed JSON
            }
        }
        return Requests.body(req, mapper, version.rules(), schema);
    }

    /** v4: null (or absent) means the default. */
    private static boolean privateProfile(JsonNode body, boolean fallback) {
        JsonNode v = body.get("private_profile");
        return v == null || v.isNull() ? fallback : v.asBoolean();
    }

    private ObjectNode find(long id) {
        return sql.one("SELECT " + COLUMNS + " FROM codehost_users WHERE id = ?", rs -> {
            ObjectNode o = mapper.createObjectNode();
            o.put("id", rs.getLong(1));
            o.put("username", rs.getString(2));
            o.put("name", rs.getString(3));
            o.put("state", rs.getString(4));
            o.put("private_profile", rs.getBoolean(5));
            return o;
        }, id).orElseThrow(() -> ApiError.notFound("User Not Found"));
    }
}
