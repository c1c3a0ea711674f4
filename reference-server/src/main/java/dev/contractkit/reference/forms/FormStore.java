package dev.contractkit.reference.forms;

import dev.contractkit.reference.forms.model.Form;
import dev.contractkit.reference.platform.Jdbc;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Objects;
import java.util.stream.Collectors;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Forms in the kit's database, each belonging to an account (the account of the API keys that read it). */
final class FormStore {
    /** The account of the demo key ({@link FormsEndpoint#DEMO_KEY}); its forms exist only in the embedded default. */
    static final String DEMO_ACCOUNT = "demo";

    private static final String COLUMNS =
            "id, title, access_token, currency, payment_volume, successful_checkout_count, created_at, updated_at";

    private final Jdbc jdbc;

    FormStore(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    List<Form> list(String account, int count, int offset) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT " + COLUMNS + " FROM forms WHERE account = ? ORDER BY id LIMIT ? OFFSET ?")) {
                ps.setString(1, account);
                ps.setInt(2, count);
                ps.setInt(3, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    List<Form> out = new ArrayList<>(count);
                    while (rs.next()) {
                        out.add(read(rs));
                    }
                    return out;
                }
            }
        });
    }

    /** @return how many forms the account has (the list's {@code X-Total-Count}) */
    long count(String account) {
        return jdbc.call(c -> count(c, account));
    }

    /** @return the form when it exists and belongs to the account (another account's form is not found) */
    Optional<Form> find(String account, long id) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT " + COLUMNS + " FROM forms WHERE id = ? AND account = ?")) {
                ps.setLong(1, id);
                ps.setString(2, account);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs)) : Optional.<Form>empty();
                }
            }
        });
    }

    /**
     * Inserts the demo forms ({@code db/demo/forms.sql}) for {@link #DEMO_ACCOUNT} unless that account has forms.
     * Only for the embedded default database ({@link FormsModule}); a migration would put them into every database.
     */
    void seedDemo() {
        String sql;
        try (InputStream in = FormStore.class.getResourceAsStream("/db/demo/forms.sql")) {
            sql = new String(Objects.requireNonNull(in, "db/demo/forms.sql").readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String insert = sql.lines().filter(l -> !l.startsWith("--")).collect(Collectors.joining("\n"));
        jdbc.transaction(c -> {
            if (count(c, DEMO_ACCOUNT) == 0) {
                try (Statement st = c.createStatement()) {
                    st.executeUpdate(insert.strip().replaceAll(";$", ""));
                }
            }
            return null;
        });
    }

    private static long count(Connection c, String account) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM forms WHERE account = ?")) {
            ps.setString(1, account);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static Form read(ResultSet rs) throws SQLException {
        Form f = new Form();
        f.setId(rs.getLong(1));
        f.setTitle(rs.getString(2));
        f.setAccessToken(rs.getString(3));
        f.setCurrency(rs.getString(4).trim());
        f.setPaymentVolume(rs.getLong(5));
        f.setSuccessfulCheckoutCount(rs.getLong(6));
        f.setCreatedAt(utc(rs.getObject(7, OffsetDateTime.class)));
        f.setUpdatedAt(utc(rs.getObject(8, OffsetDateTime.class)));
        return f;
    }

    private static OffsetDateTime utc(OffsetDateTime t) {
        return t.withOffsetSameInstant(ZoneOffset.UTC);
    }
}
