package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code quotas init bash|zsh}: the hook it prints runs in a real interactive bash and zsh (fed prompts on stdin), against
 * a line file the test writes, with a stand-in for the command it starts (a script that logs each start).
 */
class PromptHookTest {
    private static final String MARKER = "QP> ";
    private static final String LINE = "● claude 58/100 | cursor $7.66/$20.00 50% $(touch pwned) \\u `id`";

    @TempDir
    Path dir;

    @AfterEach
    void releaseTheStandIns() throws IOException {
        Files.writeString(dir.resolve("release"), ""); // a stand-in job still waiting ends (the temp dir is then removed)
    }

    @Test
    void anUnknownShellIsAUsageError() {
        Run run = quotas("init", "fish");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("quotas: init: unknown shell 'fish' (known: bash, zsh; other shells: put "
                + "$(quotas --statusline) in the prompt)\n");
        assertThat(run.out()).isEmpty();
        assertThat(quotas("init").err()).contains("init needs a shell: quotas init bash|zsh");
        assertThat(quotas("init", "bash", "--json").err()).contains("takes the statusline's options only");
        assertThat(quotas("init", "zsh", "--provider=chatgpt").err()).contains("unknown provider 'chatgpt'");
    }

    @Test
    void withoutALauncherTheHookStartsThisJvmsStatuslineWithTheSameOptions() {
        Run run = quotas("init", "bash", "--no-icons");
        assertThat(run.status()).isZero();
        assertThat(run.out()).contains("PROMPT_COMMAND=\"__quotas_prompt")
                .contains("__quotas_line_file='" + dir.resolve("cache/quotas/statusline-"))
                .contains("'" + SelfCommand.MAIN_CLASS + "' '--statusline' '--no-icons')");
        assertThat(SelfCommand.MAIN_CLASS).isEqualTo(Main.class.getName());
        assertThat(quotas("init", "zsh").out()).contains("add-zsh-hook precmd __quotas_prompt")
                .contains("typeset -g __quotas_line_file='" + dir.resolve("cache/quotas/statusline.txt") + "'");
    }

