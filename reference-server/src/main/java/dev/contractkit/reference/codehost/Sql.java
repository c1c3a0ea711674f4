package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.Jdbc;

import javax.sql.DataSource;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Arrays;
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

    <T> List<T> list(String sql, Jdbc.Row<T> row, Object... args) {
        return jdbc.list(sql, row, args);
    }

    <T> Optional<T> one(String sql, Jdbc.Row<T> row, Object... args) {
        List<T> all = list(sql, row, args);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
    }

    boolean exists(String sql, Object... args) {
        return one(sql, rs -> Boolean.TRUE, args).isPresent();
    }

    int update(String sql, Object... args) {
        return jdbc.update(sql, args);
    }

    /** Runs an INSERT and returns the generated id. */
    long insert(String sql, Object... args) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql, new String[]{"id"})) {
                Jdbc.bind(ps, Arrays.asList(args));
                ps.executeUpdate();
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            }
        });
    }
}
