package dev.contractkit.reference.platform;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The server's configuration: a key such as {@code db.url} is read from the system property
 * {@code kit.db.url}, else the environment variable {@code KIT_DB_URL}, else the registry's default (or the caller's).
 * Tests build one from a map with {@link #of(Map)}.
 *
 * <p>Every key is listed in {@link SettingKeys} (type, default, description); reading one that is not is a
 * programming error. The typed readers ({@link #text}, {@link #integer}, {@link #flag}, {@link #duration},
 * {@link #list}) take the registry's default and name the key and the expected syntax when a value is wrong. Each
 * API's module turns these into one record of typed settings (e.g. {@code FormsSettings}), the server's own in
 * {@link ServerSettings}.
 */
public final class Settings {
    private final Map<String, String> values;
    private final boolean useEnvironment;
    private final UnaryOperator<String> env;

    private Settings(Map<String, String> values, boolean useEnvironment, UnaryOperator<String> env) {
        this.values = Map.copyOf(values);
        this.useEnvironment = useEnvironment;
        this.env = env;
    }

    /** @return settings read from system properties and the environment */
    public static Settings fromEnvironment() {
        return new Settings(Map.of(), true, System::getenv);
    }

    /**
     * @param env stands in for the environment (tests)
     * @return settings read from system properties and that environment
     */
    static Settings fromEnvironment(UnaryOperator<String> env) {
        return new Settings(Map.of(), true, env);
    }

    /**
     * @param values keys without the {@code kit.} prefix, e.g. {@code db.url}
     * @return settings that read only these values
     */
    public static Settings of(Map<String, String> values) {
        return new Settings(values, false, name -> null);
    }

    /**
     * @param key    e.g. {@code forms.port}
     * @param value  the value
     * @return a copy with one more value (wins over the environment)
     */
    public Settings with(String key, String value) {
        Map<String, String> copy = new HashMap<>(values);
        copy.put(key, value);
        return new Settings(copy, useEnvironment, env);
    }

    /**
     * @param key a dotted, dash-case key
     * @return the value, if set and not blank
     */
    public Optional<String> get(String key) {
        SettingKeys.require(key);
        String v = values.get(key);
        if (v == null && useEnvironment) {
            v = System.getProperty("kit." + key);
            if (v == null) {
                v = env.apply(envName(key));
            }
            if ((v == null || v.isBlank()) && key.equals(RUNTIME_URL)) {
                v = env.apply(RUNTIME_URL_ALIAS); // the name execcli reads too; the only variable without KIT_
            }
        }
        return Optional.ofNullable(v).map(String::trim).filter(s -> !s.isEmpty());
    }

    /** The key that has a second environment variable. */
    private static final String RUNTIME_URL = "exec.runtime-url";
    /** Its second variable, read only here. */
    public static final String RUNTIME_URL_ALIAS = "EXEC_RUNTIME_URL";

    /**
     * @param key a key with a literal default in the registry, or one that is set
     * @return the value, else the registry's default
     * @throws IllegalStateException when unset and the registry has no literal default
     */
    public String text(String key) {
        return get(key).or(() -> SettingKeys.require(key).literalDefault()).orElseThrow(() -> new IllegalStateException(
                "the setting '" + key + "' has no default in the registry; read it with get(key)"));
    }

    /**
     * @param key a key of type int
     * @return the value, else the registry's default
     * @throws IllegalArgumentException naming the key when the value is not an integer
     */
    public int integer(String key) {
        return parseInt(key, text(key));
    }

    /**
     * @param key a key of type flag
     * @return the value, else the registry's default
     * @throws IllegalArgumentException naming the key when the value is neither true nor false
     */
    public boolean flag(String key) {
        String v = text(key).toLowerCase(Locale.ROOT);
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("setting " + envName(key) + " must be true or false, was '" + text(key) + "'");
        }
        return v.equals("true");
    }

    /**
     * @param key a duration key ({@link Durations} has the syntax)
     * @return the value, else the registry's default
     * @throws IllegalArgumentException naming the key and the syntax when the value is not a duration
     */
    public Duration duration(String key) {
        return duration(key, text(key));
    }

    /**
     * @param key   a duration key
     * @param value a value for it (e.g. a command-line option standing in for the key)
     * @return the duration
     * @throws IllegalArgumentException naming the key and the syntax when the value is not a duration
     */
    public static Duration duration(String key, String value) {
        try {
            return Durations.parse(value, SettingKeys.require(key).bareUnit());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("setting " + envName(key) + " " + e.getMessage(), e);
        }
    }

    /**
     * @param key a key of type list
     * @return the comma-separated values, else the registry's default (none when it has no literal one)
     */
    public List<String> list(String key) {
        return getList(key, SettingKeys.require(key).literalDefault().orElse(""));
    }

    /**
     * @param key          the key
     * @param defaultValue used when the key is not set
     * @return the value
     */
    public String get(String key, String defaultValue) {
        return get(key).orElse(defaultValue);
    }

    /**
     * @param key          the key
     * @param defaultValue used when the key is not set
     * @return the value as an int
     * @throws IllegalArgumentException naming the key when the value is not an integer
     */
    public int getInt(String key, int defaultValue) {
        return get(key).map(v -> parseInt(key, v)).orElse(defaultValue);
    }

    private static int parseInt(String key, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("setting " + envName(key) + " must be an integer, was '" + v + "'");
        }
    }

    /**
     * @param key          the key
     * @param defaultValue used when the key is not set
     * @return the comma-separated values
     */
    public List<String> getList(String key, String defaultValue) {
        return Stream.of(get(key, defaultValue).split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * @param key a dotted key
     * @return its environment variable name, e.g. {@code KIT_DB_URL}
     */
    public static String envName(String key) {
        return SettingKeys.envName(key);
    }
}
