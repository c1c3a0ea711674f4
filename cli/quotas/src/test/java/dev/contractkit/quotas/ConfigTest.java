package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** config.toml: every key the README documents, defaults, broken files and keys, saving what the UI changes. */
class ConfigTest {
    @TempDir
    Path dir;

    private Config load(String toml) throws IOException {
        Path f = dir.resolve("config.toml");
        Files.writeString(f, toml);
        return Config.load(f);
    }

    @Test
    void aMissingFileMeansDefaults() {
        Config c = Config.load(dir.resolve("none.toml"));
        assertThat(c.problems()).isEmpty();
        assertThat(c.autoRefresh()).isTrue();
        assertThat(c.refreshOnStart()).isFalse();
        assertThat(c.enabledProviders()).containsExactly(Provider.values());
        assertThat(c.favoriteProviders()).isEmpty();
        assertThat(c.quotaPreferences(Provider.CLAUDE)).isEqualTo(Config.QuotaPreferences.NONE);
    }

    @Test
    void everyKeyIsRead() throws IOException {
        Config c = load("""
                [tui]
                auto_refresh = false
                refresh_on_start = true
                [providers]
                enabled = ["claude", "codex", "zai"]
                disabled = ["codex"]
                [favorites]
                providers = ["zai"]
                [quota_preferences.claude]
                favorites = ["5h"]
                hidden = ["opus/7d"]
                [base_urls]
                zai = "http://127.0.0.1:8111"
                """);
        assertThat(c.problems()).isEmpty();
        assertThat(c.autoRefresh()).isFalse();
        assertThat(c.refreshOnStart()).isTrue();
        assertThat(c.enabledProviders()).containsExactly(Provider.CLAUDE, Provider.ZAI);
        assertThat(c.favoriteProviders()).containsExactly("zai");
        assertThat(c.quotaPreferences(Provider.CLAUDE)).isEqualTo(new Config.QuotaPreferences(List.of("5h"), List.of("opus/7d")));
        assertThat(c.baseUrls()).containsEntry("zai", "http://127.0.0.1:8111");
    }

    @Test
    void starEnablesEveryProviderButTheDisabled() throws IOException {
        Config c = load("[providers]\nenabled = [\"*\"]\ndisabled = [\"cursor\", \"gemini\"]\n");
        assertThat(c.enabledProviders()).hasSize(9).doesNotContain(Provider.CURSOR, Provider.GEMINI);
    }

    @Test
    void aBrokenKeyIsNamedAndOnlyThatKeyFallsBack() throws IOException {
        Config c = load("[tui]\nauto_refresh = \"yes\"\nrefresh_on_start = true\n[providers]\nenabled = \"claude\"\n");
        assertThat(c.problems()).anySatisfy(p -> assertThat(p).contains("tui.auto_refresh must be true or false, got \"yes\""));
        assertThat(c.problems()).anySatisfy(p -> assertThat(p).contains("providers.enabled must be an array of strings"));
        assertThat(c.autoRefresh()).isTrue();
        assertThat(c.refreshOnStart()).isTrue();
        assertThat(c.enabledProviders()).hasSize(11);
    }

    @Test
    void aFileThatIsNotTomlGivesItsLineAndDefaults() throws IOException {
        Config c = load("[tui]\nauto_refresh = false\n[providers\nenabled = [\"claude\"]\n");
        assertThat(c.problems()).singleElement().satisfies(p -> assertThat(p).contains("line 3").contains("not valid TOML")
                .contains("running on defaults"));
        assertThat(c.autoRefresh()).isTrue();
        assertThat(c.enabledProviders()).hasSize(11);
    }

    @Test
    void unknownKeysAndProvidersAreReportedNotFatal() throws IOException {
        Config c = load("colour = 1\n[favorites]\nproviders = [\"claude\", \"chatgpt\"]\n[quota_preferences.nope]\nhidden = []\n");
        assertThat(c.problems()).anySatisfy(p -> assertThat(p).contains("unknown key 'colour'"));
        assertThat(c.problems()).anySatisfy(p -> assertThat(p).contains("favorites.providers: unknown provider 'chatgpt'"));
        assertThat(c.problems()).anySatisfy(p -> assertThat(p).contains("quota_preferences.nope: unknown provider"));
        assertThat(c.favoriteProviders()).containsExactly("claude");
    }

