package dev.contractkit.quotas;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts quotas again as a detached background process ({@code --refresh-cache}, {@code --update-cache}) and does not
 * wait for it. A lock file per job keeps shell prompts from starting one per prompt: a job younger than two minutes
 * is not started again.
 */
final class Background {
    static final Duration LOCK_TTL = Duration.ofMinutes(2);

    private Background() {
    }

    /** @return true when the job was started */
    static boolean start(Path lock, List<String> args, java.util.Map<String, String> env, Instant now) {
        try {
            Files.createDirectories(lock.toAbsolutePath().getParent());
            if (Files.exists(lock) && Files.getLastModifiedTime(lock).toInstant().plus(LOCK_TTL).isAfter(now)) {
                return false;
            }
            Files.writeString(lock, Long.toString(ProcessHandle.current().pid()), StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            Files.setLastModifiedTime(lock, FileTime.from(now));
            List<String> command = new ArrayList<>();
            command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(Main.class.getName());
            command.addAll(args);
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().clear();
            builder.environment().putAll(env);
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start().getOutputStream().close();
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // a background job that cannot start must never break the prompt
        }
    }

    static void release(Path lock) {
        try {
            Files.deleteIfExists(lock);
        } catch (IOException ignored) {
            // it expires by itself
        }
    }
}
