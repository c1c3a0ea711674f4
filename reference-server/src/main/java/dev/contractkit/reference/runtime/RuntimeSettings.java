package dev.contractkit.reference.runtime;

import dev.contractkit.reference.platform.ChildEnvironment;
import dev.contractkit.reference.platform.Settings;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The runtime service's settings, read and checked in one place; the registry ({@code platform/settings.tsv}) has
 * each key's default and meaning.
 *
 * @param workRoot       {@code runtime.work-root}, else {@code <data-dir>/runtime-work}: every working directory lies
 *                       inside it
 * @param capacity       {@code runtime.capacity}: processes at once
 * @param queueCapacity  {@code runtime.queue-capacity}: tasks that wait for a slot
 * @param retain         {@code runtime.retain}: finished tasks kept
 * @param maxOutputBytes {@code runtime.max-output-bytes}: captured bytes per stream
 * @param defaultTimeout {@code runtime.default-timeout-ms}: the time-out of a task that sets none
 * @param allowCommands  {@code runtime.allow-commands}: off, every task is refused with 403 {@code commands_disabled}
 * @param childEnv       {@code runtime.env-allow}: the environment a process inherits
 */
record RuntimeSettings(Path workRoot, int capacity, int queueCapacity, int retain, int maxOutputBytes,
                       Duration defaultTimeout, boolean allowCommands, ChildEnvironment childEnv) {
    static RuntimeSettings from(Settings s) {
        Path root = Path.of(s.get("runtime.work-root")
                .orElseGet(() -> Path.of(s.text("data-dir")).resolve("runtime-work").toString())).toAbsolutePath().normalize();
        return new RuntimeSettings(root, atLeast(s, "runtime.capacity", 1), atLeast(s, "runtime.queue-capacity", 0),
                atLeast(s, "runtime.retain", 0), atLeast(s, "runtime.max-output-bytes", 1),
                s.duration("runtime.default-timeout-ms"), s.flag("runtime.allow-commands"), ChildEnvironment.from(s));
    }

    private static int atLeast(Settings s, String key, int min) {
        int v = s.integer(key);
        if (v < min) {
            throw new IllegalArgumentException("setting " + Settings.envName(key) + " must be " + min + " or more, was " + v);
        }
        return v;
    }
}
