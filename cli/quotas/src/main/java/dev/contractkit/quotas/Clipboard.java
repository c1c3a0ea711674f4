package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Environment;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Copies text to the system clipboard with the first tool that is there and works: {@code wl-copy} (Wayland),
 * {@code xclip}, {@code xsel} (X11), {@code pbcopy} (macOS). When none is there or none worked, the text goes to the
 * terminal as OSC 52, which reaches the clipboard only where the terminal allows it, and the message says so.
 * Inside tmux the text also goes to tmux's paste buffer. The message always says what happened.
 *
 * <pre>{@code
 * Clipboard.CopyReport o = Clipboard.copy("{...}", env);
 * o.message();   // "copied with xclip" / "no clipboard tool worked (xclip exited 1); sent by OSC 52 ..."
 * o.osc52();     // the escape sequence to write to the terminal, if any
 * }</pre>
 */
final class Clipboard {
    /** @param message what happened; @param osc52 the sequence the UI writes to the terminal, when needed */
    record CopyReport(String message, Optional<String> osc52) {
    }

    private record Tool(String name, String variable, List<String> args) {
    }

    private static final List<Tool> TOOLS = List.of(
            new Tool("wl-copy", "WAYLAND_DISPLAY", List.of()),
            new Tool("xclip", "DISPLAY", List.of("-selection", "clipboard")),
            new Tool("xsel", "DISPLAY", List.of("--clipboard", "--input")),
            new Tool("pbcopy", null, List.of()));

    private Clipboard() {
    }

    static CopyReport copy(String text, Environment env) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<String> failures = new ArrayList<>();
        String copied = null;
        for (Tool t : TOOLS) {
            if (t.variable() != null && env.get(t.variable()).isEmpty()) {
                continue; // xclip without an X display, wl-copy without Wayland: nothing to copy to
            }
            Optional<Path> exe = env.program(t.name());
            if (exe.isEmpty()) {
                continue;
            }
            List<String> command = new ArrayList<>(List.of(exe.get().toString()));
            command.addAll(t.args());
            Optional<String> failure = run(command, bytes);
            if (failure.isEmpty()) {
                copied = t.name();
                break;
            }
            failures.add(t.name() + " " + failure.get());
        }
        String tmux = "";
        if (env.get("TMUX").isPresent() && env.program("tmux").map(p -> run(List.of(p.toString(), "load-buffer", "-"), bytes).isEmpty())
                .orElse(false)) {
            tmux = " and to the tmux buffer";
        }
        if (copied != null) {
            return new CopyReport("copied with " + copied + tmux, Optional.empty());
        }
        String why = failures.isEmpty() ? "no clipboard tool found (wl-copy, xclip, xsel, pbcopy)"
                : "no clipboard tool worked (" + String.join(", ", failures) + ")";
        String osc52 = "\u001b]52;c;" + Base64.getEncoder().encodeToString(bytes) + "\u0007";
        return new CopyReport(why + "; sent by OSC 52, which works if the terminal allows it" + tmux,
                Optional.of(osc52));
    }

    /** @return empty when the command took the text, else why not */
    private static Optional<String> run(List<String> command, byte[] text) {
        try {
            Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(text);
            }
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroy();
                return Optional.of("did not finish within 3 s");
            }
            return p.exitValue() == 0 ? Optional.empty() : Optional.of("exited " + p.exitValue());
        } catch (IOException e) {
            return Optional.of("failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }
}
