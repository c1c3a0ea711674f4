package dev.contractkit.quotas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.quotas.providers.ResultJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code $XDG_CACHE_HOME/quotas/update.json}: {@code {"checked_at": ..., "installed": "0.1.0", "latest": "0.2.0"}}
 * ({@code latest} absent when the repository could not be asked, has no release or none is configured). No HTTP here: the statusline
 * reads it to decide whether a background check is due.
 *
 * @param checkedAt when the last check ran
 * @param latest    the newest release it found
 */
record UpdateCache(Instant checkedAt, Optional<String> latest) {
    static final Duration STALE = Duration.ofHours(24);

    static Optional<UpdateCache> read(Path file) {
        try {
            JsonNode n = ResultJson.parse(Files.readString(file));
            return Optional.of(new UpdateCache(Instant.parse(n.path("checked_at").asText()),
                    Optional.ofNullable(n.path("latest").textValue())));
        } catch (IOException | RuntimeException missingOrCorrupt) {
            return Optional.empty();
        }
    }

    static boolean due(Path file, Instant now) {
        return read(file).map(u -> u.checkedAt().plus(STALE).isBefore(now)).orElse(true);
    }

    void write(Path file) throws IOException {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("checked_at", checkedAt.toString()).put("installed", ToolVersion.installed());
        latest.ifPresent(l -> n.put("latest", l));
        AtomicFiles.write(file, n.toPrettyString());
    }

    /** @return the newer release, when the check found one */
    Optional<String> newer() {
        return latest.filter(l -> ToolVersion.compare(l, ToolVersion.installed()) > 0);
    }
}
