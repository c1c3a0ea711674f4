package dev.contractkit.reference.platform;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The server's configuration: a key such as {@code db.url} is read from the system property
 * {@code kit.db.url}, else the environment variable {@code KIT_DB_URL}, else the caller's default.
 * Tests build one from a map with {@link #of(Map)}.
 */
public final class Settings {
    private final Map<String, String> values;
    private final boolean useEnvironment;

    private Settings(Map<String, String> values, boolean useEnvironment) {
        this.values = Map.copyOf(values);
        this.useEnvironment = useEnvironment;
    }

    /** @return settings read from system properties and the environment */
    public static Settings fromEnvironment() {
        return new Settings(Map.of(), true);
    }

    /**
     * @param values keys without the {@code kit.} prefix, e.g. {@code db.url}
     * @return settings that read only these values
     */
    public static Settings of(Map<String, String> values) {
        return new Settings(values, false);
    }

    /**
     * @param key    e.g. {@code forms.port}
     * @param value  the value
     * @return a copy with one more value (wins over the environment)
     */
    public Settings with(String key, String value) {
        Map<String, String> copy = new HashMap<>(values);
        copy.put(key, value);
        return new Settings(copy, useEnvironment);
    }

    /**
     * @param key a dotted, dash-case key
     * @return the value, if set and not blank
     */
    public Optional<String> get(String key) {
        String v = values.get(key);
        if (v == null && useEnvironment) {
            v = System.getProperty("kit." + key);
            if (v == null) {
                v = System.getenv(envName(key));
            }
        }
        return Optional.ofNullable(v).map(String::trim).filter(s -> !s.isEmpty());
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
        return get(key).map(v -> {
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("setting " + envName(key) + " must be an integer, was '" + v + "'");
            }
        }).orElse(defaultValue);
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
        return "KIT_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
