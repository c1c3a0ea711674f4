package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** cache.json: the replacement rule, staleness, corruption, atomic writes. */
class CacheTest {
    private static final Instant T0 = Instant.parse("2026-11-23T12:00:00Z");

    @TempDir
    Path dir;

    private Cache cache() {
        return new Cache(dir.resolve("quotas/cache.json"));
    }

    private static ProviderResult available(Provider p, Instant at) {
        return new ProviderResult.Available(p, "plan", List.of(), at);
    }

    @Test
    void aWorseResultDoesNotReplaceAFreshBetterOne() throws IOException {
        cache().merge(List.of(available(Provider.CLAUDE, T0)), T0);
        Instant later = T0.plus(Duration.ofMinutes(5));
        Cache.Contents c = cache().merge(List.of(new ProviderResult.NetworkError(Provider.CLAUDE, "down", later)), later);
        assertThat(c.entries().get("claude").result().status()).isEqualTo(ProviderResult.Status.AVAILABLE);
        assertThat(cache().read().entries().get("claude").cachedAt()).isEqualTo(T0);
    }

    @Test
    void anEquallyGoodOrBetterResultReplaces() throws IOException {
        cache().merge(List.of(new ProviderResult.AuthRequired(Provider.ZAI, "none", T0)), T0);
        Instant later = T0.plusSeconds(60);
        cache().merge(List.of(new ProviderResult.Unavailable(Provider.ZAI, "no plan", "https://z.ai", later)), later);
        assertThat(cache().read().entries().get("zai").result().status()).isEqualTo(ProviderResult.Status.UNAVAILABLE);
        cache().merge(List.of(new ProviderResult.Unavailable(Provider.ZAI, "still no plan", "https://z.ai", later.plusSeconds(1))), later.plusSeconds(1));
        assertThat(((ProviderResult.Unavailable) cache().read().entries().get("zai").result()).message()).isEqualTo("still no plan");
    }

    @Test
    void aWorseResultReplacesAnEntryOlderThanThirtyMinutes() throws IOException {
        cache().merge(List.of(available(Provider.CLAUDE, T0)), T0);
        Instant later = T0.plus(Duration.ofMinutes(31));
        cache().merge(List.of(new ProviderResult.AuthRequired(Provider.CLAUDE, "revoked", later)), later);
        assertThat(cache().read().entries().get("claude").result().status()).isEqualTo(ProviderResult.Status.AUTH_REQUIRED);
    }

    @Test
    void otherProvidersEntriesStay() throws IOException {
        cache().merge(List.of(available(Provider.CLAUDE, T0)), T0);
        cache().merge(List.of(available(Provider.CODEX, T0)), T0);
        assertThat(cache().read().entries()).containsOnlyKeys("claude", "codex");
    }

    @Test
    void aProviderIsStaleThirtyMinutesAfterItWasLastAskedWhateverOthersWereAskedSince() throws IOException {
        assertThat(cache().read().stale(T0)).isTrue();
        cache().merge(List.of(available(Provider.CLAUDE, T0), available(Provider.CODEX, T0)), T0);
        assertThat(cache().read().stale(T0.plus(Duration.ofMinutes(29)))).isFalse();
        assertThat(cache().read().stale(T0.plus(Duration.ofMinutes(31)))).isTrue();
        // a fetch of claude alone, 20 minutes later, does not make codex look fresh
        Instant later = T0.plus(Duration.ofMinutes(20));
        cache().merge(List.of(new ProviderResult.NetworkError(Provider.CLAUDE, "down", later)), later);
        Instant t = T0.plus(Duration.ofMinutes(31));
        assertThat(cache().read().stale(t, List.of(Provider.CLAUDE))).isFalse();
        assertThat(cache().read().stale(t, List.of(Provider.CODEX))).isTrue();
        assertThat(cache().read().stale(t, List.of(Provider.CLAUDE, Provider.ZAI))).as("never asked").isTrue();
        // the worse answer did not replace claude's figures, which keep their age
        assertThat(cache().read().entries().get("claude").cachedAt()).isEqualTo(T0);
        assertThat(cache().read().freshUntil(List.of(Provider.CLAUDE, Provider.CODEX))).contains(T0.plus(Cache.STALE));
    }