    @Test
    void theStatuslineWritesTheLineThePromptShowsAndWhenToAskAgain() throws Exception {
        Instant refreshed = Instant.parse("2026-11-23T12:00:00Z");
        Window w = new Window("5h", OptionalDouble.of(42), OptionalDouble.of(100), OptionalDouble.of(58), "percent", Optional.empty());
        new Cache(dir.resolve("cache/quotas/cache.json")).merge(List.of(new ProviderResult.Available(Provider.CLAUDE, "max", List.of(w),
                refreshed)), refreshed, Optional.of(new Cache.ConfigRecord("missing", List.of("claude"), List.of())));

        Run fresh = quotas(Clock.fixed(refreshed.plusSeconds(60), ZoneOffset.UTC), "--statusline", "--no-update-check");
        assertThat(fresh.out()).isEqualTo("● claude 58/100\n");
        assertThat(Files.readAllLines(dir.resolve("cache/quotas/statusline.txt")))
                .containsExactly(String.valueOf(refreshed.plus(Cache.STALE).getEpochSecond()), "● claude 58/100");

        // other options, another file; a stale cache: ask again in two minutes (the refresh it started will be done)
        Instant later = refreshed.plus(Duration.ofHours(1));
        Run stale = quotas(Clock.fixed(later, ZoneOffset.UTC), "--statusline", "--no-update-check", "--no-icons");
        assertThat(stale.out()).isEqualTo("claude 58/100 (1h ago)\n");
        Path other = PromptLine.file(Paths.of(environment()), StatuslineCommand.parse(new String[]{"--statusline", "--no-icons"}).orElseThrow());
        assertThat(other.getFileName().toString()).matches("statusline-[0-9a-f]{12}\\.txt");
        assertThat(Files.readAllLines(other)).containsExactly(String.valueOf(later.plus(Background.LOCK_TTL).getEpochSecond()),
                "claude 58/100 (1h ago)");
        assertThat(Files.readAllLines(dir.resolve("cache/quotas/statusline.txt"))).endsWith("● claude 58/100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aFreshLineIsShownWithBuiltinsOnlyAndStartsNothing(String shell) throws Exception {
        assumeShell(shell);
        Path line = writeLine(Instant.now().plus(Duration.ofHours(1)), LINE);
        // PATH holds only a java that logs: the prompt can run no program at all, let alone a JVM
        Path bin = Files.createDirectories(dir.resolve("empty-bin"));
        script(bin.resolve("java"), "echo java >> '" + dir.resolve("java.log") + "'\n");
        Shell s = shell(shell, bin.toString(), 20);

        assertThat(s.prompts()).hasSize(21).allSatisfy(p -> assertThat(p).isEqualTo(LINE));
        assertThat(s.errors()).doesNotContain("not found").doesNotContain("No such file");
        assertThat(dir.resolve("started.log")).doesNotExist();
        assertThat(dir.resolve("java.log")).doesNotExist();
        assertThat(dir.resolve("pwned")).doesNotExist();
        assertThat(dir.resolve("cache/quotas/prompt.lock")).doesNotExist();
        assertThat(line).exists();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aDueLineStartsExactlyOneBackgroundRefreshWhateverThePromptsInBetween(String shell) throws Exception {
        assumeShell(shell);
        writeLine(Instant.now().minusSeconds(5), "old line");
        Shell first = shell(shell, System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), 10);
        assertThat(first.prompts()).allSatisfy(p -> assertThat(p).isEqualTo("old line"));
        await().atMost(Duration.ofSeconds(20)).until(() -> Files.exists(dir.resolve("started.log")));
        Path lock = dir.resolve("cache/quotas/prompt.lock");
        assertThat(Files.readString(lock).trim()).matches("[0-9]{10}");
        // the job still runs: more prompts, in another shell, start nothing
        shell(shell, System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), 10);
        assertThat(Files.readAllLines(dir.resolve("started.log"))).containsExactly("--statusline");

        Files.writeString(dir.resolve("release"), "");
        await().atMost(Duration.ofSeconds(20)).until(() -> !Files.exists(lock));
        Shell after = shell(shell, System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), 5);
        assertThat(after.prompts()).allSatisfy(p -> assertThat(p).isEqualTo("fresh line"));
        assertThat(Files.readAllLines(dir.resolve("started.log"))).containsExactly("--statusline");
    }

    @ParameterizedTest
    @ValueSource(strings = {"bash", "zsh"})
    void aNewerCacheOrALeftOverLockFromADeadJobStartsARefresh(String shell) throws Exception {
        assumeShell(shell);
        Path line = writeLine(Instant.now().plus(Duration.ofHours(1)), "old line");
        Files.writeString(dir.resolve("release"), "");
        Path cache = dir.resolve("cache/quotas/cache.json");
        Files.writeString(cache, "{}");
        Files.setLastModifiedTime(line, FileTime.from(Instant.now().minusSeconds(60)));
        // a lock from a job that died ten minutes ago does not hold the refresh back
        Files.writeString(dir.resolve("cache/quotas/prompt.lock"), Instant.now().minusSeconds(600).getEpochSecond() + "\n");
        shell(shell, System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), 3);
        await().atMost(Duration.ofSeconds(20)).until(() -> Files.exists(dir.resolve("started.log"))
                && !Files.exists(dir.resolve("cache/quotas/prompt.lock")));
        assertThat(Files.readAllLines(dir.resolve("started.log"))).containsExactly("--statusline");
        assertThat(Files.readAllLines(line)).endsWith("fresh line");
    }

    // ---------------------------------------------------------------- helpers

    private record Run(int status, String out, String err) {
    }

    /** What an interactive shell printed: each prompt (the text before each command it read), and its stderr. */
    private record Shell(List<String> prompts, String errors) {
    }

    private Environment environment() {
        return Environment.of(Map.of("HOME", dir.toString(), "XDG_CACHE_HOME", dir.resolve("cache").toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString()));
    }

    private Run quotas(String... args) {
        return quotas(Clock.systemUTC(), args);
    }

    private Run quotas(Clock clock, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, environment(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), clock);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Path writeLine(Instant due, String text) throws IOException {
        Path line = dir.resolve("cache/quotas/statusline.txt");
        Files.createDirectories(line.getParent());
        Files.writeString(line, due.getEpochSecond() + "\n" + text + "\n");
        return line;
    }


    /**
     * Runs an interactive shell without rc files that evaluates the hook, then reads {@code prompts} empty commands.
     * The hook starts a stand-in that logs its arguments, waits for the file {@code release}, then writes a fresh line.
     */
    private Shell shell(String shell, String path, int prompts) throws Exception {
        Path fake = dir.resolve("fake-quotas");
        if (!Files.exists(fake)) { // not rewritten while a shell script runs it
            script(fake, "echo \"$*\" >> '" + dir.resolve("started.log") + "'\n"
                // waits for the test's release, at most 60 s: a failing test leaves no job behind
                + "i=0; while [ ! -e '" + dir.resolve("release") + "' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done\n"
                + "printf '%s\\nfresh line\\n' $(( $(date +%s) + 3600 )) > '" + dir.resolve("cache/quotas/statusline.txt") + "'\n");
        }
        StatuslineOptions options = StatuslineCommand.parse(new String[]{"--statusline"}).orElseThrow();
        Path hook = dir.resolve("hook." + shell);
        Files.writeString(hook, PromptInit.snippet(shell, Paths.of(environment()), options, List.of(fake.toString(), "--statusline")));
        StringBuilder input = new StringBuilder(shell.equals("zsh") ? "unsetopt prompt_cr prompt_sp\n" : "");
        input.append(shell.equals("bash") ? "PS1='" + MARKER + "'\n" : "PROMPT='" + MARKER + "'\n");
        input.append("source '").append(hook).append("'\n");
        input.append("\n".repeat(prompts));
        String program = location(shell).orElseThrow().toString();
        List<String> command = shell.equals("bash") ? List.of(program, "--norc", "--noprofile", "-i") : List.of(program, "-f", "-i");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(Map.of("HOME", dir.toString(), "PATH", path, "TERM", "dumb", "LANG", "C.UTF-8"));
        Path err = dir.resolve("shell.err");
        pb.redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        p.getOutputStream().write(input.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as(shell + " ended").isTrue();
        String errors = Files.readString(err, StandardCharsets.UTF_8);
        // an interactive shell reading a pipe prints each prompt but not the commands: what precedes each marker is
        // what the prompt showed before it; the last prompts + 1 are those after the hook was sourced
        String[] pieces = errors.replaceAll("\u001b\\[[0-9;?]*[A-Za-z]", "").split(Pattern.quote(MARKER), -1);
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < pieces.length - 1; i++) {
            String[] lines = pieces[i].split("[\r\n]");
            shown.add(lines.length == 0 ? "" : lines[lines.length - 1].strip());
        }
        assertThat(shown.size()).as("prompts shown:\n" + errors).isGreaterThan(prompts);
        return new Shell(shown.subList(shown.size() - prompts - 1, shown.size()), errors);
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        assertThat(file.toFile().setExecutable(true)).isTrue();
    }

    private static Optional<Path> location(String shell) {
        return Stream.of("/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin").map(d -> Path.of(d, shell))
                .filter(Files::isExecutable).findFirst();
    }

    private static void assumeShell(String shell) {
        boolean present = location(shell).isPresent();
        if (!present) {
            // ./kit test installs zsh (Debian package); on CI a missing shell is a failure, elsewhere a skip
            assertThat(System.getenv("CI")).as(shell + " is not installed (apt-get install " + shell + "; ./kit test installs it)")
                    .isNotEqualTo("true");
        }
        Assumptions.assumeTrue(present, shell + " is not installed");
    }
}
