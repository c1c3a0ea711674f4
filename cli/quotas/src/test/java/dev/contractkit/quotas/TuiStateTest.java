package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** The UI's rows below the terminal (TuiTmuxTest drives the screen): one per account of a provider with several. */
class TuiStateTest {
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @TempDir
    Path dir;

    private static ProviderResult copilot(String account, double remaining) {
        return new ProviderResult.Available(Provider.GITHUB_COPILOT, "individual", List.of(
                window("chat", 50, 50), window("premium_interactions", remaining, 300)), NOW, account);
    }

    private static Window window(String label, double remaining, double limit) {
        return new Window(label, OptionalDouble.of(limit - remaining), OptionalDouble.of(limit), OptionalDouble.of(remaining),
                "requests", Optional.empty());
    }

    @Test
    void aProviderWithSeveralAccountsHasARowForEachAndSharesItsFavoriteAndHiddenQuotas() throws IOException {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, "[favorites]\nproviders = [\"github-copilot\"]\n[quota_preferences.github-copilot]\nhidden = [\"chat\"]\n");
        Config config = Config.load(file);
        TuiState state = new TuiState(List.of(Provider.CLAUDE, Provider.GITHUB_COPILOT), config);
        state.refreshing(List.of(Provider.CLAUDE, Provider.GITHUB_COPILOT));
        state.arrived(copilot("octocat", 200));
        state.arrived(copilot("monalisa", 10));
        state.arrived(new ProviderResult.AuthRequired(Provider.CLAUDE, "no login", NOW));
        assertThat(state.rows()).extracting(TuiState.Row::title)
                .containsExactly("GitHub Copilot (octocat)", "GitHub Copilot (monalisa)", "Claude");
        TuiState.Row monalisa = state.rows().get(1);
        assertThat(state.result(monalisa).account()).isEqualTo("monalisa");
        // the provider's hidden quota is hidden in each account: monalisa's colour comes from premium_interactions
        assertThat(state.visibleWindows(monalisa)).extracting(Window::label).containsExactly("premium_interactions");
        assertThat(state.favorite(monalisa.provider())).isTrue();
        // F on an account stars (here: unstars) the provider, and the selection stays on the provider's first row
        state.selected = 1;
        assertThat(state.toggleFavorite(state.selectedProvider())).isEmpty();
        assertThat(state.rows()).extracting(TuiState.Row::key)
                .containsExactly("claude", "github-copilot:octocat", "github-copilot:monalisa");
        assertThat(state.selectedRow().key()).isEqualTo("github-copilot:octocat");
    }

    @Test
    void aRefreshReplacesTheProvidersRowsSoAnAccountThatIsGoneGoes() {
        TuiState state = new TuiState(List.of(Provider.GITHUB_COPILOT), Config.load(dir.resolve("none.toml")));
        state.refreshing(List.of(Provider.GITHUB_COPILOT));
        state.arrived(copilot("octocat", 200));
        state.arrived(copilot("monalisa", 10));
        assertThat(state.rows()).hasSize(2);
        state.refreshing(List.of(Provider.GITHUB_COPILOT));
        assertThat(state.rows()).as("the old rows stay while fetching").hasSize(2);
        state.arrived(copilot("", 100));
        assertThat(state.rows()).extracting(TuiState.Row::key).containsExactly("github-copilot");
        assertThat(state.rows().get(0).title()).isEqualTo("GitHub Copilot");
    }

    @Test
    void theCachedAccountsAreRowsBeforeAnyFetch() throws IOException {
        Cache cache = new Cache(dir.resolve("cache.json"));
        cache.merge(List.of(copilot("octocat", 200), copilot("monalisa", 10)), NOW);
        TuiState state = new TuiState(List.of(Provider.GITHUB_COPILOT, Provider.ZAI), Config.load(dir.resolve("none.toml")));
        state.cached(cache.read());
        assertThat(state.rows()).extracting(TuiState.Row::key)
                .containsExactly("github-copilot:octocat", "github-copilot:monalisa", "zai");
        assertThat(state.result(state.rows().get(2))).isNull();
    }
}
