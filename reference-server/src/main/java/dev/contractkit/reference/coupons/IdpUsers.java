package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.StorageException;
import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The embedded provider's users ({@code idp_users}): look-up, seeding from {@code KIT_COUPONS_USERS}
 * ({@code username:password:role+role[;email=..;first_name=..;last_name=..],...}), password upgrades. The profile
 * (email, names) is the configured one; a user configured without it has none.
 */
final class IdpUsers {
    /** A user row. */
    record User(String id, String username, String email, String firstName, String lastName, List<String> roles,
                String passwordHash, OffsetDateTime createdAt, OffsetDateTime lastLogin) {
    }

    /**
     * One entry of {@code KIT_COUPONS_USERS}: {@code username:password:role+role}, optionally followed by profile
     * fields {@code ;email=...;first_name=...;last_name=...} (null when not configured: nothing is made up).
     */
    record Seed(String username, String password, List<String> roles, String email, String firstName,
                String lastName) {
        Seed(String username, String password, List<String> roles) {
            this(username, password, roles, null, null, null);
        }

        boolean hasProfile() {
            return email != null || firstName != null || lastName != null;
        }

        /** Parses an entry; the password may contain colons (the roles and profile follow the last one). */
        static Seed parse(String spec) {
            int first = spec.indexOf(':');
            int last = spec.lastIndexOf(':');
            if (first <= 0 || last <= first + 1 || last == spec.length() - 1 || spec.charAt(last + 1) == ';') {
                throw new IllegalArgumentException("KIT_COUPONS_USERS entries are username:password:role+role with "
                        + "a non-empty username, password and role, got '" + spec.split(":")[0] + ":...'");
            }
            String[] tail = spec.substring(last + 1).split(";");
            Map<String, String> profile = new HashMap<>();
            for (int i = 1; i < tail.length; i++) {
                int eq = tail[i].indexOf('=');
                String key = eq < 0 ? tail[i] : tail[i].substring(0, eq);
                if (eq <= 0 || eq == tail[i].length() - 1 || !PROFILE_KEYS.contains(key) || profile.containsKey(key)) {
                    throw new IllegalArgumentException("KIT_COUPONS_USERS profile fields follow the roles as "
                            + ";email=...;first_name=...;last_name=... (each at most once, non-empty), got '"
                            + tail[i] + "' for user " + spec.substring(0, first));
                }
                profile.put(key, tail[i].substring(eq + 1));
            }
            String email = profile.get("email");
            if (email != null && !email.matches("[^@\\s]+@[^@\\s]+")) {
                throw new IllegalArgumentException("KIT_COUPONS_USERS: the email of user " + spec.substring(0, first)
                        + " is not an email address: '" + email + "'");
            }
            return new Seed(spec.substring(0, first), spec.substring(first + 1, last), List.of(tail[0].split("\\+")),
                    email, profile.get("first_name"), profile.get("last_name"));
        }
    }

    private static final List<String> PROFILE_KEYS = List.of("email", "first_name", "last_name");

    private static final String COLUMNS = "id, username, email, first_name, last_name, roles, password_hash, "
            + "created_at, last_login";

    private final DataSource dataSource;
    private final Jdbc jdbc;
    private final Clock clock;
    private final Passwords passwords;

    IdpUsers(DataSource dataSource, Clock clock, Passwords passwords) {
        this.dataSource = dataSource;
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
        this.passwords = passwords;
    }

    Optional<User> find(String username) {
        return query("SELECT " + COLUMNS + " FROM idp_users WHERE username = ?", username == null ? "" : username);
    }

    Optional<User> findById(String id) {
        return query("SELECT " + COLUMNS + " FROM idp_users WHERE id = ?", id);
    }

