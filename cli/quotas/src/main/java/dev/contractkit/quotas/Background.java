package dev.contractkit.quotas;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Starts quotas again as a detached background process ({@code --refresh-cache}, {@code --update-cache}) and does not
 * wait for it. A lock file per job keeps shell prompts from starting one per prompt: a job younger than two minutes
 * is not started again. The lock holds the job's start in seconds since the epoch, as the shell prompt's hook
 * ({@link PromptInit}) writes it into {@code prompt.lock}.
 */
final class Background {
    static final Duration LOCK_TTL = Duration.ofMinutes(2);

    private Background() {
    }

    /** @return true when the job was started */
    static boolean start(Path lock, List<String> args, Map<String, String> env, Instant now) {
        try {
            Files.createDirectories(lock.toAbsolutePath().getParent());
            if (Files.exists(lock) && Files.getLastModifiedTime(lock).toInstant().plus(LOCK_TTL).isAfter(now)) {
                return false;
            }
            Files.writeString(lock, now.getEpochSecond() + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            Files.setLastModifiedTime(lock, FileTime.from(now));
            List<String> command = SelfCommand.of(args);
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
