package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * The line a shell prompt shows, kept for it by every {@code --statusline} run:
 * {@code $XDG_CACHE_HOME/quotas/statusline.txt} (default options) or {@code statusline-<hash of the options>.txt}.
 * Two lines: when the prompt should ask for a new one (seconds since the epoch), then the statusline itself. The
 * prompt hook ({@link PromptInit}) reads it with the shell's {@code read}: no process, no JVM.
 */
final class PromptLine {
    private PromptLine() {
    }

    /** @return the file of the statusline these options render */
    static Path file(Paths paths, StatuslineOptions o) {
        boolean defaults = o.format().equals(Statusline.DEFAULT_TEMPLATE) && o.icons() && o.providerIds().isEmpty()
                && o.thresholds().isEmpty();
        if (defaults) {
            return paths.cache().resolveSibling("statusline.txt");
        }
        String key = o.format() + '\0' + o.icons() + '\0' + o.providerIds().map(l -> String.join(",", l)).orElse("")
                + o.thresholds().map(t -> "\0" + t).orElse("");
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return paths.cache().resolveSibling("statusline-" + HexFormat.of().formatHex(digest, 0, 6) + ".txt");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * When the prompt should ask again: when one of the line's providers turns stale (30 minutes after it was last
     * asked); when one is stale already (a refresh was just started), in two minutes, so a refresh that fails is
     * retried at that pace (the refresh's own lock also lasts two minutes). A finished refresh is picked up sooner:
     * the hook also asks when {@code cache.json} or the config is newer than the line.
     */
    static Instant due(Cache.Contents cached, List<Provider> providers, Instant now) {
        return cached.stale(now, providers) ? now.plus(Background.LOCK_TTL)
                : cached.freshUntil(providers).orElse(now.plus(Background.LOCK_TTL));
    }

    /**
     * Writes it atomically (a prompt reads the old line or the new, never a torn one) but not forced to disk: after a
     * crash an empty file only makes the next prompt ask for a new line.
     */
    static void write(Path file, Instant due, String line) throws IOException {
        AtomicFiles.write(file, due.getEpochSecond() + "\n" + line.replace('\n', ' ').replace('\r', ' ') + "\n", false);
    }
}
