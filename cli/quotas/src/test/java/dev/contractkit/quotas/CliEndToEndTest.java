package dev.contractkit.quotas;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ResultJson;
import dev.contractkit.quotas.providers.VsCodeStateDb;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/** The CLI end to end against the eleven mock providers (real sockets): --json, --pretty, --provider, --statusline, ... */
class CliEndToEndTest {
    private static MockProviders mocks;

    @TempDir
    Path home;
    private Map<String, String> env;

    record Run(int status, String out, String err) {
        JsonNode json() throws IOException {
            return ResultJson.mapper().readTree(out);
        }

        JsonNode provider(String id) throws IOException {
            for (JsonNode p : json().path("providers")) {
                if (p.path("provider").asText().equals(id)) {
                    return p;
                }
            }
            throw new AssertionError(id + " not in " + out);
        }
    }

    @BeforeAll
    static void startMocks() {
        mocks = MockProviders.start();
    }

    @AfterAll
    static void stopMocks() {
        mocks.close();
    }

    @BeforeEach
    void environment() throws IOException {
        env = new HashMap<>(mocks.environment(home));
    }

    @AfterEach
    void resetMocks() {
        mocks.reset();
    }

    private Run quotas(String... args) {
        return quotasAt(Clock.systemUTC(), args);
    }