    /**
     * Inserts the users that do not exist yet. With {@code replace} (the operator set {@code KIT_COUPONS_USERS})
     * an existing user's password and roles become the given ones, and {@code passwordChanged} hears of each
     * user whose password changed (its sessions end).
     */
    void seed(List<Seed> seeds, boolean replace, Consumer<String> passwordChanged) throws SQLException {
        List<Seed> fresh = new ArrayList<>();
        for (Seed s : seeds) {
            Optional<User> existing = find(s.username());
            if (existing.isEmpty()) {
                fresh.add(s);
                continue;
            }
            User u = existing.get();
            boolean noProfile = u.email() == null && u.firstName() == null && u.lastName() == null;
            if ((replace || noProfile && s.hasProfile()) && !sameProfile(u, s)) {
                execute("UPDATE idp_users SET email = ?, first_name = ?, last_name = ? WHERE id = ?",
                        s.email(), s.firstName(), s.lastName(), u.id());
            }
            if (replace) {
                boolean same = passwords.matches(s.password(), u.passwordHash());
                if (!same || !u.roles().equals(s.roles()) || passwords.needsRehash(u.passwordHash())) {
                    execute("UPDATE idp_users SET password_hash = ?, roles = ? WHERE id = ?",
                            passwords.hash(s.password()), String.join(",", s.roles()), u.id());
                }
                if (!same) {
                    passwordChanged.accept(u.id());
                }
            }
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO idp_users (id, username, email, first_name, "
                     + "last_name, roles, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (Seed s : fresh) {
                String name = s.username();
                ps.setString(1, UUID.nameUUIDFromBytes(("kit-user:" + name).getBytes(StandardCharsets.UTF_8)).toString());
                ps.setString(2, name);
                ps.setString(3, s.email());
                ps.setString(4, s.firstName());
                ps.setString(5, s.lastName());
                ps.setString(6, String.join(",", s.roles()));
                ps.setString(7, passwords.hash(s.password()));
                ps.setObject(8, OffsetDateTime.now(clock));
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            if (fresh.isEmpty() || find(fresh.get(0).username()).isEmpty()) {
                throw e; // not a race with another replica seeding the same users
            }
        }
    }

    private static boolean sameProfile(User u, Seed s) {
        return Objects.equals(u.email(), s.email()) && Objects.equals(u.firstName(), s.firstName())
                && Objects.equals(u.lastName(), s.lastName());
    }

    /**
     * @param demo       the demo users
     * @param configured the users about to be seeded
     * @return the demo users that would log in with their demo password once {@code configured} is seeded:
     *         those the configuration gives that password, and those it leaves alone whose stored password is it
     */
    List<String> demoInEffect(List<Seed> demo, List<Seed> configured) {
        return demo.stream().filter(d -> configured.stream().filter(c -> c.username().equals(d.username())).findFirst()
                        .map(c -> c.password().equals(d.password()))
                        .orElseGet(() -> find(d.username()).filter(u -> passwords.matches(d.password(), u.passwordHash()))
                                .isPresent()))
                .map(d -> d.username() + ":" + d.password()).toList();
    }

    /** Records a login; stores a hash at the current cost when the stored one is weaker. */
    void loggedIn(User user, String password) {
        execute("UPDATE idp_users SET last_login = ? WHERE id = ?", OffsetDateTime.now(clock), user.id());
        if (passwords.needsRehash(user.passwordHash())) {
            execute("UPDATE idp_users SET password_hash = ? WHERE id = ? AND password_hash = ?",
                    passwords.hash(password), user.id(), user.passwordHash());
        }
    }

    private Optional<User> query(String sql, String arg) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, arg);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    OffsetDateTime last = rs.getObject(9, OffsetDateTime.class);
                    return Optional.of(new User(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), List.of(rs.getString(6).split(",")), rs.getString(7),
                            rs.getObject(8, OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC),
                            last == null ? null : last.withOffsetSameInstant(ZoneOffset.UTC)));
                }
            }
        });
    }

    private void execute(String sql, Object... args) {
        jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < args.length; i++) {
                    if (args[i] == null) {
                        ps.setNull(i + 1, java.sql.Types.VARCHAR); // an unset profile field or nonce
                    } else {
                        ps.setObject(i + 1, args[i]);
                    }
                }
                ps.executeUpdate();
                return null;
            }
        });
    }
}