    @Test
    void savingKeepsTheUsersOtherKeys() throws IOException {
        Config c = load("[tui]\nauto_refresh = false\n[base_urls]\nclaude = \"http://127.0.0.1:8101\"\n");
        c.favoriteProviders(List.of("codex"));
        c.quotaPreferences(Provider.CLAUDE, new Config.QuotaPreferences(List.of("7d"), List.of("sonnet/7d")));
        c.save();
        Config again = Config.load(dir.resolve("config.toml"));
        assertThat(again.problems()).isEmpty();
        assertThat(again.autoRefresh()).isFalse();
        assertThat(again.baseUrls()).containsEntry("claude", "http://127.0.0.1:8101");
        assertThat(again.favoriteProviders()).containsExactly("codex");
        assertThat(again.quotaPreferences(Provider.CLAUDE).hidden()).containsExactly("sonnet/7d");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("config.toml");
        }
    }

    @Test
    void savingEditsTheChangedKeysInPlaceAndKeepsCommentsAndLayout() throws IOException {
        String handWritten = """
                # my quotas setup
                [tui]
                auto_refresh = false   # I refresh by hand

                [favorites]
                # the ones I pay for
                providers = [
                  "claude",  # work
                ]  # end of list

                [quota_preferences.claude]
                hidden = ["opus/7d"]   # never use opus
                """;
        Config c = load(handWritten);
        c.favoriteProviders(List.of("claude", "cursor"));
        c.quotaPreferences(Provider.CLAUDE, new Config.QuotaPreferences(List.of("5h"), List.of("opus/7d", "sonnet/7d")));
        c.save();
        assertThat(Files.readString(dir.resolve("config.toml"))).isEqualTo("""
                # my quotas setup
                [tui]
                auto_refresh = false   # I refresh by hand

                [favorites]
                # the ones I pay for
                providers = ["claude", "cursor"]  # end of list

                [quota_preferences.claude]
                favorites = ["5h"]
                hidden = ["opus/7d", "sonnet/7d"]   # never use opus
                """);
        Config again = Config.load(dir.resolve("config.toml"));
        assertThat(again.problems()).isEmpty();
        assertThat(again.favoriteProviders()).containsExactly("claude", "cursor");
    }

    @Test
    void savingAddsAMissingTableAtTheEndAndKeepsAnEditMadeWhileTheUiWasOpen() throws IOException {
        Config c = load("# nothing yet\n");
        Files.writeString(dir.resolve("config.toml"), "# nothing yet\n[tui]\nauto_refresh = false # added meanwhile\n");
        c.favoriteProviders(List.of("codex"));
        c.save();
        assertThat(Files.readString(dir.resolve("config.toml")))
                .isEqualTo("# nothing yet\n[tui]\nauto_refresh = false # added meanwhile\n\n[favorites]\nproviders = [\"codex\"]\n");
    }

    @Test
    void aKeyQuotasCannotEditInPlaceIsNotSavedAndTheFileStaysAsItWas() throws IOException {
        String inline = "favorites = { providers = [\"claude\"] }  # inline table\n";
        Config c = load(inline);
        c.favoriteProviders(List.of("codex"));
        assertThatThrownBy(c::save).hasMessageContaining("cannot edit favorites.providers");
        assertThat(Files.readString(dir.resolve("config.toml"))).isEqualTo(inline);
    }

    @Test
    void aBrokenFileIsNeverOverwritten() throws IOException {
        Config c = load("[tui\n");
        c.favoriteProviders(List.of("codex"));
        assertThatThrownBy(c::save).hasMessageContaining("is broken");
        assertThat(Files.readString(dir.resolve("config.toml"))).isEqualTo("[tui\n");
    }
}
