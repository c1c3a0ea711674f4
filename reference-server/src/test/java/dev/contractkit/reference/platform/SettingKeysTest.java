package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The registry lists every key the server reads, and the README's settings table is the registry. */
class SettingKeysTest {
    private static final Path MAIN = Path.of("src/main/java");
    /** A setting read by name: {@code settings.get("db.url")}, {@code s.duration("exec.poll-ms")}, ... */
    private static final Pattern READ = Pattern.compile(
            "\\b(?:settings|s|Settings)\\.(?:get|text|integer|flag|duration|list|getInt|getList)\\(\\s*\"([a-z][a-z0-9.<>-]*)\"");
    /** A key passed to a record's checking helper: {@code atLeast(s, "runtime.capacity", 1)}. */
    private static final Pattern CHECKED = Pattern.compile("\\((?:s|settings),\\s*\"([a-z][a-z0-9.<>-]*)\"");
    /** A key held in a constant ({@code SETTING = "agent.mcp-allow"}) or named in a message ({@code envName("...")}). */
    private static final Pattern NAMED = Pattern.compile(
            "(?:_?SETTING\\s*=\\s*|envName\\(\\s*)\"([a-z][a-z0-9.<>-]*)\"");

    @Test
    void everyKeyTheServerReadsByNameIsInTheRegistry() throws IOException {
        Map<String, String> read = keysInSources();
        assertThat(read).as("the scan finds the server's reads").hasSizeGreaterThan(60);
        List<String> missing = read.entrySet().stream().filter(e -> SettingKeys.find(e.getKey()).isEmpty())
                .map(e -> e.getKey() + " (" + e.getValue() + ")").toList();
        assertThat(missing).as("keys read but not in platform/settings.tsv").isEmpty();
    }

    @Test
    void everyKeyInTheRegistryIsReadByTheServer() throws IOException {
        Map<String, String> read = keysInSources();
        List<String> unread = SettingKeys.all().stream().map(SettingKeys.Key::key)
                .filter(k -> !k.contains("<") && !read.containsKey(k)).toList();
        assertThat(unread).as("registry keys that no source reads by name").isEmpty();
    }

    @Test
    void aKeyOutsideTheRegistryCannotBeRead() {
        assertThatThrownBy(() -> Settings.of(Map.of("forms.api-key", "x")).get("forms.api-key"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("forms.api-key")
                .hasMessageContaining("settings.tsv");
        assertThat(Settings.of(Map.of("coupons.port", "0")).getInt("coupons.port", 1)).as("a pattern key").isZero();
        assertThat(Settings.of(Map.of()).get("agent.model.openai-mini.endpoint")).isEmpty();
    }

    @Test
    void everyLiteralDefaultIsAValueOfItsType() {
        for (SettingKeys.Key k : SettingKeys.all()) {
            k.literalDefault().ifPresent(d -> {
                switch (k.type().replaceAll(":.*", "")) {
                    case "int" -> assertThat(Integer.parseInt(d)).as(k.key()).isNotNull();
                    case "flag" -> assertThat(d).as(k.key()).isIn("true", "false");
                    case "duration" -> assertThat(Durations.parse(d, k.bareUnit())).as(k.key()).isNotNull();
                    case "text", "secret", "list", "path", "url" -> assertThat(d).as(k.key()).isNotBlank();
                    default -> throw new AssertionError(k.key() + ": unknown type " + k.type());
                }
            });
            assertThat(k.description()).as(k.key()).isNotBlank().doesNotContain("\t");
        }
    }

    @Test
    void theReadmeSettingsTableIsMadeFromTheRegistry() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf('\n', readme.indexOf("<!-- settings-table")) + 1;
        int end = readme.indexOf("<!-- /settings-table -->");
        assertThat(start).as("the README's settings-table markers").isPositive();
        assertThat(readme.substring(start, end))
                .as("reference-server/README.md's settings table; replace it with:%n%s", SettingKeys.markdownTable())
                .isEqualTo(SettingKeys.markdownTable());
    }

    @Test
    void onlySettingsReadsTheEnvironmentForASetting() throws IOException {
        List<String> offenders = new ArrayList<>();
        List<String> runtimeUrl = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                if (!f.endsWith(Path.of("platform", "Settings.java"))
                        && text.matches("(?s).*(getenv|getProperty)\\(\\s*\"(KIT_|kit\\.|EXEC_).*")) {
                    offenders.add(f.toString());
                }
                if (text.contains("\"EXEC_RUNTIME_URL\"")) {
                    runtimeUrl.add(f.getFileName().toString());
                }
            }
        }
        assertThat(offenders).as("sources that read a setting around Settings").isEmpty();
        assertThat(runtimeUrl).as("where EXEC_RUNTIME_URL is read").containsExactly("Settings.java");
    }

    /** @return each key named in the main sources, with a file that names it */
    private static Map<String, String> keysInSources() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                if (!text.contains("Settings")) {
                    continue; // s.get("enum") on a JSON node is no setting
                }
                for (Pattern p : List.of(READ, CHECKED, NAMED)) {
                    Matcher m = p.matcher(text);
                    while (m.find()) {
                        out.putIfAbsent(m.group(1), f.getFileName().toString());
                    }
                }
            }
        }
        return out;
    }

    @Test
    void patternsStandForOneIdSegment() {
        assertThat(SettingKeys.find("forms.port").map(SettingKeys.Key::key)).contains("<api>.port");
        assertThat(SettingKeys.find("exec.max-body-bytes").map(SettingKeys.Key::key)).as("an exact key wins")
                .contains("exec.max-body-bytes");
        assertThat(SettingKeys.find("agent.model.a.b.model")).as("an id has no dot").isEmpty();
        assertThat(new TreeSet<>(SettingKeys.all().stream().map(SettingKeys.Key::key).toList()))
                .as("no key twice").hasSize(SettingKeys.all().size());
    }
}
