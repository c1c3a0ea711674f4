package dev.contractkit.reference.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.NamedTokens;
import dev.contractkit.reference.platform.Principal;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.StorageException;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The agent's named principals (table {@code agent_principals}, V90) and their tokens, the {@link NamedTokens} of the
 * agent's listener. A token is stored as its SHA-256 only, and a presented token is looked up by its SHA-256: what a
 * look-up's time could tell is about the hash, never about a token. Those of {@code KIT_AGENT_TOKENS}
 * ({@code name=token,...}) are written at start (source {@code env}); those the operator makes through
 * {@code POST /api/v1/principals} are made here (source {@code api}) and shown once. On {@link Jdbc}: a database
 * failure is a {@code StorageException}.
 */
final class Principals implements NamedTokens {
    static final Pattern NAME = Pattern.compile("^[a-z0-9][a-z0-9._-]{0,63}$");
    static final int MIN_TOKEN_CHARS = 16;
    private static final Pattern TOKEN = Pattern.compile("^[A-Za-z0-9._~+/=-]+$");
    private static final TypeReference<List<Grants.Grant>> GRANTS = new TypeReference<>() {
    };

    /** A named principal (never its token). */
    record Named(String name, String source, Instant createdAt, List<Grants.Grant> grants) {
    }

    /** What a revoke did. */
    enum Revoked { DONE, NOT_FOUND, CONFIGURED }

    private final Jdbc jdbc;
    private final ObjectMapper mapper;
    private final SecureRandom random = new SecureRandom();

    Principals(DataSource ds, ObjectMapper mapper) {
        this.jdbc = new Jdbc(ds);
        this.mapper = mapper;
    }

    /**
     * @param settings the server's settings ({@code agent.tokens})
     * @return name to token, as {@code KIT_AGENT_TOKENS} lists them ({@code name=token,...}); empty when unset
     * @throws IllegalArgumentException naming the setting and the entry that is wrong (never a token)
     */
    static Map<String, String> configured(Settings settings) {
        String env = Settings.envName("agent.tokens");
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> tokens = new HashSet<>();
        String value = settings.get("agent.tokens", "").strip();
        if (value.isEmpty()) {
            return out;
        }
        int n = 0;
        for (String entry : value.split(",")) {
            n++;
            int eq = entry.indexOf('=');
            String name = eq < 0 ? entry.strip() : entry.substring(0, eq).strip();
            String token = eq < 0 ? "" : entry.substring(eq + 1).strip();
            if (!NAME.matcher(name).matches() || name.equals(Principal.OPERATOR_NAME)) {
                throw new IllegalArgumentException("setting " + env + ": entry " + n + " must be name=token with a name of "
                        + "lower-case letters, digits, '.', '_' or '-' (not 'operator'); entries are separated by ','");
            }
            if (token.length() < MIN_TOKEN_CHARS || !TOKEN.matcher(token).matches()) {
                throw new IllegalArgumentException("setting " + env + ": the token of '" + name + "' must have at least "
                        + MIN_TOKEN_CHARS + " characters of A-Z, a-z, 0-9, '.', '_', '~', '+', '/', '=' or '-'");
            }
            if (out.put(name, token) != null || !tokens.add(token)) {
                throw new IllegalArgumentException("setting " + env + ": '" + name + "' or its token is listed twice");
            }
        }
        return out;
    }

    /**
     * Writes the principals of {@code KIT_AGENT_TOKENS}: a new one with no grants, an existing one with its (maybe
     * new) token; one the setting no longer lists loses its token (its grants stay for when it comes back). Replicas
     * starting together may race to insert the same row: the loser tries once more and then finds it.
     */
    void configure(Map<String, String> tokens) {
        try {
            configureOnce(tokens);
        } catch (StorageException e) {
            configureOnce(tokens);
        }
    }