    @Test
    void accountsAreEntriesOfTheirOwnAndTheAccountsOfAFetchReplaceThoseOfTheLast() throws IOException {
        ProviderResult octocat = available(Provider.GITHUB_COPILOT, T0).withAccount("octocat");
        ProviderResult monalisa = available(Provider.GITHUB_COPILOT, T0).withAccount("monalisa");
        ProviderResult hubot = available(Provider.GITHUB_COPILOT, T0).withAccount("hubot");
        cache().merge(List.of(octocat, monalisa, hubot, available(Provider.ZAI, T0)), T0);
        assertThat(cache().read().of(Provider.GITHUB_COPILOT)).extracting(e -> e.result().account())
                .containsExactly("octocat", "monalisa", "hubot");
        // a time-out of the whole provider keeps its accounts' fresh figures (and counts as asked)
        Instant later = T0.plus(Duration.ofMinutes(5));
        cache().merge(List.of(new ProviderResult.NetworkError(Provider.GITHUB_COPILOT, "no answer", later)), later);
        assertThat(cache().read().entries()).containsOnlyKeys("github-copilot:octocat", "github-copilot:monalisa",
                "github-copilot:hubot", "zai");
        assertThat(cache().read().of(Provider.GITHUB_COPILOT)).allSatisfy(e -> assertThat(e.checkedAt()).isEqualTo(later));
        // hubot logged out: its entry goes; octocat's worse answer does not replace his fresh figures
        cache().merge(List.of(new ProviderResult.AuthRequired(Provider.GITHUB_COPILOT, "refused", later).withAccount("octocat"),
                monalisa), later);
        assertThat(cache().read().entries()).containsOnlyKeys("github-copilot:octocat", "github-copilot:monalisa", "zai");
        assertThat(cache().read().entries().get("github-copilot:octocat").result().status()).isEqualTo(ProviderResult.Status.AVAILABLE);
        // one account left: the provider's own entry again
        cache().merge(List.of(available(Provider.GITHUB_COPILOT, later)), later);
        assertThat(cache().read().entries()).containsOnlyKeys("github-copilot", "zai");
    }

    @Test
    void aCorruptCacheIsIgnoredAndRebuilt() throws IOException {
        Path file = cache().file();
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"entries\":{\"claude\":{\"result\":{\"provider\":\"cla");
        assertThat(cache().read()).isEqualTo(Cache.Contents.EMPTY);
        cache().merge(List.of(available(Provider.KIMI, T0)), T0);
        assertThat(cache().read().entries()).containsOnlyKeys("kimi");
    }

    @Test
    void oneUnreadableEntryDoesNotLoseTheOthers() throws IOException {
        cache().merge(List.of(available(Provider.CLAUDE, T0), available(Provider.CODEX, T0)), T0);
        Path file = cache().file();
        Files.writeString(file, Files.readString(file).replace("\"provider\" : \"codex\"", "\"provider\" : \"nobody\""));
        assertThat(cache().read().entries()).containsOnlyKeys("claude");
    }

    @Test
    void writesLeaveNoTemporaryFilesBehind() throws IOException {
        for (int i = 0; i < 5; i++) {
            cache().merge(List.of(available(Provider.CLAUDE, T0.plusSeconds(i))), T0.plusSeconds(i));
        }
        try (var files = Files.list(cache().file().getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("cache.json", "cache.lock");
        }
    }

    @Test
    void aReaderNeverSeesATornFile() throws Exception {
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 200; i++) {
                try {
                    cache().merge(List.of(available(Provider.values()[i % 11], T0.plusSeconds(i))), T0.plusSeconds(i));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        AtomicInteger reads = new AtomicInteger();
        // reads the file as often as Awaitility polls until the writer is done; every read must parse whole
        await().atMost(Duration.ofSeconds(60)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).until(() -> {
            if (Files.exists(cache().file())) {
                assertThat(cache().read().refreshedAt()).isPresent();
                reads.incrementAndGet();
            }
            return writer.isDone();
        });
        writer.join(); // a failed write fails the test
        assertThat(reads).hasPositiveValue();
    }
}
