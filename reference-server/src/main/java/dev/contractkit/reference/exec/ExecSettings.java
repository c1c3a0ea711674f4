package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.ChildEnvironment;
import dev.contractkit.reference.platform.Settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The control plane's configuration ({@code KIT_EXEC_*}), read and checked in one place; the registry
 * ({@code platform/settings.tsv}) has each key's default and meaning. Everything that runs commands or touches files
 * is off by default. The {@code *-ms} keys are durations: {@code 500ms}, {@code 30s}, ISO 8601, or (as before) a
 * bare number of milliseconds.
 *
 * @param allowShell       {@code exec.allow-shell}: enables {@code os.shell}
 * @param allowedCommands  {@code exec.allowed-commands}: programs {@code cli.run} may start ({@code *} = any)
 * @param sandbox          {@code exec.sandbox-dir}: the only directory {@code os.file} and local commands use
 * @param allowRuntime     {@code exec.allow-runtime}: enables {@code runtime.*}
 * @param runtimeUrl       {@code exec.runtime-url} (or {@code EXEC_RUNTIME_URL}, read by {@link Settings}), else
 *                         http://127.0.0.1:18080
 * @param maxGraphTasks    {@code exec.max-graph-tasks} (256)
 * @param maxUnfinished    {@code exec.max-unfinished-tasks} (10000)
 * @param maxBodyBytes     {@code exec.max-body-bytes} (1 MiB)
 * @param defaultTimeoutMs {@code exec.default-timeout-ms} (60000)
 * @param pollMillis       {@code exec.poll-ms} (50): how often a waiting task or a runtime handle looks again
 * @param net              {@code exec.net-allow}: what {@code os.http}, {@code os.tcp}, {@code os.dns} may reach besides
 *                         public addresses (see {@link NetGuard})
 * @param netMaxBytes      {@code exec.net-max-bytes} (1 MiB): the most of an {@code os.http} response body read
 * @param netTimeoutMs     {@code exec.net-timeout-ms} (30000): connect and read time-out of the network actions (the
 *                         task's own time-out wins when shorter)
 * @param childEnv         {@code runtime.env-allow}: the environment of local commands (see {@link ChildEnvironment})
 * @param mcp              {@code exec.mcp-servers}: the MCP servers {@code mcp.call} may use (none: it is disabled)
 * @param backOff          {@code exec.retry-base-ms} (500), {@code exec.retry-max-ms} (30000): the wait before a retry
 * @param retentionMs      {@code exec.retention-ms} (604800000, 7 days): how long a finished task is kept after its last
 *                         change; 0 keeps finished tasks until they are deleted
 */
record ExecSettings(boolean allowShell, Set<String> allowedCommands, Optional<Path> sandbox, boolean allowRuntime,
                    String runtimeUrl, int maxGraphTasks, int maxUnfinished, int maxBodyBytes, long defaultTimeoutMs,
                    long pollMillis, NetGuard net, int netMaxBytes, long netTimeoutMs, ChildEnvironment childEnv,
                    McpServers mcp, BackOff backOff, long retentionMs) {

    static final String DEFAULT_RUNTIME_URL = "http://127.0.0.1:18080";

    static ExecSettings from(Settings s) {
        Optional<Path> sandbox = s.get("exec.sandbox-dir").map(p -> Path.of(p).toAbsolutePath().normalize());
        sandbox.ifPresent(p -> {
            try {
                Files.createDirectories(p);
            } catch (IOException e) {
                throw new IllegalArgumentException("setting KIT_EXEC_SANDBOX_DIR: cannot create " + p + ": " + e.getMessage());
            }
        });
        String runtime = s.get("exec.runtime-url").orElse(DEFAULT_RUNTIME_URL); // EXEC_RUNTIME_URL too (Settings)
        return new ExecSettings(s.flag("exec.allow-shell"), Set.copyOf(s.list("exec.allowed-commands")), sandbox,
                s.flag("exec.allow-runtime"), runtime.replaceAll("/+$", ""), atLeast(s, "exec.max-graph-tasks"),
                atLeast(s, "exec.max-unfinished-tasks"), atLeast(s, "exec.max-body-bytes"), millis(s, "exec.default-timeout-ms"),
                millis(s, "exec.poll-ms"), NetGuard.from(s), atLeast(s, "exec.net-max-bytes"),
                millis(s, "exec.net-timeout-ms"), ChildEnvironment.from(s), McpServers.parse(s.list("exec.mcp-servers")),
                new BackOff(millis(s, "exec.retry-base-ms"), millis(s, "exec.retry-max-ms")),
                s.duration("exec.retention-ms").toMillis());
    }

    private static int atLeast(Settings s, String key) {
        int v = s.integer(key);
        if (v < 1) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be 1 or more, was " + v);
        }
        return v;
    }

    /** @return a duration of a millisecond or more, in milliseconds */
    private static long millis(Settings s, String key) {
        long ms = s.duration(key).toMillis();
        if (ms < 1) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be a millisecond or more, was '"
                    + s.text(key) + "'");
        }
        return ms;
    }

    /** @return why the kind may not run here, or empty when it may */
    Optional<String> refusal(ActionKind kind) {
        return switch (kind) {
            case OS_SHELL -> allowShell ? Optional.empty()
                    : Optional.of("os.shell is disabled; set KIT_EXEC_ALLOW_SHELL=true to enable it");
            case CLI_RUN -> allowedCommands.isEmpty()
                    ? Optional.of("cli.run is disabled; list the programs it may run in KIT_EXEC_ALLOWED_COMMANDS")
                    : Optional.empty();
            case OS_FILE -> sandbox.isPresent() ? Optional.empty()
                    : Optional.of("os.file is disabled; set KIT_EXEC_SANDBOX_DIR to the directory it may use");
            case MCP_CALL -> mcp.isEmpty()
                    ? Optional.of("mcp.call is disabled; name the MCP servers it may call in KIT_EXEC_MCP_SERVERS")
                    : Optional.empty();
            case RUNTIME_COMMAND, RUNTIME_SCRIPT -> allowRuntime ? Optional.empty()
                    : Optional.of(kind.id() + " is disabled; set KIT_EXEC_ALLOW_RUNTIME=true to enable runtime actions");
            default -> Optional.empty();
        };
    }

    /** @return the kinds that may run */
    Set<ActionKind> enabledKinds() {
        Set<ActionKind> out = EnumSet.noneOf(ActionKind.class);
        for (ActionKind k : ActionKind.values()) {
            if (refusal(k).isEmpty()) {
                out.add(k);
            }
        }
        return out;
    }
}
