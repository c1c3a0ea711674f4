package dev.contractkit.reference.platform;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The registry of every setting the server reads: key, type, default and a one-line description, from
 * {@code settings.tsv} next to this class (which {@code ./kit help settings} prints without a build, and from which
 * the settings table of {@code reference-server/README.md} is made). {@link Settings} refuses to read a key that is
 * not here, and takes the default of a key from here.
 */
public final class SettingKeys {
    private static final List<Key> KEYS = load();

    private SettingKeys() {
    }

    /**
     * One setting.
     *
     * @param key          dotted, dash-case; {@code <api>} and {@code <id>} stand for an API id and a model profile id
     * @param type         text, secret, list, int, flag, path, url, duration, duration:ms, duration:s or duration:d
     * @param defaultValue the value used when unset, or a description in parentheses
     * @param description  what it does
     */
    public record Key(String key, String type, String defaultValue, String description) {
        private static final Pattern PLACEHOLDER = Pattern.compile("<[a-z]+>");

        /** @return the environment variable, e.g. {@code KIT_DB_URL} or {@code KIT_<API>_PORT} */
        public String env() {
            return envName(key);
        }

        /** @return the default the server uses when the key is unset; empty when it has none or computes it */
        public Optional<String> literalDefault() {
            return defaultValue.startsWith("(") ? Optional.empty() : Optional.of(defaultValue);
        }

        /** @return the unit of a bare number of a duration key, or null */
        public String bareUnit() {
            return type.startsWith("duration:") ? type.substring("duration:".length()) : null;
        }

        boolean matches(String name) {
            if (key.equals(name)) {
                return true;
            }
            if (!key.contains("<")) {
                return false;
            }
            StringBuilder regex = new StringBuilder();
            var m = PLACEHOLDER.matcher(key);
            int at = 0;
            while (m.find()) {
                regex.append(Pattern.quote(key.substring(at, m.start()))).append("[a-z0-9-]+");
                at = m.end();
            }
            regex.append(Pattern.quote(key.substring(at)));
            return name.matches(regex.toString());
        }
    }

    /**
     * @param key a dotted key
     * @return its environment variable name, e.g. {@code KIT_DB_URL}
     */
    static String envName(String key) {
        return "KIT_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** @return every setting, in the registry's order */
    public static List<Key> all() {
        return KEYS;
    }

    /**
     * The settings table of {@code reference-server/README.md} (between its {@code settings-table} markers).
     *
     * @return one row per key: variable, type, default, meaning
     */
    public static String markdownTable() {
        StringBuilder out = new StringBuilder("| setting | type | default | meaning |\n|---|---|---|---|\n");
        for (Key k : KEYS) {
            out.append("| ").append(k.env()).append(" | ").append(k.type()).append(" | ").append(cell(k.defaultValue()))
                    .append(" | ").append(cell(k.description())).append(" |\n");
        }
        return out.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    /**
     * @param name a key as read, e.g. {@code forms.port}
     * @return its entry (an exact one before a pattern)
     */
    public static Optional<Key> find(String name) {
        return KEYS.stream().filter(k -> k.key().equals(name)).findFirst()
                .or(() -> KEYS.stream().filter(k -> k.matches(name)).findFirst());
    }

    /**
     * @param name a key as read
     * @return its entry
     * @throws IllegalStateException when the registry does not list it (a programming error, caught by the tests)
     */
    static Key require(String name) {
        return find(name).orElseThrow(() -> new IllegalStateException("the setting '" + name
                + "' is not in the registry (platform/settings.tsv): add it with its default and description"));
    }

    private static List<Key> load() {
        try (InputStream in = SettingKeys.class.getResourceAsStream("settings.tsv")) {
            if (in == null) {
                throw new IllegalStateException("settings.tsv is missing from the classpath");
            }
            List<Key> out = new ArrayList<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length != 4) {
                    throw new IllegalStateException("settings.tsv: not 4 tab-separated columns: " + line);
                }
                out.add(new Key(f[0], f[1], f[2], f[3]));
            }
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