    private Run quotasAt(Clock clock, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, Environment.of(env), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), clock);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jsonReportsEveryProviderAvailableFromTheMocks() throws IOException {
        Run run = quotas("--json");
        assertThat(run.status()).isZero();
        assertThat(run.out().trim()).doesNotContain("\n");
        List<String> ids = new ArrayList<>();
        for (JsonNode p : run.json().path("providers")) {
            ids.add(p.path("provider").asText());
            assertThat(p.path("status").asText()).as(p.toString()).isEqualTo("available");
            assertThat(p.path("windows")).as(p.toString()).isNotEmpty();
        }
        assertThat(ids).containsExactly("claude", "codex", "cursor", "deepseek", "gemini", "github-copilot", "kimi",
                "minimax", "openrouter", "siliconflow", "zai");
        JsonNode fiveHours = run.provider("claude").path("windows").get(0);
        assertThat(fiveHours.path("label").asText()).isEqualTo("5h");
        assertThat(fiveHours.path("remaining").asInt()).isEqualTo(58);
        assertThat(fiveHours.path("resets_at").asText()).isEqualTo("2026-11-23T17:00:00Z");
        assertThat(run.provider("gemini").path("windows")).extracting(w -> w.path("label").asText())
                .containsExactly("gemini-2.5-pro/1d", "gemini-2.5-flash/1d");
    }

    @Test
    void favoritesReachTheJsonAndTheStatusline() throws IOException {
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[favorites]\nproviders = [\"zai\"]\n[quota_preferences.claude]\nfavorites = [\"opus/7d\"]\nhidden = [\"7d\"]\n");
        Run run = quotas("--json");
        JsonNode providers = run.json().path("providers");
        assertThat(providers.get(0).path("provider").asText()).isEqualTo("zai");
        assertThat(providers.get(0).path("favorite").asBoolean()).isTrue();
        assertThat(run.provider("codex").has("favorite")).isFalse();
        JsonNode claudeWindows = run.provider("claude").path("windows");
        assertThat(claudeWindows.get(0).path("label").asText()).isEqualTo("opus/7d");
        assertThat(claudeWindows.get(0).path("favorite").asBoolean()).isTrue();
        assertThat(claudeWindows).filteredOn(w -> w.path("label").asText().equals("7d")).singleElement()
                .satisfies(w -> assertThat(w.path("hidden").asBoolean()).isTrue());

        Run line = quotas("--statusline", "--no-icons", "--no-update-check", "--format=%provider %window");
        assertThat(line.out().trim()).startsWith("zai ").contains("| claude opus/7d | codex ");
    }

    @Test
    void prettyIndentsAndImpliesJson() throws IOException {
        Run run = quotas("--pretty", "--provider=zai");
        assertThat(run.out()).contains("\n  \"providers\" : [");
        assertThat(run.provider("zai").path("plan").asText()).isEqualTo("GLM Coding Pro");
    }

    @Test
    void providerFiltersTheJson() throws IOException {
        Run run = quotas("--json", "--provider=zai,claude");
        assertThat(run.json().path("providers")).extracting(p -> p.path("provider").asText()).containsExactly("claude", "zai");
    }

    @Test
    void anUnknownProviderIsAUsageError() {
        Run run = quotas("--json", "--provider=claude,chatgpt");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("unknown provider 'chatgpt' in --provider (known: claude, codex,");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void everyStatusCanBeProducedAndNoFailureHidesAnotherProvider() throws IOException {
        mocks.outcome(Provider.CLAUDE, "inactive");
        mocks.outcome(Provider.CODEX, "bad_credentials");
        mocks.outcome(Provider.CURSOR, "server_error");
        mocks.outcome(Provider.DEEPSEEK, "delay=3000", "PUT");
        mocks.outcome(Provider.MINIMAX, "inactive");
        Files.delete(home.resolve(".gemini/oauth_creds.json"));
        env.put("QUOTAS_TIMEOUT", "0.5");
        env.put("QUOTAS_SILICONFLOW_BASE_URL", "http://127.0.0.1:9");

        Run run = quotas("--json");

        assertThat(run.status()).isZero();
        JsonNode claude = run.provider("claude");
        assertThat(claude.path("status").asText()).isEqualTo("unavailable");
        assertThat(claude.path("console_url").asText()).isEqualTo("https://claude.ai/settings/usage");
        assertThat(claude.path("message").asText()).contains("no active Claude subscription");
        assertThat(run.provider("codex").path("status").asText()).isEqualTo("auth_required");
        assertThat(run.provider("codex").path("message").asText()).contains("401");
        assertThat(run.provider("cursor").path("status").asText()).isEqualTo("unavailable");
        assertThat(run.provider("deepseek").path("status").asText()).isEqualTo("network_error");
        assertThat(run.provider("deepseek").path("message").asText()).contains("within 0.5 s");
        assertThat(run.provider("gemini").path("status").asText()).isEqualTo("auth_required");
        assertThat(run.provider("gemini").path("message").asText()).contains("~/.gemini/oauth_creds.json").contains("$GEMINI_API_KEY");
        assertThat(run.provider("minimax").path("message").asText()).contains("coding plan not subscribed");
        assertThat(run.provider("siliconflow").path("status").asText()).isEqualTo("network_error");
        for (String stillFine : List.of("github-copilot", "kimi", "openrouter", "zai")) {
            assertThat(run.provider(stillFine).path("status").asText()).isEqualTo("available");
        }
    }

    @Test
    void kimiFallsBackToTheBalanceWithoutACodingPlan() throws IOException {
        mocks.outcome(Provider.KIMI, "no_plan");
        JsonNode kimi = quotas("--json", "--provider=kimi").provider("kimi");
        assertThat(kimi.path("status").asText()).isEqualTo("available");
        assertThat(kimi.path("plan").asText()).isEqualTo("pay-as-you-go");
        assertThat(kimi.path("windows").get(0).path("remaining").asDouble()).isEqualTo(49.58);
    }

    @Test
    void theStatuslineShowsTheCacheAndNeverTheNetwork() {
        assertThat(quotas("--json").status()).isZero();
        for (Provider p : Provider.values()) {
            env.put(p.envPrefix() + "_BASE_URL", "http://127.0.0.1:9");
        }
        Run run = quotas("--statusline", "--no-update-check");
        assertThat(run.status()).isZero();
        assertThat(run.out().trim()).startsWith("● claude 58/100 | ◐ codex 39/100 | ◐ cursor $7.66/$20.00 | ● deepseek 110/- | ")
                .endsWith(" | ● zai 2800/4000").contains(" | ● kimi 155/200 | ");
        assertThat(run.out().trim().split(" \\| ")).hasSize(11);
        assertThat(home.resolve("cache/quotas/refresh.lock")).as("a fresh cache starts no refresh").doesNotExist();
    }

    @Test
    void theStatuslineFollowsTheConfigAsRecordedByTheLastRefreshAndReparsesItWhenItChanges() throws IOException {
        quotas("--json");
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[providers]\nenabled = [\"zai\", \"kimi\"]\n");
        assertThat(quotas("--statusline", "--no-update-check", "--no-icons").out().trim()).isEqualTo("kimi 155/200 | zai 2800/4000");
        Files.writeString(config, "[providers]\nenabled = [\"zai\", \"kimi\"]\ndisabled = 3\n");
        Run broken = quotas("--statusline", "--no-update-check", "--no-icons");
        assertThat(broken.err()).contains("providers.disabled must be an array of strings");
        assertThat(broken.out().trim()).isEqualTo("kimi 155/200 | zai 2800/4000");
    }

    @Test
    void theStatuslineTakesProviderFormatAndNoIcons() {
        quotas("--json");
        Run run = quotas("--statusline", "--no-update-check", "--no-icons", "--provider=codex,claude",
                "--format=%provider %window %used/%limit");
        assertThat(run.out().trim()).isEqualTo("claude 5h 42/100 | codex 7d 61/100");
    }

    @Test
    void theStatuslineOnAnEmptyCacheIsEmptyAndRefreshesInTheBackground() throws Exception {
        Run run = quotas("--statusline", "--no-update-check");
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo(System.lineSeparator());
        Path cache = home.resolve("cache/quotas/cache.json");
        assertThat(home.resolve("cache/quotas/refresh.lock")).as("started before returning").exists();
        awaitFile(cache, text -> text.contains("\"zai\""));
        awaitGone(home.resolve("cache/quotas/refresh.lock"));
        assertThat(quotas("--statusline", "--no-update-check").out().split(" \\| ")).hasSize(11);
    }

    @Test
    void theStatuslineChecksForUpdatesInTheBackgroundWhenUpdateJsonIsADayOld() throws Exception {
        quotas("--json");
        Path update = home.resolve("cache/quotas/update.json");
        Files.writeString(update, "{\"checked_at\":\"2020-01-01T00:00:00Z\"}");
        quotas("--statusline", "--no-update-check");
        assertThat(home.resolve("cache/quotas/update.lock")).doesNotExist();
        quotas("--statusline");
        assertThat(home.resolve("cache/quotas/update.lock")).exists();
        awaitFile(update, text -> !text.contains("2020-01-01"));
        awaitGone(home.resolve("cache/quotas/update.lock"));
        assertThat(Files.readString(update)).contains("\"installed\"");
    }

    @Test
    void hiddenQuotasNeverDecideTheStatuslineFigureNorTheFailOver() throws IOException {
        quotas("--json");
        assertThat(quotas("--statusline", "--no-update-check", "--provider=codex").out().trim()).isEqualTo("◐ codex 39/100");
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[quota_preferences.codex]\nhidden = [\"7d\"]\n");
        // codex's 7d (61 % used) is hidden: its 5h (77 left) is the figure, green
        assertThat(quotas("--statusline", "--no-update-check", "--provider=codex").out().trim()).isEqualTo("● codex 77/100");
        assertThat(quotas("--json", "--provider=codex", "--fail-over", "60").status()).isZero();
    }

    @Test
    void vsCodesOwnGitHubLoginIsACopilotAccountAskedFromTheMock() throws Exception {
        VsCodeStateDb.requireSqlite3();
        env.remove("GITHUB_COPILOT_TOKEN");
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("sqlite3"), Environment.of(System.getenv()).program("sqlite3").orElseThrow());
        env.put("PATH", bin.toString());
        // VS Code signed in to GitHub as octocat with the basic password store (v10)
        VsCodeStateDb.write(home.resolve("config"), "Code", VsCodeStateDb.sealed("[" + VsCodeStateDb.session("octocat",
                "gho_vscode", "user:email") + "]", "v10", "peanuts", 1));
        JsonNode alone = quotas("--json", "--provider=github-copilot").provider("github-copilot");
        assertThat(alone.path("status").asText()).as(alone.toString()).isEqualTo("available");
        assertThat(alone.path("windows").get(0).path("label").asText()).isEqualTo("premium_interactions");
        // beside the GitHub CLI's monalisa: one row each, VS Code's first
        Files.createDirectories(home.resolve("config/gh"));
        Files.writeString(home.resolve("config/gh/hosts.yml"), "github.com:\n  oauth_token: gho_mona\n  user: monalisa\n");
        assertThat(quotas("--json", "--provider=github-copilot").json().path("providers"))
                .extracting(p -> p.path("account").asText() + "/" + p.path("status").asText())
                .containsExactly("octocat/available", "monalisa/available");
        // sealed with the keyring's key (v11) and no secret-tool: the GitHub CLI's account alone, then, without it, why
        VsCodeStateDb.write(home.resolve("config"), "Code", VsCodeStateDb.sealed("[" + VsCodeStateDb.session("octocat",
                "gho_vscode", "user:email") + "]", "v11", "from-the-keyring", 1));
        assertThat(quotas("--json", "--provider=github-copilot").provider("github-copilot").path("status").asText()).isEqualTo("available");
        Files.delete(home.resolve("config/gh/hosts.yml"));
        Run run = quotas("--json", "--provider=github-copilot");
        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        JsonNode refused = run.provider("github-copilot");
        assertThat(refused.path("status").asText()).isEqualTo("auth_required");
        assertThat(refused.path("message").asText()).contains("Code's GitHub login in").contains("(v11), and secret-tool is not"
                + " installed").endsWith("(nothing was sent)");
    }

    @Test
    void severalCopilotAccountsAreOneRowEachInTheJsonTheStatuslineAndTheFailOver() throws IOException {
        env.remove("GITHUB_COPILOT_TOKEN");
        // copilot.vim's login of octocat, and the GitHub CLI's two accounts (octocat again, and monalisa, active)
        Path config = home.resolve("config");
        Files.createDirectories(config.resolve("github-copilot"));
        Files.writeString(config.resolve("github-copilot/apps.json"),
                "{\"github.com:Iv1.b507a08c87ecfe98\":{\"user\":\"octocat\",\"oauth_token\":\"ghu_octo\"}}");
        Files.createDirectories(config.resolve("gh"));
        Files.writeString(config.resolve("gh/hosts.yml"), "github.com:\n  users:\n    octocat:\n      oauth_token: gho_octo\n"
                + "    monalisa:\n      oauth_token: gho_mona\n  oauth_token: gho_mona\n  user: monalisa\n");
        Files.createDirectories(config.resolve("quotas"));
        Files.writeString(config.resolve("quotas/config.toml"), "[favorites]\nproviders = [\"github-copilot\"]\n");
        Run run = quotas("--json", "--provider=github-copilot,zai", "--fail-over", "25");
        JsonNode providers = run.json().path("providers");
        assertThat(providers).extracting(p -> p.path("provider").asText() + "/" + p.path("account").asText("-"))
                .containsExactly("github-copilot/octocat", "github-copilot/monalisa", "zai/-");
        assertThat(providers.get(1).path("status").asText()).isEqualTo("available");
        assertThat(providers.get(1).path("favorite").asBoolean()).as("a favorite provider: each of its accounts").isTrue();
        // the mock's Pro plan has used 88 of 300 premium requests: each account is named
        assertThat(run.status()).isEqualTo(OverThreshold.EXIT_STATUS);
        assertThat(run.err().lines().filter(l -> l.contains("github-copilot"))).containsExactly(
                "quotas: github-copilot:octocat premium_interactions is 29% used (--fail-over 25)",
                "quotas: github-copilot:monalisa premium_interactions is 29% used (--fail-over 25)");
        assertThat(quotas("--statusline", "--no-update-check", "--no-icons", "--provider=github-copilot").out().trim())
                .isEqualTo("github-copilot:octocat 212/300 | github-copilot:monalisa 212/300");
        // hidden quotas are the provider's: hidden in every account, so neither fails over
        Files.writeString(config.resolve("quotas/config.toml"), "[quota_preferences.github-copilot]\nhidden = [\"premium_interactions\"]\n");
        Run hidden = quotas("--json", "--provider=github-copilot", "--fail-over", "25");
        assertThat(hidden.status()).isZero();
        assertThat(hidden.json().path("providers")).allSatisfy(p -> assertThat(p.path("windows").get(0).path("hidden").asBoolean()).isTrue());
        // monalisa logs out of both: one account is left, the provider's row again, and the cache forgets the others
        Files.delete(config.resolve("github-copilot/apps.json"));
        Files.writeString(config.resolve("gh/hosts.yml"), "github.com:\n  users:\n    octocat:\n      oauth_token: gho_octo\n"
                + "  oauth_token: gho_octo\n  user: octocat\n");
        assertThat(quotas("--json", "--provider=github-copilot").provider("github-copilot").has("account")).isFalse();
        assertThat(new Cache(home.resolve("cache/quotas/cache.json")).read().entries()).containsOnlyKeys("github-copilot", "zai");
    }

    @Test
    void failOverExitsThreeWhenAQuotaIsAtLeastThatMuchUsed() {
        Run over = quotas("--json", "--provider=codex,claude", "--fail-over", "60");
        assertThat(over.status()).isEqualTo(3);
        assertThat(over.err().trim()).isEqualTo("quotas: codex 7d is 61% used (--fail-over 60)");
        assertThat(over.out()).contains("\"provider\":\"codex\"");
        assertThat(quotas("--json", "--provider=codex,claude", "--fail-over=62").status()).isZero();
        Run line = quotas("--statusline", "--no-update-check", "--provider=codex", "--fail-over", "60");
        assertThat(line.status()).isEqualTo(3);
        assertThat(line.out().trim()).isEqualTo("◐ codex 39/100");
        assertThat(quotas("--statusline", "--no-update-check", "--provider=claude", "--fail-over", "60").status()).isZero();
        assertThat(quotas("--json", "--fail-over", "101").status()).isEqualTo(2);
        assertThat(quotas("--fail-over", "90").err()).contains("--fail-over applies to --json and --statusline");
    }

    @Test
    void colourThresholdsComeFromTheConfigAndTheFlagWins() throws IOException {
        quotas("--json");
        String[] line = {"--statusline", "--no-update-check", "--provider=claude,codex", "--format=%provider"};
        assertThat(quotas(line).out().trim()).isEqualTo("● claude | ◐ codex");
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[thresholds]\ngreen = 90\nyellow = 50\n");
        assertThat(quotas(line).out().trim()).isEqualTo("◐ claude | ○ codex");
        List<String> flagged = new ArrayList<>(List.of(line));
        flagged.add("--thresholds=30,10");
        assertThat(quotas(flagged.toArray(String[]::new)).out().trim()).isEqualTo("● claude | ● codex");
        Run bad = quotas("--statusline", "--thresholds=10,30");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("the yellow threshold (30) is above the green one (10)");
        Files.writeString(config, "[thresholds]\ngreen = 20\nyellow = 50\n");
        Run broken = quotas(line);
        assertThat(broken.err()).contains("thresholds: the yellow threshold (50) is above the green one (20); using the defaults (50,20)");
        assertThat(broken.out().trim()).isEqualTo("● claude | ◐ codex");
    }

    @Test
    void eachProviderHasItsOwnClockAndTheBackgroundRefreshKeepsToTheStatuslinesProviders() throws Exception {
        Clock anHourAgo = Clock.offset(Clock.systemUTC(), Duration.ofHours(-1));
        assertThat(quotasAt(anHourAgo, "--json").status()).isZero();
        quotas("--json", "--provider=claude");
        // claude was just asked; the others an hour ago: their figures say how old they are
        Run fresh = quotas("--statusline", "--no-update-check", "--provider=claude,codex");
        assertThat(fresh.out().trim()).isEqualTo("● claude 58/100 | ◐ codex 39/100 (1h ago)");
        assertThat(home.resolve("cache/quotas/refresh.lock")).as("codex is stale: a refresh started").exists();
        awaitGone(home.resolve("cache/quotas/refresh.lock"));
        JsonNode cache = ResultJson.mapper().readTree(home.resolve("cache/quotas/cache.json").toFile()).path("entries");
        Instant recent = Instant.now().minus(Duration.ofMinutes(5));
        assertThat(Instant.parse(cache.path("codex").path("checked_at").asText())).isAfter(recent);
        // the background refresh asked only the statusline's providers
        assertThat(Instant.parse(cache.path("zai").path("checked_at").asText())).isBefore(recent);
        assertThat(quotas("--statusline", "--no-update-check", "--provider=claude,codex").out().trim())
                .isEqualTo("● claude 58/100 | ◐ codex 39/100");
        assertThat(quotas("--statusline", "--no-update-check", "--provider=zai", "--no-icons").out().trim())
                .isEqualTo("zai 2800/4000 (1h ago)");
    }

    private static void awaitFile(Path file, Predicate<String> ready) {
        Awaitility.await(file + " ready").atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
                .until(() -> Files.exists(file) && ready.test(Files.readString(file)));
    }

    private static void awaitGone(Path file) {
        Awaitility.await(file + " gone").atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20)).until(() -> !Files.exists(file));
    }

    @Test
    void statuslineOptionsOutsideTheStatuslineAreUsageErrors() {
        assertThat(quotas("--json", "--no-icons").status()).isEqualTo(2);
        assertThat(quotas("--format=%provider").err()).contains("--format applies to --statusline only");
        assertThat(quotas("--statusline", "--json").status()).isEqualTo(2);
        assertThat(quotas("--nonsense").err()).contains("Unknown option: '--nonsense'").contains("try --help");
    }

    @Test
    void versionPrintsTheInstalledVersion() {
        Run run = quotas("--version");
        assertThat(run.out().trim()).isEqualTo("quotas " + ToolVersion.installed());
        assertThat(ToolVersion.installed()).matches("\\d+\\.\\d+\\.\\d+.*");
    }

    @Test
    void checkUpdateComparesWithTheNewestRelease() throws IOException {
        HttpServer central = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        central.createContext("/new/maven-metadata.xml", x -> answer(x, 200,
                "<metadata><versioning><latest>9.9.9</latest><release>9.9.9</release></versioning></metadata>"));
        central.createContext("/old/maven-metadata.xml", x -> answer(x, 200,
                "<metadata><versioning><versions><version>0.0.1</version><version>0.0.9</version></versions></versioning></metadata>"));
        central.start();
        try {
            String base = "http://127.0.0.1:" + central.getAddress().getPort();
            env.put("QUOTAS_UPDATE_URL", base + "/new/maven-metadata.xml");
            Run newer = quotas("--check-update");
            assertThat(newer.status()).isZero();
            assertThat(newer.out()).contains("version 9.9.9 is available");
            assertThat(Files.readString(home.resolve("cache/quotas/update.json"))).contains("\"latest\" : \"9.9.9\"");
            env.put("QUOTAS_UPDATE_URL", base + "/old/maven-metadata.xml");
            assertThat(quotas("--check-update").out()).contains("is up to date (newest release: 0.0.9)");
            env.put("QUOTAS_UPDATE_URL", base + "/missing/maven-metadata.xml");
            assertThat(quotas("--check-update").out()).contains("no release of dev.contractkit:quotas is published there yet");
        } finally {
            central.stop(0);
        }
    }

    @Test
    void withoutARepositoryTheUpdateCheckSaysWhereTheKitIsReleasedAndAsksNoOne() throws IOException {
        env.remove("QUOTAS_UPDATE_URL");
        Run run = quotas("--check-update");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("could not check for updates: quotas is not published to a package registry")
                .contains("./kit publish DIR").contains("QUOTAS_UPDATE_URL");
        quotas("--json");
        Path update = home.resolve("cache/quotas/update.json");
        Files.writeString(update, "{\"checked_at\":\"2020-01-01T00:00:00Z\"}");
        quotas("--statusline");
        assertThat(home.resolve("cache/quotas/update.lock")).as("no background check without a repository").doesNotExist();

        // a repository directory as ./kit publish makes it
        Path repo = home.resolve("repo");
        Files.createDirectories(repo.resolve("dev/contractkit/quotas"));
        Files.writeString(repo.resolve("dev/contractkit/quotas/maven-metadata.xml"),
                "<metadata><versioning><release>9.9.9</release></versioning></metadata>");
        env.put("QUOTAS_UPDATE_URL", repo.toUri().toString());
        assertThat(quotas("--check-update").out()).contains("version 9.9.9 is available (dev.contractkit:quotas in file:");
    }

    @Test
    void checkUpdateOfflineSaysSoAndExitsCleanly() {
        env.put("QUOTAS_UPDATE_URL", "http://127.0.0.1:9/maven-metadata.xml");
        Run run = quotas("--check-update");
        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("quotas " + ToolVersion.installed() + ": could not check for updates: cannot reach 127.0.0.1");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void aBrokenConfigIsNamedAndTheToolRunsOnDefaults() throws IOException {
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[providers]\nenabled = \"claude\"\n");
        Run run = quotas("--json");
        assertThat(run.status()).isZero();
        assertThat(run.err()).contains("quotas: config: ").contains("providers.enabled must be an array of strings");
        assertThat(run.json().path("providers")).hasSize(11);
    }

    @Test
    void theConfigChoosesProvidersAndBaseUrls() throws IOException {
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[providers]\nenabled = [\"*\"]\ndisabled = [\"claude\", \"codex\", \"cursor\", \"deepseek\","
                + " \"gemini\", \"github-copilot\", \"kimi\", \"minimax\", \"openrouter\"]\n[base_urls]\nzai = \""
                + mocks.url(Provider.ZAI) + "\"\n");
        env.remove("QUOTAS_ZAI_BASE_URL");
        Run run = quotas("--json");
        assertThat(run.json().path("providers")).extracting(p -> p.path("provider").asText()).containsExactly("siliconflow", "zai");
        assertThat(run.provider("zai").path("status").asText()).isEqualTo("available");
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, bytes.length);
        x.getResponseBody().write(bytes);
        x.close();
    }
}
