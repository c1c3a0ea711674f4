package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Jdbc;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.sql.DataSource;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Knowledge bases, MCP servers and skills registered through the API (table {@code agent_resources}, V43). An MCP
 * server's token lives in the {@code secret} column and is read only by {@link #secret(String, String)}.
 */
final class ResourceStore {
    /** A registered resource without its secret; {@code body} holds the kind's own fields. */
    record Entry(String kind, String id, String name, String description, boolean enabled, ObjectNode body,
                 boolean hasSecret) {
    }

    private final Jdbc jdbc;
    private final ObjectMapper mapper;

    ResourceStore(DataSource ds, ObjectMapper mapper) {
        this.jdbc = new Jdbc(ds);
        this.mapper = mapper;
    }

    List<Entry> all(String kind) {
        return query(kind, null);
    }

    Optional<Entry> find(String kind, String id) {
        return query(kind, id).stream().findFirst();
    }

    private List<Entry> query(String kind, String id) {
        return jdbc.call(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT kind, id, name, description, enabled, body, secret "
                    + "FROM agent_resources WHERE kind = ?" + (id == null ? "" : " AND id = ?") + " ORDER BY created_at, id")) {
                s.setString(1, kind);
                if (id != null) {
                    s.setString(2, id);
                }
                List<Entry> out = new ArrayList<>();
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        out.add(new Entry(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getBoolean(5),
                                body(r.getString(6)), r.getString(7) != null));
                    }
                }
                return out;
            }
        });
    }

    private ObjectNode body(String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("agent resources: a stored body is not JSON: " + e.getMessage(), e);
        }
    }

    /** @return the stored secret (an MCP server's token) or null */
    String secret(String kind, String id) {
        return jdbc.call(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT secret FROM agent_resources WHERE kind = ? AND id = ?")) {
                s.setString(1, kind);
                s.setString(2, id);
                try (ResultSet r = s.executeQuery()) {
                    return r.next() ? r.getString(1) : null;
                }
            }
        });
    }

    /** @return false when the id exists */
    boolean insert(Entry e, String secret) {
        return jdbc.call(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO agent_resources (kind, id, name, description, enabled, "
                    + "body, secret, created_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? "
                    + "WHERE NOT EXISTS (SELECT 1 FROM agent_resources WHERE kind = ? AND id = ?)")) {
                s.setString(1, e.kind());
                s.setString(2, e.id());
                s.setString(3, e.name());
                s.setString(4, e.description());
                s.setBoolean(5, e.enabled());
                s.setString(6, e.body().toString());
                s.setString(7, secret);
                s.setTimestamp(8, Timestamp.from(Instant.now()));
                s.setString(9, e.kind());
                s.setString(10, e.id());
                return s.executeUpdate() == 1;
            }
        });
    }

    /**
     * @param keepSecret true leaves the stored secret as it is
     * @return false when there is no such entry
     */
    boolean update(Entry e, String secret, boolean keepSecret) {
        return jdbc.call(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE agent_resources SET name = ?, description = ?, enabled = ?, "
                    + "body = ?" + (keepSecret ? "" : ", secret = ?") + " WHERE kind = ? AND id = ?")) {
                int i = 1;
                s.setString(i++, e.name());
                s.setString(i++, e.description());
                s.setBoolean(i++, e.enabled());
                s.setString(i++, e.body().toString());
                if (!keepSecret) {
                    s.setString(i++, secret);
                }
                s.setString(i++, e.kind());
                s.setString(i, e.id());
                return s.executeUpdate() == 1;
            }
        });
    }

    /** @return false when there was no such entry */
    boolean delete(String kind, String id) {
        return jdbc.call(c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM agent_resources WHERE kind = ? AND id = ?")) {
                s.setString(1, kind);
                s.setString(2, id);
                return s.executeUpdate() == 1;
            }
        });
    }
}
