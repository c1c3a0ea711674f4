package dev.contractkit.quotas;

import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The terminal UI as a user sees it: quotas runs in a real tmux pane (its own tmux server), keys go in with
 * {@code send-keys}, the screen comes back with {@code capture-pane}. The providers are the kit's mocks.
 */
class TuiTmuxTest {
    private static final Duration STEADY = Duration.ofMillis(100);
    private static final String SOCKET = "quotas-test-" + ProcessHandle.current().pid();
    private static MockProviders mocks;
    /** The class path of the UI's JVM: target/classes as a jar, then the jars of this one. */
    private static String classPath;
    /**
     * A class-data archive shared by the UI's JVMs, made when the first one exits (as ./kit gives the statusline):
     * each start loads its classes from it, about 0.4 s sooner. It takes jars only.
     */
    @TempDir
    static Path archive;

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws IOException {
        // ./kit test installs tmux; where it is missing the test skips, except on CI, where that is a failure
        if (!tmuxInstalled()) {
            assertThat(System.getenv("CI")).as("tmux is not installed (apt-get install tmux; ./kit test installs it)")
                    .isNotEqualTo("true");
        }
        Assumptions.assumeTrue(tmuxInstalled(), "tmux is not installed");
        mocks = MockProviders.start();
        Path classes = Path.of("target", "classes").toAbsolutePath();
        Path jar = archive.resolve("quotas-classes.jar");
        try (var out = new JarOutputStream(Files.newOutputStream(jar)); var files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        classPath = Stream.concat(Stream.of(jar.toString()), Arrays.stream(System.getProperty("java.class.path")
                .split(File.pathSeparator)).filter(e -> e.endsWith(".jar"))).collect(Collectors.joining(File.pathSeparator));
    }

    @AfterAll
    static void stop() throws Exception {
        if (mocks != null) {
            mocks.close();
        }
        String socket = tmux("start-server", ";", "display-message", "-p", "#{socket_path}").trim();
        tmux("kill-server");
        if (socket.startsWith("/")) {
            Files.deleteIfExists(Path.of(socket)); // tmux leaves its socket file behind
        }
    }

    @AfterEach
    void resetMocks() throws Exception {
        mocks.reset();
        tmux("kill-session", "-t", "ui");
    }

    @Test
    void navigateOpenFavoriteHideCopyRefreshAndQuit() throws Exception {
        launch(120, 30);
        String list = await(s -> s.contains("Z.ai") && s.contains("GLM Coding Pro") && !s.contains("refreshing"));
        assertThat(selectedRow(list)).contains("Claude").contains("available").contains("5h 58/100 left");
        assertThat(list).contains("Enter open  R refresh  A auto-refresh  F favorite  C copy JSON  Q quit");

        keys("Down", "Down");
        assertThat(selectedRow(await(s -> selectedRow(s).contains("Cursor")))).contains("month $7.66/$20.00 left");

        keys("f");
        String starred = await(s -> s.contains("★ cursor is a favorite"));
        assertThat(rows(starred).get(1)).startsWith("> ★ Cursor");
        assertThat(config()).contains("cursor");

        keys("Down", "Enter");
        String card = await(s -> s.contains("┌ Claude (claude)"));
        assertThat(card).contains("layout: auto (normal)").contains("plan:   (not reported)").contains("42% used");
        assertThat(selectedRow(card)).contains("5h");
        assertThat(card).contains("Tab layout  ↑↓ quota  PgUp/PgDn scroll  F favorite  X hide  C copy  Esc back  Q quit");

        keys("Down", "Down", "x");
        String hidden = await(s -> s.contains("▸ opus/7d (hidden)"));
        assertThat(hidden).doesNotContain("7% used");
        assertThat(config()).contains("hidden").contains("opus/7d");

        keys("Up", "f");
        String favorite = await(s -> s.contains("★ 7d is a favorite"));
        assertThat(selectedRow(favorite)).contains("★ 7d");
        assertThat(rows(favorite).stream().filter(r -> r.contains("% used") || r.contains("(hidden)")).findFirst().orElseThrow())
                .contains("★ 7d");
        assertThat(config()).contains("favorites").contains("\"7d\"");

        // F and X again take it back: 7d returns to its place, opus/7d is shown again
        keys("f");
        String unstarred = await(s -> s.contains("7d is no longer a favorite"));
        assertThat(selectedRow(unstarred)).contains("7d").doesNotContain("★");
        assertThat(config()).contains("favorites = []");
        keys("Down", "x");
        String shown = await(s -> s.contains("opus/7d shown"));
        assertThat(shown).doesNotContain("(hidden)").contains("7% used");
        assertThat(config()).contains("hidden = []");
        keys("Down", "x");
        await(s -> s.contains("▸ sonnet/7d (hidden)"));
        keys("x");
        await(s -> s.contains("sonnet/7d shown"));
        keys("Home");

        keys("Tab");
        await(s -> s.contains("layout: normal"));
        keys("Tab");
        String compact = await(s -> s.contains("layout: compact"));
        assertThat(rows(compact).stream().filter(r -> r.contains(" 5h ")).findFirst().orElseThrow())
                .contains("[").contains("58/100 percent left").contains("resets in");
        keys("Tab");
        await(s -> s.contains("layout: auto"));

        keys("c");
        // no clipboard tool in this pane: OSC 52, and the message says it is up to the terminal
        await(s -> s.contains("claude JSON: no clipboard tool found (wl-copy, xclip, xsel, pbcopy); sent by OSC 52"));
        assertThat(tmux("show-buffer")).contains("\"provider\":\"claude\"").contains("\"status\":\"available\"");

        keys("Escape");
        await(s -> s.contains("Enter open") && !s.contains("┌ Claude"));
        mocks.outcome(Provider.CLAUDE, "inactive");
        keys("r");
        await(s -> selectedRow(s).contains("Claude") && selectedRow(s).contains("unavailable"));
        keys("Enter");
        String inactive = await(s -> s.contains("status: unavailable"));
        assertThat(inactive).contains("This account has no active Claude subscription")
                .contains("console: https://claude.ai/settings/usage");
        keys("Escape");
        await(s -> s.contains("Enter open") && !s.contains("status: unavailable"));
        keys("Up", "f");
        await(s -> s.contains("cursor is no longer a favorite"));
        assertThat(config()).contains("providers = []");
        assertThat(selectedRow(screen())).contains("Cursor").doesNotContain("★");
        keys("a");
        await(s -> s.contains("auto-refresh: off"));
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void hiddenQuotasAndTheThresholdsDecideTheColourAndAutoRefreshRefreshesByItself() throws Exception {
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[tui]\nauto_refresh_interval = 2\n[thresholds]\ngreen = 70\nyellow = 30\n"
                + "[quota_preferences.codex]\nhidden = [\"7d\"]\n");
        launch(120, 30);
        // codex's tightest quota (7d, 39 % left) is hidden: its 5h (77 % left) is summarised and decides the colour,
        // green from 70 %; cursor's 38 % is yellow (the auto-refresh every 2 s keeps each row's colour while it fetches)
        String list = await(s -> rows(s).stream().anyMatch(r -> r.contains("Codex") && r.contains("5h 77/100 left")));
        String coloured = tmux("capture-pane", "-p", "-e", "-t", "ui");
        assertThat(foreground(coloured, "Codex")).isEqualTo(32);
        assertThat(foreground(coloured, "Cursor")).isEqualTo(33);
        assertThat(list).contains("auto-refresh: on");
        // no key pressed: the UI refreshes by itself
        mocks.outcome(Provider.ZAI, "inactive");
        await(s -> rows(s).stream().anyMatch(r -> r.contains("Z.ai") && r.contains("unavailable")));
        keys("a");
        await(s -> s.contains("auto-refresh: off"));
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void aFreshCacheIsShownAsItIsUnlessRefreshOnStartIsSet() throws Exception {
        Map<String, String> env = mocks.environment(home);
        assertThat(Main.run(new String[]{"--json"}, Environment.of(env),
                new PrintStream(OutputStream.nullOutputStream()), System.err, Clock.systemUTC())).isZero();
        mocks.outcome(Provider.ZAI, "inactive");
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[tui]\nauto_refresh = false\nrefresh_on_start = false\n");

        launch(120, 30);
        String cached = await(s -> s.contains("Z.ai") && s.contains("auto-refresh: off"));
        assertThat(rows(cached).stream().filter(r -> r.contains("Z.ai")).findFirst().orElseThrow()).contains("available");
        assertThat(cached).doesNotContain("refreshing");
        keys("q");
        await(s -> s.contains("EXITED=0"));
        tmux("kill-session", "-t", "ui");

        Files.writeString(config, "[tui]\nauto_refresh = false\nrefresh_on_start = true\n");
        launch(120, 30);
        String refreshed = await(s -> rows(s).stream().anyMatch(r -> r.contains("Z.ai") && r.contains("unavailable")));
        assertThat(refreshed).contains("auto-refresh: off");
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void longFetchesShowProgress() throws Exception {
        for (Provider p : Provider.values()) {
            mocks.outcome(p, "delay=1000", "PUT");
        }
        launch(120, 30);
        // the first frame may be captured half-drawn: wait for the whole list
        String during = await(s -> s.contains("refreshing 0/11") && rows(s).stream().filter(r -> r.contains("fetching…")).count() == 11);
        assertThat(selectedRow(during)).contains("Claude").contains("fetching…");
        String after = await(s -> s.contains("GLM Coding Pro") && !s.contains("fetching…"));
        assertThat(after).doesNotContain("refreshing");
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void pageDownScrollsACardTallerThanTheTerminal() throws Exception {
        Path config = home.resolve("config/quotas/config.toml");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[tui]\nauto_refresh = \"often\"\n");
        launch(100, 10);
        String list = await(s -> s.contains("Claude") && s.contains("available") && s.contains("config: "));
        assertThat(list).contains("tui.auto_refresh must be true or false");
        keys("Enter");
        await(s -> s.contains("layout: auto (compact)"));
        keys("Tab");
        String top = await(s -> s.contains("layout: normal"));
        assertThat(top).contains("┌ Claude").doesNotContain("sonnet/7d");
        keys("NPage");
        String scrolled = await(s -> s.contains("sonnet/7d"));
        assertThat(scrolled).doesNotContain("┌ Claude");
        keys("PPage");
        await(s -> s.contains("┌ Claude"));
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void copyUsesTheSystemClipboardToolAndSaysWhichWorkedOrThatNoneDid() throws Exception {
        Path bin = home.resolve("bin");
        Files.createDirectories(bin);
        Path clip = home.resolve("clipboard.txt");
        Path xclip = bin.resolve("xclip");
        Files.writeString(xclip, "#!/bin/sh\n[ \"$*\" = '-selection clipboard' ] || exit 3\ncat > '" + clip + "'\n");
        xclip.toFile().setExecutable(true);
        launch(160, 20, Map.of("DISPLAY", ":99", "PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin")));
        await(s -> s.contains("GLM Coding Pro") && !s.contains("refreshing"));
        keys("c");
        await(s -> s.contains("claude JSON: copied with xclip and to the tmux buffer"));
        assertThat(Files.readString(clip)).startsWith("{\"provider\":\"claude\"").contains("\"status\":\"available\"");

        Files.writeString(xclip, "#!/bin/sh\ncat > /dev/null\nexit 1\n");
        keys("Down", "c");
        await(s -> s.contains("codex JSON: no clipboard tool worked (xclip exited 1); sent by OSC 52, which works if the terminal allows it"));
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void aShortPaneScrollsTheListUnderTheSelectionAndPagesByAScreenful() throws Exception {
        launch(80, 10);
        String top = await(s -> s.contains("Claude") && s.contains("available") && !s.contains("refreshing"));
        assertThat(rows(top).get(0)).contains("1-7/11");
        assertThat(top).doesNotContain("Z.ai");
        keys("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down");
        String bottom = await(s -> selectedRow(s).contains("Z.ai"));
        assertThat(rows(bottom).get(0)).contains("5-11/11");
        assertThat(bottom).doesNotContain("Claude").contains("OpenRouter");
        keys("PPage");
        assertThat(selectedRow(await(s -> selectedRow(s).contains("DeepSeek")))).startsWith("> ");
        keys("PPage");
        String back = await(s -> selectedRow(s).contains("Claude"));
        assertThat(rows(back).get(0)).contains("1-7/11");
        keys("NPage");
        await(s -> selectedRow(s).contains("MiniMax"));
        keys("End");
        await(s -> selectedRow(s).contains("Z.ai"));
        keys("Home");
        await(s -> selectedRow(s).contains("Claude"));

        // the card: the focused quota row (and its bar) stays on screen
        keys("Enter");
        await(s -> s.contains("layout: auto (compact)"));
        keys("Tab");
        await(s -> s.contains("layout: normal"));
        keys("Down", "Down", "Down");
        String last = await(s -> selectedRow(s).contains("sonnet/7d"));
        List<String> r = rows(last);
        int focused = r.indexOf(selectedRow(last));
        assertThat(r.get(focused + 1)).contains("[").contains("percent left");
        assertThat(last).doesNotContain("┌ Claude");
        keys("Up", "Up", "Up");
        assertThat(await(s -> selectedRow(s).contains(" 5h "))).contains("┌ Claude");
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void aTallPaneShowsEverythingAndPageDownGoesToTheLastProvider() throws Exception {
        launch(200, 50);
        String all = await(s -> s.contains("Z.ai") && s.contains("GLM Coding Pro") && !s.contains("refreshing"));
        assertThat(rows(all).get(0)).doesNotContain("/11");
        keys("NPage");
        String paged = await(s -> selectedRow(s).contains("Z.ai"));
        assertThat(paged).contains("Claude");
        keys("PPage");
        await(s -> selectedRow(s).contains("Claude"));
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void whyAProviderIsUnavailableIsShownInFullAndRowsAreColouredByHeadroom() throws Exception {
        mocks.outcome(Provider.CLAUDE, "inactive");
        Map<String, String> env = mocks.environment(home);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        assertThat(Main.run(new String[]{"--json", "--provider=claude"}, Environment.of(env),
                new PrintStream(json, true, StandardCharsets.UTF_8), System.err, Clock.systemUTC())).isZero();
        String message = JsonMapper.builder().build().readTree(json.toString(StandardCharsets.UTF_8))
                .at("/providers/0/message").asText();
        assertThat(message.length()).isGreaterThan(40);

        launch(44, 24);
        await(s -> s.contains("Z.ai") && !s.contains("refreshing"));
        // colours by headroom: codex has 39 % left (yellow), deepseek a balance (green), claude is unavailable (yellow);
        // the selected row (cursor) is reversed
        keys("Down", "Down");
        await(s -> selectedRow(s).contains("Cursor"));
        String coloured = tmux("capture-pane", "-p", "-e", "-t", "ui");
        assertThat(foreground(coloured, "Codex")).isEqualTo(33);
        assertThat(foreground(coloured, "DeepSeek")).isEqualTo(32);
        assertThat(foreground(coloured, "Claude")).isEqualTo(33);
        keys("Up", "Up", "Enter");
        String card = await(s -> s.contains("status: unavailable") && s.contains("console:"));
        List<String> r = rows(card);
        int from = r.stream().filter(l -> l.contains("status: unavailable")).findFirst().map(r::indexOf).orElseThrow() + 1;
        int to = r.stream().filter(l -> l.contains("console:")).findFirst().map(r::indexOf).orElseThrow();
        String shown = String.join(" ", r.subList(from, to).stream().map(String::strip).toList());
        assertThat(shown).isEqualTo(message);
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    /** @return the foreground colour (SGR 30-37, 39 default) in effect where {@code text} starts on a {@code capture-pane -e} screen */
    private static int foreground(String screen, String text) {
        int at = screen.indexOf(text);
        assertThat(at).as(text + " on screen").isNotNegative();
        Matcher m = Pattern.compile("\u001b\\[([0-9;]*)m").matcher(screen.substring(0, at));
        int fg = 39;
        while (m.find()) {
            for (String p : m.group(1).split(";")) {
                int code = p.isEmpty() ? 0 : Integer.parseInt(p);
                if (code == 0 || code == 39) {
                    fg = 39;
                } else if (code >= 30 && code <= 37) {
                    fg = code;
                }
            }
        }
        return fg;
    }

    // ---------------------------------------------------------------- tmux

    @Test
    void aProviderWithTwoAccountsHasARowForEachAndEachCardNamesItsAccount() throws Exception {
        // the GitHub CLI logged in as two users (XDG_CONFIG_HOME is home/config); no Copilot token variable
        Path gh = home.resolve("config/gh");
        Files.createDirectories(gh);
        Files.writeString(gh.resolve("hosts.yml"), "github.com:\n  users:\n    octocat:\n      oauth_token: gho_octo\n"
                + "    monalisa:\n      oauth_token: gho_mona\n  oauth_token: gho_mona\n  user: monalisa\n");
        launch(120, 30, Map.of("GITHUB_COPILOT_TOKEN", ""));
        String list = await(s -> s.contains("GitHub Copilot (octocat)") && !s.contains("refreshing"));
        List<String> copilot = rows(list).stream().filter(r -> r.contains("GitHub Copilot")).toList();
        assertThat(copilot).hasSize(2);
        assertThat(copilot.get(0)).contains("GitHub Copilot (monalisa)");
        assertThat(copilot).allSatisfy(r -> assertThat(r).contains("available").contains("premium_interactions 212/300 left"));
        keys("Down", "Down", "Down", "Down", "Down", "Down", "Enter");
        assertThat(await(s -> s.contains("┌ GitHub Copilot (github-copilot:octocat)"))).contains("plan:   individual");
    }

    private void launch(int width, int height) throws Exception {
        launch(width, height, Map.of());
    }

    private void launch(int width, int height, Map<String, String> extra) throws Exception {
        Map<String, String> env = new TreeMap<>(mocks.environment(home));
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("LANG", "C.UTF-8");
        env.put("TERM", "xterm-256color");
        env.putAll(extra);
        // no display of the machine running the test leaks in: a clipboard tool is used only where a test puts one
        StringBuilder script = new StringBuilder("#!/bin/bash\nunset DISPLAY WAYLAND_DISPLAY\n");
        env.forEach((k, v) -> script.append("export ").append(k).append("='").append(v.replace("'", "'\\''")).append("'\n"));
        script.append("'").append(Path.of(System.getProperty("java.home"), "bin", "java")).append("' -XX:SharedArchiveFile='")
                .append(archive.resolve("quotas.jsa")).append("' -XX:+AutoCreateSharedArchive -Xlog:cds=off -Xlog:cds+dynamic=off -cp '")
                .append(classPath).append("' ").append(Main.class.getName()).append("\n");
        script.append("echo EXITED=$?\nsleep 120\n");
        Path file = home.resolve("run-quotas.sh");
        Files.writeString(file, script.toString());
        tmux("new-session", "-d", "-s", "ui", "-x", String.valueOf(width), "-y", String.valueOf(height), "bash " + file);
        tmux("set-option", "-t", "ui", "status", "off");
    }

    /** Sends the keys one by one (the UI reads them in order; a test waits for what they do with {@link #await}). */
    private static void keys(String... keys) throws Exception {
        for (String k : keys) {
            tmux("send-keys", "-t", "ui", k);
        }
    }

    private static String screen() throws Exception {
        return tmux("capture-pane", "-p", "-t", "ui");
    }

    /**
     * Waits until the screen shows it in two captures in a row, 20 ms apart, that agree (a capture can catch a
     * half-drawn frame; the header line carries a spinner while fetching, so it is left out of the comparison).
     */
    private static String await(Predicate<String> ready) {
        String[] previous = {""};
        long[] since = {System.nanoTime()};
        try {
            // a screen counts once it has shown the same body for STEADY: a frame drawn in several writes can stall
            // half drawn for more than one poll on a busy machine (seen: the list's lower half still blank)
            return Awaitility.await().atMost(Duration.ofSeconds(30)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
                    .until(() -> {
                        String before = previous[0];
                        String now = screen();
                        previous[0] = now;
                        if (!body(now).equals(body(before))) {
                            since[0] = System.nanoTime();
                            return null;
                        }
                        return ready.test(now) && System.nanoTime() - since[0] >= STEADY.toNanos() ? now : null;
                    }, Objects::nonNull);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the screen never showed what was expected; last screen:\n" + previous[0], e);
        }
    }

    private static String body(String screen) {
        return screen.substring(screen.indexOf('\n') + 1);
    }

    private static List<String> rows(String screen) {
        return Arrays.asList(screen.split("\n"));
    }

    private static String selectedRow(String screen) {
        return rows(screen).stream().filter(r -> r.startsWith("> ")).findFirst().orElse("");
    }

    private String config() throws IOException {
        return Files.readString(home.resolve("config/quotas/config.toml"));
    }

    private static String tmux(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", SOCKET, "-f", "/dev/null"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private static boolean tmuxInstalled() {
        try {
            return new ProcessBuilder("tmux", "-V").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
