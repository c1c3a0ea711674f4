package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The terminal UI as a user sees it: quotas runs in a real tmux pane (its own tmux server), keys go in with
 * {@code send-keys}, the screen comes back with {@code capture-pane}. The providers are the kit's mocks.
 */
class TuiTmuxTest {
    private static final String SOCKET = "quotas-test-" + ProcessHandle.current().pid();
    private static MockProviders mocks;

    @TempDir
    Path home;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(tmuxInstalled(), "tmux is not installed");
        mocks = MockProviders.start();
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
        assertThat(selectedRow(await(s -> selectedRow(s).contains("Cursor")))).contains("month 766/2000 left");

        keys("f");
        String starred = await(s -> s.contains("★ cursor is a favorite"));
        assertThat(rows(starred).get(1)).startsWith("> ★ Cursor");
        assertThat(config()).contains("cursor");

        keys("Down", "Enter");
        String card = await(s -> s.contains("┌ Claude (claude)"));
        assertThat(card).contains("layout: auto (normal)").contains("plan:   subscription").contains("42% used");
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
        assertThat(config()).contains("favorites").contains("'7d'");

        keys("Tab");
        await(s -> s.contains("layout: normal"));
        keys("Tab");
        String compact = await(s -> s.contains("layout: compact"));
        assertThat(rows(compact).stream().filter(r -> r.contains(" 5h ")).findFirst().orElseThrow())
                .contains("[").contains("58/100 percent left").contains("resets in");
        keys("Tab");
        await(s -> s.contains("layout: auto"));

        keys("c");
        await(s -> s.contains("copied claude JSON"));
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

        keys("a");
        await(s -> s.contains("auto-refresh: off"));
        keys("q");
        await(s -> s.contains("EXITED=0"));
    }

    @Test
    void aFreshCacheIsShownAsItIsUnlessRefreshOnStartIsSet() throws Exception {
        Map<String, String> env = mocks.environment(home);
        assertThat(Main.run(new String[]{"--json"}, dev.contractkit.quotas.providers.Environment.of(env),
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), System.err, java.time.Clock.systemUTC())).isZero();
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
            mocks.outcome(p, "delay=2500", "PUT");
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
        String list = await(s -> s.contains("Claude") && s.contains("available"));
        assertThat(list).contains("config: ").contains("tui.auto_refresh must be true or false");
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

    // ---------------------------------------------------------------- tmux

    private void launch(int width, int height) throws Exception {
        Map<String, String> env = new java.util.TreeMap<>(mocks.environment(home));
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("LANG", "C.UTF-8");
        env.put("TERM", "xterm-256color");
        StringBuilder script = new StringBuilder("#!/bin/bash\n");
        env.forEach((k, v) -> script.append("export ").append(k).append("='").append(v.replace("'", "'\\''")).append("'\n"));
        script.append("'").append(Path.of(System.getProperty("java.home"), "bin", "java")).append("' -cp '")
                .append(System.getProperty("java.class.path")).append("' ").append(Main.class.getName()).append("\n");
        script.append("echo EXITED=$?\nsleep 120\n");
        Path file = home.resolve("run-quotas.sh");
        Files.writeString(file, script.toString());
        tmux("new-session", "-d", "-s", "ui", "-x", String.valueOf(width), "-y", String.valueOf(height), "bash " + file);
        tmux("set-option", "-t", "ui", "status", "off");
    }

    private static void keys(String... keys) throws Exception {
        for (String k : keys) {
            tmux("send-keys", "-t", "ui", k);
            Thread.sleep(60); // one key per screen update, like a person typing
        }
    }

    private static String screen() throws Exception {
        return tmux("capture-pane", "-p", "-t", "ui");
    }

    /** Waits until the screen shows it and still shows it a moment later (a capture can catch a half-drawn frame). */
    private static String await(Predicate<String> ready) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        String s = "";
        while (System.nanoTime() < deadline) {
            s = screen();
            if (ready.test(s)) {
                Thread.sleep(200);
                String settled = screen();
                // the header line carries a spinner while fetching: compare the rest
                if (ready.test(settled) && settled.substring(settled.indexOf('\n') + 1).equals(s.substring(s.indexOf('\n') + 1))) {
                    return settled;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the screen never showed what was expected; last screen:\n" + s);
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
