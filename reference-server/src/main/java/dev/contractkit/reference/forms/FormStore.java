package dev.contractkit.reference.forms;

import dev.contractkit.reference.forms.model.Form;
import dev.contractkit.reference.platform.Jdbc;

import javax.sql.DataSource;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Forms in the kit's database. */
final class FormStore {
    private static final String COLUMNS =
            "id, title, access_token, currency, payment_volume, successful_checkout_count, created_at, updated_at";

    private final Jdbc jdbc;

    FormStore(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    List<Form> list(int count, int offset) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT " + COLUMNS + " FROM forms ORDER BY id LIMIT ? OFFSET ?")) {
                ps.setInt(1, count);
                ps.setInt(2, offset);
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

    /** @return how many forms there are (the list's {@code X-Total-Count}) */
    long count() {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM forms");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    Optional<Form> find(long id) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM forms WHERE id = ?")) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs)) : Optional.<Form>empty();
                }
            }
        });
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
