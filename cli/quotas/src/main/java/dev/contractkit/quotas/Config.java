package dev.contractkit.quotas;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.contractkit.quotas.providers.Provider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code config.toml}: every key cli/quotas/README.md documents plus {@code [base_urls]}. A broken file or key never stops the
 * tool: each problem becomes a message naming the key ({@link #problems()}), and that key (or, for a file that is
 * not TOML, every key) keeps its default.
 *
 * <pre>{@code
 * [tui]
 * auto_refresh = true          # default true
 * refresh_on_start = false     # default false
 * auto_refresh_interval = 300  # seconds, default 300
 * [providers]
 * enabled = ["*"]              # default ["*"]
 * disabled = []
 * [favorites]
 * providers = ["claude"]
 * [quota_preferences.claude]
 * favorites = ["5h"]
 * hidden = ["opus/7d"]
 * [base_urls]
 * claude = "http://127.0.0.1:8101"
 * [thresholds]                 # percent left: green from 50, yellow from 20, red below (the defaults)
 * green = 50
 * yellow = 20
 * }</pre>
 */
final class Config {
    static final TomlMapper TOML = new TomlMapper();

    /** Favorites and hidden rows of one provider's detail view. */
    record QuotaPreferences(List<String> favorites, List<String> hidden) {
        static final QuotaPreferences NONE = new QuotaPreferences(List.of(), List.of());

        QuotaPreferences {
            favorites = List.copyOf(favorites);
            hidden = List.copyOf(hidden);
        }
    }

    private final Path file;
    private final ObjectNode tree;
    private final boolean readable;
    private final List<String> problems = new ArrayList<>();
    private boolean autoRefresh = true;
    private boolean refreshOnStart = false;
    private int autoRefreshInterval = 300;
    private Thresholds thresholds = Thresholds.DEFAULT;
    private List<String> enabled = List.of("*");
    private List<String> disabled = List.of();
    private List<String> favoriteProviders = List.of();
    private final Map<Provider, QuotaPreferences> quotaPreferences = new EnumMap<>(Provider.class);
    private final Map<String, String> baseUrls = new LinkedHashMap<>();
    /** keys changed since the load (dotted path -> new array), written by {@link #save()} */
    private final Map<List<String>, List<String>> edits = new LinkedHashMap<>();

    private Config(Path file, ObjectNode tree, boolean readable) {
        this.file = file;
        this.tree = tree;
        this.readable = readable;
    }

    /** @return the config in this file; defaults when it is missing or broken (see {@link #problems()}) */
    static Config load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return new Config(file, TOML.createObjectNode(), true);
        } catch (IOException e) {
            Config c = new Config(file, TOML.createObjectNode(), false);
            c.problems.add(file + ": cannot be read (" + e.getMessage() + "); running on defaults");
            return c;
        }
        JsonNode tree;
        try {
            tree = TOML.readTree(text);
        } catch (JsonProcessingException e) {
            Config c = new Config(file, TOML.createObjectNode(), false);
            String where = e.getLocation() == null ? "" : " line " + e.getLocation().getLineNr();
            c.problems.add(file + ":" + where + " is not valid TOML (" + e.getOriginalMessage() + "); running on defaults");
            return c;
        }
        Config c = new Config(file, tree instanceof ObjectNode o ? o : TOML.createObjectNode(), true);
        c.read();
        return c;
    }

    private void read() {
        known(tree, "", Set.of("tui", "providers", "favorites", "quota_preferences", "base_urls", "thresholds"));
        JsonNode tui = table("tui");
        known(tui, "tui.", Set.of("auto_refresh", "refresh_on_start", "auto_refresh_interval"));
        autoRefresh = bool(tui, "tui.auto_refresh", autoRefresh);
        refreshOnStart = bool(tui, "tui.refresh_on_start", refreshOnStart);
        autoRefreshInterval = integer(tui, "tui.auto_refresh_interval", autoRefreshInterval, 1, 86_400);
        JsonNode limits = table("thresholds");
        known(limits, "thresholds.", Set.of("green", "yellow"));
        int green = integer(limits, "thresholds.green", thresholds.green(), 0, 100);
        int yellow = integer(limits, "thresholds.yellow", thresholds.yellow(), 0, 100);
        Thresholds.problem(green, yellow).ifPresentOrElse(
                p -> problems.add(file + ": thresholds: " + p + "; using the defaults (" + Thresholds.DEFAULT + ")"),
                () -> thresholds = new Thresholds(green, yellow));
        JsonNode providers = table("providers");
        known(providers, "providers.", Set.of("enabled", "disabled"));
        enabled = providerList(providers, "providers.enabled", enabled, true);
        disabled = providerList(providers, "providers.disabled", disabled, false);
        JsonNode favorites = table("favorites");
        known(favorites, "favorites.", Set.of("providers"));
        favoriteProviders = providerList(favorites, "favorites.providers", favoriteProviders, false);
        JsonNode prefs = table("quota_preferences");
        prefs.fields().forEachRemaining(e -> {
            String key = "quota_preferences." + e.getKey();
            Provider p = Provider.byId(e.getKey()).orElse(null);
            if (p == null) {
                problems.add(file + ": " + key + ": unknown provider '" + e.getKey() + "' (known: " + Provider.knownIds() + ")");
            } else if (!e.getValue().isObject()) {
                problems.add(file + ": " + key + " must be a table; ignored");
            } else {
                known(e.getValue(), key + ".", Set.of("favorites", "hidden"));
                quotaPreferences.put(p, new QuotaPreferences(strings(e.getValue(), key + ".favorites", List.of()),
                        strings(e.getValue(), key + ".hidden", List.of())));
            }
        });
        table("base_urls").fields().forEachRemaining(e -> {
            String key = "base_urls." + e.getKey();
            if (Provider.byId(e.getKey()).isEmpty()) {
                problems.add(file + ": " + key + ": unknown provider '" + e.getKey() + "' (known: " + Provider.knownIds() + ")");
            } else if (!e.getValue().isTextual() || !e.getValue().asText().matches("https?://\\S+")) {
                problems.add(file + ": " + key + " must be an http(s) URL string, got " + e.getValue() + "; using the real host");
            } else {
                baseUrls.put(e.getKey(), e.getValue().asText());
            }
        });
    }

    private JsonNode table(String name) {
        JsonNode n = tree.path(name);
        if (n.isMissingNode() || n.isObject()) {
            return n;
        }
        problems.add(file + ": " + name + " must be a table ([" + name + "]), got " + n + "; using its defaults");
        return MissingNode.getInstance();
    }

    private void known(JsonNode table, String prefix, Set<String> keys) {
        table.fieldNames().forEachRemaining(k -> {
            if (!keys.contains(k)) {
                problems.add(file + ": unknown key '" + prefix + k + "' (ignored; known here: " + String.join(", ", keys) + ")");
            }
        });
    }

    private boolean bool(JsonNode table, String key, boolean fallback) {
        JsonNode v = table.path(key.substring(key.indexOf('.') + 1));
        if (v.isMissingNode()) {
            return fallback;
        }
        if (!v.isBoolean()) {
            problems.add(file + ": " + key + " must be true or false, got " + v + "; using the default (" + fallback + ")");
            return fallback;
        }
        return v.asBoolean();
    }

    private int integer(JsonNode table, String key, int fallback, int min, int max) {
        JsonNode v = table.path(key.substring(key.lastIndexOf('.') + 1));
        if (v.isMissingNode()) {
            return fallback;
        }
        if (!v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
            problems.add(file + ": " + key + " must be a whole number from " + min + " to " + max + ", got " + v
                    + "; using the default (" + fallback + ")");
            return fallback;
        }
        return v.asInt();
    }

    private List<String> strings(JsonNode table, String key, List<String> fallback) {
        JsonNode v = table.path(key.substring(key.lastIndexOf('.') + 1));
        if (v.isMissingNode()) {
            return fallback;
        }
        if (!v.isArray() || !allText(v)) {
            problems.add(file + ": " + key + " must be an array of strings, got " + v + "; using the default " + fallback);
            return fallback;
        }
        List<String> out = new ArrayList<>();
        v.forEach(s -> out.add(s.asText()));
        return List.copyOf(out);
    }

    private List<String> providerList(JsonNode table, String key, List<String> fallback, boolean star) {
        List<String> raw = strings(table, key, fallback);
        List<String> out = new ArrayList<>();
        for (String id : raw) {
            if (star && id.equals("*") || Provider.byId(id).isPresent()) {
                out.add(id.equals("*") ? id : Provider.byId(id).orElseThrow().id());
            } else {
                problems.add(file + ": " + key + ": unknown provider '" + id + "' ignored (known: " + Provider.knownIds()
                        + (star ? ", or *" : "") + ")");
            }
        }
        return List.copyOf(out);
    }

    private static boolean allText(JsonNode array) {
        for (JsonNode n : array) {
            if (!n.isTextual()) {
                return false;
            }
        }
        return true;
    }

    Path file() {
        return file;
    }

    List<String> problems() {
        return List.copyOf(problems);
    }

    boolean autoRefresh() {
        return autoRefresh;
    }

    boolean refreshOnStart() {
        return refreshOnStart;
    }

    /** @return {@code tui.auto_refresh_interval}: seconds between two automatic refreshes of the UI (default 300) */
    int autoRefreshInterval() {
        return autoRefreshInterval;
    }

    /** @return {@code [thresholds]}: green and yellow, in percent left */
    Thresholds thresholds() {
        return thresholds;
    }

    /** @return {@code providers.enabled} minus {@code providers.disabled}, in catalogue order */
    List<Provider> enabledProviders() {
        Set<Provider> out = new LinkedHashSet<>();
        for (Provider p : Provider.values()) {
            if ((enabled.contains("*") || enabled.contains(p.id())) && !disabled.contains(p.id())) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    List<String> favoriteProviders() {
        return favoriteProviders;
    }

    QuotaPreferences quotaPreferences(Provider p) {
        return quotaPreferences.getOrDefault(p, QuotaPreferences.NONE);
    }

    Map<String, String> baseUrls() {
        return Map.copyOf(baseUrls);
    }

    /** Sets the favorite providers in memory; {@link #save()} writes them. */
    void favoriteProviders(List<String> ids) {
        favoriteProviders = List.copyOf(ids);
        edits.put(List.of("favorites", "providers"), favoriteProviders);
    }

    /** Sets one provider's quota favorites and hidden rows in memory; {@link #save()} writes them. */
    void quotaPreferences(Provider p, QuotaPreferences prefs) {
        quotaPreferences.put(p, prefs);
        edits.put(List.of("quota_preferences", p.id(), "favorites"), prefs.favorites());
        edits.put(List.of("quota_preferences", p.id(), "hidden"), prefs.hidden());
    }

    /**
     * Writes the changed keys into the file in place ({@link TomlEdit}): the user's comments, blank lines and key
     * order stay; only the changed keys' values are rewritten. The file is read again first (an edit made while the
     * UI was open is kept), the result is parsed back and checked, then written atomically.
     *
     * @throws IOException when the file is broken (it is left alone, so nothing the user wrote is lost), cannot be
     *                     edited in place (a key written as an inline table or a dotted key), or cannot be written
     */
    void save() throws IOException {
        if (!readable) {
            throw new IOException("not saved: " + file + " is broken; fix it first");
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            text = "";
        }
        try {
            TOML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IOException("not saved: " + file + " is broken; fix it first");
        }
        String edited = text;
        for (Map.Entry<List<String>, List<String>> e : edits.entrySet()) {
            List<String> path = e.getKey();
            edited = TomlEdit.set(edited, path.subList(0, path.size() - 1), path.get(path.size() - 1), e.getValue());
        }
        JsonNode check;
        try {
            check = TOML.readTree(edited);
        } catch (JsonProcessingException e) {
            check = null;
        }
        for (Map.Entry<List<String>, List<String>> e : edits.entrySet()) {
            JsonNode v = check;
            for (String part : e.getKey()) {
                v = v == null ? null : v.path(part);
            }
            List<String> found = new ArrayList<>();
            if (v != null && v.isArray()) {
                v.forEach(n -> found.add(n.asText()));
            }
            if (v == null || !v.isArray() || !found.equals(e.getValue())) {
                throw new IOException("not saved: quotas cannot edit " + String.join(".", e.getKey()) + " in " + file
                        + " in place (write it as a key under its [table] header)");
            }
        }
        AtomicFiles.write(file, edited);
    }
}
