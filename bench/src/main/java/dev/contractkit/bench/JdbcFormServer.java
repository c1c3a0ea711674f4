package dev.contractkit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
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
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * The database's own limit for an uncached single read ({@code read-nocache}, {@code GET /forms/1} with
 * {@code KIT_READ_CACHE_MS=0}): a Helidon 4 SE server with one raw handler that runs the reference server's statement
 * ({@code FormStore.find}: the form by id and account) over JDBC on the reference server's pool settings and embedded
 * URL ({@link JdbcServer#pool}, {@link JdbcServer#embeddedUrl}), reads the columns as {@code FormStore.read} does and
 * serialises the envelope with Jackson configured as the reference server's mapper ({@code Json.snakeCase}). No
 * routing, key check, contract checks or headers beyond the content type.
 *
 * <p>Its own embedded file holds the same form: the bench passes the body the reference server answered, inserted
 * for the demo key's account ({@code demo}).
 *
 * <p>Usage: {@code JdbcFormServer <form-file> <content-type> <migrations-dir>} with {@code KIT_DATA_DIR}. Prints
 * {@code READY http://127.0.0.1:<port>}.
 */
public final class JdbcFormServer {
    private static final String COLUMNS =
            "id, title, access_token, currency, payment_volume, successful_checkout_count, created_at, updated_at";
    /** The account of the forms API's demo key (the bench reads with it). */
    static final String ACCOUNT = "demo";

    /** The contract's {@code Form}, its properties in the generated model's order. */
    record Form(Long id, String title, String accessToken, String currency, Long paymentVolume,
                Long successfulCheckoutCount, OffsetDateTime createdAt, OffsetDateTime updatedAt) {
    }

    /** The contract's {@code FormEnvelope}. */
    record FormEnvelope(Form form) {
    }

    private final DataSource db;
    private final String type;
    private final ObjectWriter writer = JdbcListServer.MAPPER.writerFor(FormEnvelope.class);

    JdbcFormServer(DataSource db, String type) {
        this.db = db;
        this.type = type;
    }

    /**
     * @param args form file, content type, migrations directory
     * @throws Exception when the database or the form cannot be opened
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        DataSource ds = JdbcServer.pool(JdbcServer.embeddedUrl(Path.of(env.getOrDefault("KIT_DATA_DIR", "data")), 0),
                "sa", "");
        JdbcServer.migrate(ds, Path.of(args[2]));
        JdbcFormServer server = new JdbcFormServer(ds, args[1]);
        server.load(Files.readAllBytes(Path.of(args[0])));
        System.out.println("READY http://127.0.0.1:" + server.start().port());
        System.out.flush();
    }

    /** Inserts the form of a {@code FormEnvelope} for {@link #ACCOUNT}. */
    void load(byte[] envelope) throws IOException, SQLException {
        JsonNode n = JdbcListServer.MAPPER.readTree(envelope).path("form");
        Form f = JdbcListServer.MAPPER.treeToValue(n, Form.class);
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement("INSERT INTO forms (account, "
                + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            Object[] values = {ACCOUNT, f.id(), f.title(), f.accessToken(), f.currency(), f.paymentVolume(),
                    f.successfulCheckoutCount(), f.createdAt(), f.updatedAt()};
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        }
    }

    WebServer start() {
        return WebServer.builder().host("127.0.0.1").port(0).routing(r -> r.any(this::handle)).build().start();
    }

    private void handle(ServerRequest req, ServerResponse res) {
        String path = req.path().path();
        long id = Long.parseLong(path.substring(path.lastIndexOf('/') + 1));
        try {
            Form form = find(id);
            if (form == null) {
                res.status(Status.NOT_FOUND_404).send();
                return;
            }
            res.header(HeaderNames.CONTENT_TYPE, type).send(writer.writeValueAsBytes(new FormEnvelope(form)));
        } catch (SQLException | IOException e) {
            res.status(Status.SERVICE_UNAVAILABLE_503).send(e.getMessage());
        }
    }

    /** {@code FormStore.find}: the form when it belongs to the account. */
    Form find(long id) throws SQLException {
        try (Connection c = db.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM forms WHERE id = ? AND account = ?")) {
            ps.setLong(1, id);
            ps.setString(2, ACCOUNT);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new Form(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4).trim(),
                        rs.getLong(5), rs.getLong(6), utc(rs.getObject(7, OffsetDateTime.class)),
                        utc(rs.getObject(8, OffsetDateTime.class))) : null;
            }
        }
    }

    private static OffsetDateTime utc(OffsetDateTime t) {
        return t.withOffsetSameInstant(ZoneOffset.UTC);
    }
}
