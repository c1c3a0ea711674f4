package dev.contractkit.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import javax.sql.DataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The database's own limit for an uncached catalogue page ({@code list-nocache}, {@code GET /api/v1/coupons?limit=10}
 * with {@code KIT_READ_CACHE_MS=0}): a Helidon 4 SE server with one raw handler that runs the reference server's
 * two statements ({@code CouponStore.query}: the {@code COUNT} and the page's {@code SELECT}, active coupons, newest
 * first) over JDBC on the reference server's pool settings and embedded URL ({@link JdbcServer#pool},
 * {@link JdbcServer#embeddedUrl}), reads the columns as {@code CouponStore.read} does and serialises the page with
 * Jackson configured as the reference server's mapper ({@code Json.snakeCase}). No routing, contract checks, rate
 * limit or headers beyond the content type.
 *
 * <p>Its own embedded file holds the same coupons as the reference server: the bench passes the catalogue it read
 * there ({@code GET /api/v1/coupons?limit=100}), inserted as {@code CouponStore.insert} does.
 *
 * <p>Usage: {@code JdbcListServer <catalogue-file> <content-type> <migrations-dir>} with {@code KIT_DATA_DIR}.
 * Prints {@code READY http://127.0.0.1:<port>}.
 */
public final class JdbcListServer {
    private static final String COLUMNS = "id, title, description, discount_percent, category, valid_until, active, "
            + "usage_limit, usage_count, terms_conditions, created_at, updated_at, created_by, updated_by";
    /** The reference server's mapper ({@code Json.snakeCase}). */
    static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** The contract's {@code Coupon}, its properties in the generated model's order. */
    record Coupon(String id, String title, String description, Integer discountPercent, String category,
                  OffsetDateTime validUntil, Boolean active, Integer usageLimit, Integer usageCount,
                  String termsConditions, OffsetDateTime createdAt, OffsetDateTime updatedAt) {
    }

    /** The contract's {@code CouponList}. */
    record CouponList(List<Coupon> coupons, Integer total, Integer limit, Integer offset) {
    }

    private final DataSource db;
    private final String type;
    private final ObjectWriter writer = MAPPER.writerFor(CouponList.class);

    JdbcListServer(DataSource db, String type) {
        this.db = db;
        this.type = type;
    }

    /**
     * @param args catalogue file, content type, migrations directory
     * @throws Exception when the database or the catalogue cannot be opened
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        DataSource ds = JdbcServer.pool(JdbcServer.embeddedUrl(Path.of(env.getOrDefault("KIT_DATA_DIR", "data")), 0),
                "sa", "");
        JdbcServer.migrate(ds, Path.of(args[2]));
        JdbcListServer server = new JdbcListServer(ds, args[1]);
        server.load(Files.readAllBytes(Path.of(args[0])));
        System.out.println("READY http://127.0.0.1:" + server.start().port());
        System.out.flush();
    }

    /** Inserts the coupons of a catalogue page (as {@code CouponStore.insert} does). */
    void load(byte[] catalogue) throws IOException, SQLException {
        JsonNode page = MAPPER.readTree(catalogue);
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("INSERT INTO coupons ("
                + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (JsonNode n : page.path("coupons")) {
                Coupon k = MAPPER.treeToValue(n, Coupon.class);
                Object[] values = {k.id(), k.title(), k.description(), k.discountPercent(), k.category(), k.validUntil(),
                        k.active(), k.usageLimit(), k.usageCount(), k.termsConditions(), k.createdAt(), k.updatedAt(),
                        "bench", "bench"};
                for (int i = 0; i < values.length; i++) {
                    if (values[i] == null) {
                        ps.setNull(i + 1, Types.NULL);
                    } else {
                        ps.setObject(i + 1, values[i]);
                    }
                }
                ps.executeUpdate();
            }
        }
    }

    WebServer start() {
        return WebServer.builder().host("127.0.0.1").port(0).routing(r -> r.any(this::handle)).build().start();
    }

    private void handle(ServerRequest req, ServerResponse res) {
        int limit = req.query().first("limit").map(Integer::parseInt).orElse(10);
        int offset = req.query().first("offset").map(Integer::parseInt).orElse(0);
        try {
            res.header(HeaderNames.CONTENT_TYPE, type).send(writer.writeValueAsBytes(page(limit, offset)));
        } catch (SQLException | IOException e) {
            res.status(Status.SERVICE_UNAVAILABLE_503).send(e.getMessage());
        }
    }

    /** {@code CouponStore.query} for the public catalogue (active coupons, no category). */
    CouponList page(int limit, int offset) throws SQLException {
        try (Connection c = db.getConnection()) {
            int total;
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM coupons WHERE 1 = 1 AND active = ?")) {
                ps.setObject(1, true);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    total = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM coupons WHERE 1 = 1 AND active = ?"
                    + " ORDER BY created_at DESC, id LIMIT ? OFFSET ?")) {
                ps.setObject(1, true);
                ps.setObject(2, limit);
                ps.setObject(3, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    List<Coupon> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new Coupon(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                                rs.getString(5), utc(rs.getObject(6, OffsetDateTime.class)), rs.getBoolean(7),
                                rs.getObject(8, Integer.class), rs.getInt(9), rs.getString(10),
                                utc(rs.getObject(11, OffsetDateTime.class)), utc(rs.getObject(12, OffsetDateTime.class))));
                        rs.getString(13); // read every column as CouponStore.read does
                        rs.getString(14);
                    }
                    return new CouponList(out, total, limit, offset);
                }
            }
        }
    }

    private static OffsetDateTime utc(OffsetDateTime t) {
        return t == null ? null : t.withOffsetSameInstant(ZoneOffset.UTC);
    }
}