    private void configureOnce(Map<String, String> tokens) {
        Timestamp now = Timestamp.from(Instant.now());
        jdbc.transaction(c -> {
            for (String name : jdbc.list("SELECT name FROM agent_principals WHERE source = 'env'", r -> r.getString(1))) {
                if (!tokens.containsKey(name)) {
                    update(c, "UPDATE agent_principals SET token_hash = NULL WHERE name = ?", name);
                }
            }
            for (Map.Entry<String, String> e : tokens.entrySet()) {
                String hash = hash(e.getValue());
                if (update(c, "UPDATE agent_principals SET token_hash = NULL WHERE token_hash = ? AND name <> ?", hash,
                        e.getKey()) > 0) {
                    throw new IllegalArgumentException("setting " + Settings.envName("agent.tokens") + ": the token of '"
                            + e.getKey() + "' is another principal's");
                }
                if (update(c, "UPDATE agent_principals SET token_hash = ? WHERE name = ? AND source = 'env'", hash,
                        e.getKey()) == 0 && update(c, "INSERT INTO agent_principals (name, token_hash, source, grants, "
                        + "created_at) SELECT ?, ?, 'env', '[]', ? WHERE NOT EXISTS (SELECT 1 FROM agent_principals "
                        + "WHERE name = ?)", e.getKey(), hash, now, e.getKey()) == 0) {
                    throw new IllegalArgumentException("setting " + Settings.envName("agent.tokens") + " names '"
                            + e.getKey() + "', which the operator made through POST /api/v1/principals; revoke that one "
                            + "or choose another name");
                }
            }
            return null;
        });
    }

    private static int update(java.sql.Connection c, String sql, Object... args) throws java.sql.SQLException {
        try (var s = c.prepareStatement(sql)) {
            Jdbc.bind(s, List.of(args));
            return s.executeUpdate();
        }
    }

    @Override
    public Optional<String> principal(String token) {
        return jdbc.list("SELECT name FROM agent_principals WHERE token_hash = ?", r -> r.getString(1), hash(token))
                .stream().findFirst();
    }

    /** @return the named principals, by name */
    List<Named> list() {
        return jdbc.list("SELECT * FROM agent_principals WHERE token_hash IS NOT NULL OR source = 'api' ORDER BY name",
                this::named);
    }

    Optional<Named> get(String name) {
        return list().stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * @return the new principal's token (stored as its SHA-256 only); empty when the name is taken
     */
    Optional<String> create(String name, List<Grants.Grant> grants) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = "kat_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        int made = jdbc.update("INSERT INTO agent_principals (name, token_hash, source, grants, created_at) "
                        + "SELECT ?, ?, 'api', ?, ? WHERE NOT EXISTS (SELECT 1 FROM agent_principals WHERE name = ?)",
                name, hash(token), json(grants), Timestamp.from(Instant.now()), name);
        return made == 1 ? Optional.of(token) : Optional.empty();
    }

    /** @return false when there is no such principal */
    boolean grant(String name, List<Grants.Grant> grants) {
        return jdbc.update("UPDATE agent_principals SET grants = ? WHERE name = ?", json(grants), name) == 1;
    }

    Revoked revoke(String name) {
        if (jdbc.update("DELETE FROM agent_principals WHERE name = ? AND source = 'api'", name) == 1) {
            return Revoked.DONE;
        }
        return get(name).isPresent() ? Revoked.CONFIGURED : Revoked.NOT_FOUND;
    }

    /** @return what the principal's runs may use: everything for the operator, else its grants (none if unknown) */
    Grants grants(Principal principal) {
        if (principal.operator()) {
            return Grants.OPERATOR;
        }
        return new Grants(principal.name(), false, get(principal.name()).map(Named::grants).orElse(List.of()));
    }

    private Named named(java.sql.ResultSet r) throws java.sql.SQLException {
        try {
            return new Named(r.getString("name"), r.getString("source"), r.getTimestamp("created_at").toInstant(),
                    mapper.readValue(r.getString("grants"), GRANTS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("agent: the grants of '" + r.getString("name") + "' are not JSON", e);
        }
    }

    private String json(List<Grants.Grant> grants) {
        try {
            return mapper.writeValueAsString(grants);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
