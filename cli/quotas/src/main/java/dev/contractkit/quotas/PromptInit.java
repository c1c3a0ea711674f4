package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code quotas init bash|zsh [statusline options]}: prints the shell code of a prompt hook that shows the statusline
 * for free. The hook reads {@link PromptLine}'s file with the shell's builtins (no process, no JVM, no JDK probe);
 * when the line is due, or {@code cache.json} or the config is newer than it, it starts one detached
 * {@code quotas --statusline} with the same options, which writes a new line (and refreshes the cache in the
 * background when that is stale). The command it starts is {@code <launcher> quotas --statusline ...} when the
 * system property {@code quotas.launcher} names one ({@code ./kit} sets it to itself), else this JVM, class path
 * and main class.
 */
final class PromptInit {
    static final List<String> SHELLS = List.of("bash", "zsh");

    private PromptInit() {
    }

    /** @param args what follows {@code init}: the shell, then statusline options */
    static int run(String[] args, Environment env, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].startsWith("-")) {
            err.println("quotas: init needs a shell: quotas init bash|zsh [statusline options] (try --help)");
            return 2;
        }
        String shell = args[0];
        if (!SHELLS.contains(shell)) {
            err.println("quotas: init: unknown shell '" + shell + "' (known: " + String.join(", ", SHELLS)
                    + "; other shells: put $(quotas --statusline) in the prompt)");
            return 2;
        }
        List<String> options = List.of(args).subList(1, args.length);
        List<String> statusline = new ArrayList<>(List.of("--statusline"));
        statusline.addAll(options);
        Optional<StatuslineOptions> parsed = StatuslineCommand.parse(statusline.toArray(String[]::new));
        if (parsed.isEmpty()) {
            err.println("quotas: init " + shell + " takes the statusline's options only (--provider, --format, --no-icons,"
                    + " --no-update-check), got: " + String.join(" ", options) + " (try --help)");
            return 2;
        }
        if (parsed.get().providerIds().isPresent()) {
            try {
                ProviderIds.parse(parsed.get().providerIds().get());
            } catch (IllegalArgumentException e) {
                err.println("quotas: " + e.getMessage() + " (try --help)");
                return 2;
            }
        }
        String launcher = System.getProperty("quotas.launcher", "");
        List<String> command = new ArrayList<>();
        if (launcher.isBlank()) {
            command.addAll(SelfCommand.of(statusline));
        } else {
            command.add(launcher);
            command.add("quotas");
            command.addAll(statusline);
        }
        out.print(snippet(shell, Paths.of(env), parsed.get(), command));
        return 0;
    }

    /** @return the hook's shell code for {@code shell}, reading the line these options render, starting {@code command} */
    static String snippet(String shell, Paths paths, StatuslineOptions options, List<String> command) {
        return template(shell)
                .replace("@LINE_FILE@", quote(PromptLine.file(paths, options).toAbsolutePath().toString()))
                .replace("@DIR@", quote(paths.cache().toAbsolutePath().getParent().toString()))
                .replace("@CACHE@", quote(paths.cache().toAbsolutePath().toString()))
                .replace("@CONFIG@", quote(paths.config().toAbsolutePath().toString()))
                .replace("@COMMAND@", command.stream().map(PromptInit::quote).collect(Collectors.joining(" ")));
    }

    /** @return {@code value} as one word for bash and zsh: in single quotes, a quote inside as {@code '\''} */
    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    private static String template(String shell) {
        try (InputStream in = PromptInit.class.getResourceAsStream("prompt." + shell)) {
            if (in == null) {
                throw new IllegalStateException("prompt." + shell + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return true when {@code args} is an {@code init} call */
    static boolean isInit(String[] args) {
        return args.length > 0 && args[0].equals("init");
    }

    static String[] rest(String[] args) {
        return Arrays.copyOfRange(args, 1, args.length);
    }
}
