package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.Jdbc;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The few JDBC shapes the code-hosting stores need, on {@link Jdbc}: a database failure is a {@code StorageException}
 * (the server's error routing answers it).
 */
final class Sql {
    private final Jdbc jdbc;

    Sql(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    <T> List<T> list(String sql, Row<T> row, Object... args) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = prepare(c, sql, args); ResultSet rs = ps.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(row.read(rs));
                }
                return out;
            }
        });
    }

    <T> Optional<T> one(String sql, Row<T> row, Object... args) {
        List<T> all = list(sql, row, args);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
    }

    boolean exists(String sql, Object... args) {
        return one(sql, rs -> Boolean.TRUE, args).isPresent();
    }

    int update(String sql, Object... args) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = prepare(c, sql, args)) {
                return ps.executeUpdate();
            }
        });
    }

    /** Runs an INSERT and returns the generated id. */
    long insert(String sql, Object... args) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql, new String[]{"id"})) {
                bind(ps, args);
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            }
        });
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... args) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        bind(ps, args);
        return ps;
    }

    private static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
    }
}
