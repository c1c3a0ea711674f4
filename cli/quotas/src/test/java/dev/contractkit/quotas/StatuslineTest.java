package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** The statusline's rendering: tightest window, template, icons, statuses. */
class StatuslineTest {
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    private static Window window(String label, double used, double limit, Instant reset) {
        return new Window(label, OptionalDouble.of(used), OptionalDouble.of(limit), OptionalDouble.of(limit - used), "percent",
                Optional.ofNullable(reset));
    }

    private static final ProviderResult CLAUDE = new ProviderResult.Available(Provider.CLAUDE, "max", List.of(
            window("5h", 10, 100, NOW.plusSeconds(3 * 3600 + 120)), window("7d", 80, 100, NOW.plusSeconds(2 * 86400 + 3600)),
            window("opus/7d", 50, 100, null)), NOW);

    @Test
    void showsTheWindowWithTheLowestRemainingShare() {
        assertThat(Statusline.segment(CLAUDE, Statusline.DEFAULT_TEMPLATE, false, NOW)).isEqualTo("claude 20/100");
    }

    @Test
    void fillsEveryPlaceholder() {
        assertThat(Statusline.segment(CLAUDE, "%provider:%window used %used, %remaining of %limit, reset %reset", false, NOW))
                .isEqualTo("claude:7d used 80, 20 of 100, reset 2d1h");
    }

    @Test
    void iconsFollowTheRemainingShareUnlessTurnedOff() {
        assertThat(Statusline.segment(CLAUDE, "%provider", true, NOW)).isEqualTo("◐ claude");
        ProviderResult low = new ProviderResult.Available(Provider.CODEX, "plus", List.of(window("5h", 95, 100, null)), NOW);
        assertThat(Statusline.segment(low, "%provider", true, NOW)).isEqualTo("○ codex");
        assertThat(Statusline.segment(low, "%provider", false, NOW)).isEqualTo("codex");
    }

    @Test
    void otherStatusesSayWhatIsWrong() {
        assertThat(Statusline.segment(new ProviderResult.AuthRequired(Provider.ZAI, "x", NOW), "%provider", true, NOW)).isEqualTo("✗ zai login");
        assertThat(Statusline.segment(new ProviderResult.NetworkError(Provider.KIMI, "x", NOW), "%provider", false, NOW)).isEqualTo("kimi offline");
        assertThat(Statusline.segment(new ProviderResult.Unavailable(Provider.CURSOR, "x", "u", NOW), "%provider", false, NOW))
                .isEqualTo("cursor unavailable");
    }

    @Test
    void aBalanceHasNoLimitAndLargeNumbersAreShort() {
        ProviderResult balance = new ProviderResult.Available(Provider.DEEPSEEK, "payg", List.of(new Window("balance", OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.of(110.5), "CNY", Optional.empty())), NOW);
        assertThat(Statusline.segment(balance, Statusline.DEFAULT_TEMPLATE, false, NOW)).isEqualTo("deepseek 110.50/-");
        ProviderResult tokens = new ProviderResult.Available(Provider.ZAI, "pro", List.of(window("5h", 96_000_000, 800_000_000, null)), NOW);
        assertThat(Statusline.segment(tokens, Statusline.DEFAULT_TEMPLATE, false, NOW)).isEqualTo("zai 704M/800M");
    }

    @Test
    void segmentsFollowTheProviderListAndAreJoinedWithBars() {
        Map<String, Cache.Entry> entries = Map.of("claude", new Cache.Entry(CLAUDE, NOW),
                "zai", new Cache.Entry(new ProviderResult.AuthRequired(Provider.ZAI, "x", NOW), NOW));
        assertThat(Statusline.render(entries, List.of(Provider.values()), "%provider", false, NOW)).isEqualTo("claude | zai login");
        assertThat(Statusline.render(entries, List.of(Provider.ZAI), "%provider", false, NOW)).isEqualTo("zai login");
        assertThat(Statusline.render(Map.of(), List.of(Provider.values()), "%provider", false, NOW)).isEmpty();
    }

    @Test
    void favoriteProvidersComeFirstAndAFavoriteQuotaIsShownInsteadOfTheTightest() {
        ProviderResult codex = new ProviderResult.Available(Provider.CODEX, "plus", List.of(window("5h", 61, 100, null)), NOW);
        Map<String, Cache.Entry> entries = Map.of("claude", new Cache.Entry(CLAUDE, NOW), "codex",
                new Cache.Entry(codex, NOW));
        List<Provider> order = Statusline.favoritesFirst(List.of(Provider.CLAUDE, Provider.CODEX), List.of("codex", "zai"));
        assertThat(order).containsExactly(Provider.CODEX, Provider.CLAUDE);
        assertThat(Statusline.render(entries, order, "%provider %window %remaining/%limit", false, NOW,
                Map.of("claude", List.of("opus/7d")))).isEqualTo("codex 5h 39/100 | claude opus/7d 50/100");
    }

    @Test
    void dollarsAreShownAsMoneyAndAMissingPlanIsNotMadeUp() {
        ProviderResult cursor = new ProviderResult.Available(Provider.CURSOR, "pro", List.of(new Window("month", OptionalDouble.of(12.34),
                OptionalDouble.of(20), OptionalDouble.of(7.66), "USD", Optional.empty())), NOW);
        assertThat(Statusline.segment(cursor, Statusline.DEFAULT_TEMPLATE, false, NOW)).isEqualTo("cursor $7.66/$20.00");
        assertThat(Statusline.segment(new ProviderResult.Available(Provider.CURSOR, "", List.of(), NOW), "%provider", false, NOW))
                .isEqualTo("cursor");
    }
}
