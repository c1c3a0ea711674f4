package dev.contractkit.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code prompt} figures (run with {@code tools}): what the quotas statusline costs a shell prompt. An interactive
 * bash (and zsh, where installed) reads, from its standard input, empty commands, so it shows one prompt per line;
 * it notes {@code $EPOCHREALTIME} around {@value #PROMPTS} prompts without the hook (the baseline), then runs the line
 * README.md tells users to paste ({@code eval "$(./kit quotas init bash)"}, read from README.md itself, verbatim), then
 * notes the time around {@value #PROMPTS} prompts with it. Both in the same shell, {@value #ROUNDS} rounds, each a new
 * shell; figures are medians of the rounds, in ms per prompt. The cache line is fresh (written before the rounds and
 * checked unchanged after them): the hook's everyday path. For comparison, the prompt README.md used to recommend
 * ({@code PS1='$("$KIT_HOME"/kit quotas --statusline) \$ '}: ./kit, its JDK probe and a JVM on every prompt), over
 * {@value #OLD_PROMPTS} prompts.
 */
final class PromptCost {
    static final int ROUNDS = 5;
    static final int PROMPTS = 200;
    static final int OLD_PROMPTS = 5;
    private static final String OLD_PS1 = "KIT_HOME=\"$PWD\"; PS1='$(\"$KIT_HOME\"/kit quotas --statusline) \\$ '";

    private PromptCost() {
    }

    static ScenarioResult run(Path root) throws IOException, InterruptedException {
        List<String> readme = Files.readAllLines(root.resolve("README.md"));
        Path home = Files.createTempDirectory("kit-bench-prompt");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        env.put("XDG_CACHE_HOME", home.resolve("cache").toString());
        env.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        env.put("QUOTAS_UPDATE_URL", "http://127.0.0.1:9/maven-metadata.xml"); // the background update check fails at once
        env.put("LANG", "C.UTF-8");
        env.put("TERM", "dumb");
        // a fresh cache and line: no credentials here, so every provider is auth_required without a network call
        quotas(root, env, "--json", "--no-update-check");
        quotas(root, env, "--statusline", "--no-update-check");
        Path line = home.resolve("cache/quotas/statusline.txt");
        long written = Files.getLastModifiedTime(line).toMillis();

        List<Measured> measured = new ArrayList<>();
        for (String shell : List.of("bash", "zsh")) {
            Optional<Path> program = onPath(shell);
            String paste = readme.stream().map(String::strip)
                    .filter(l -> l.startsWith("eval \"$(./kit quotas init " + shell + ")\"")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("README.md has no line eval \"$(./kit quotas init " + shell + ")\""));
            if (program.isEmpty()) {
                say("bench: prompt: " + shell + " is not installed (./kit bench installs it from Debian's packages): no " + shell + " figures");
                continue;
            }
            double[] without = new double[ROUNDS];
            double[] with = new double[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                double[] t = session(root, env, program.get(), shell, paste, PROMPTS);
                without[i] = (t[1] - t[0]) * 1000 / (PROMPTS + 1);
                with[i] = (t[3] - t[2]) * 1000 / (PROMPTS + 1);
            }
            double base = Harness.median(without);
            measured.add(new Measured(shell + ", no hook (baseline)", Double.NaN, base, max(without), 0, -1, -1, List.of(), 1));
            measured.add(new Measured(shell + ", with `" + paste.replaceAll("\\s+#.*", "") + "`", Double.NaN,
                    Harness.median(with), max(with), 0, -1, -1, List.of(), Harness.median(with) / base));
        }
        if (Files.getLastModifiedTime(line).toMillis() != written || Files.exists(line.resolveSibling("prompt.lock"))) {
            throw new IllegalStateException("prompt: a prompt started a refresh of a fresh line; the figures would not be the everyday path");
        }
        Optional<Path> bash = onPath("bash");
        if (bash.isPresent()) {
            double[] old = new double[2];
            for (int i = 0; i < old.length; i++) {
                double[] t = session(root, env, bash.get(), "bash", OLD_PS1, OLD_PROMPTS);
                old[i] = (t[3] - t[2]) * 1000 / (OLD_PROMPTS + 1);
            }
            double base = measured.isEmpty() ? Double.NaN : measured.get(0).p50Ms();
            measured.add(new Measured("bash, the PS1 README.md recommended before (`$(./kit quotas --statusline)`)",
                    Double.NaN, Harness.median(old), max(old), 0, -1, -1, List.of(), Harness.median(old) / base));
        }
        return new ScenarioResult("prompt", "ms per prompt of an interactive shell, median of " + ROUNDS + " rounds of "
                + PROMPTS + " prompts (max column = slowest round); the cached line is fresh",
                "the same shell without the hook", "<= 5 ms per prompt with the hook", measured);
    }

    /** @return the shell's {@code EPOCHREALTIME} before and after the prompts without, then before and after with {@code paste} */
    private static double[] session(Path root, Map<String, String> env, Path program, String shell, String paste, int prompts)
            throws IOException, InterruptedException {
        String empty = "\n".repeat(prompts);
        String script = (shell.equals("zsh") ? "zmodload zsh/datetime\nPROMPT='%# '\n" : "PS1='\\$ '\n")
                + "t0=$EPOCHREALTIME\n" + empty + "t1=$EPOCHREALTIME\n"
                + paste + "\n"
                + "t2=$EPOCHREALTIME\n" + empty + "t3=$EPOCHREALTIME\n"
                + "echo \"times $t0 $t1 $t2 $t3\"\n";
        List<String> command = shell.equals("zsh") ? List.of(program.toString(), "-f", "-i")
                : List.of(program.toString(), "--norc", "--noprofile", "-i");
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().write(script.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("prompt: " + shell + " did not end within 300 s");
        }
        String times = out.lines().filter(l -> l.startsWith("times ")).findFirst()
                .orElseThrow(() -> new IllegalStateException("prompt: " + shell + " printed no times: " + out));
        return Arrays.stream(times.substring(6).trim().split(" ")).mapToDouble(Double::parseDouble).toArray();
    }

    private static void quotas(Path root, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", root.resolve("cli/quotas/target/quotas-0.1.0-SNAPSHOT.jar").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("prompt: quotas " + String.join(" ", args) + " failed");
        }
    }

    private static Optional<Path> onPath(String program) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")).filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, program)).filter(Files::isExecutable).findFirst();
    }

    private static void say(String line) {
        System.err.println(line);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }
}
