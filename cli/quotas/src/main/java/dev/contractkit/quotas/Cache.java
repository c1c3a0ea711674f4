package dev.contractkit.quotas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.quotas.providers.Provider;
import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.ResultJson;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code $XDG_CACHE_HOME/quotas/cache.json}: {@code {"refreshed_at": ..., "entries": {"<provider>": {"result": {...},
 * "cached_at": ...}}}}; a provider with several accounts has one entry per account, {@code "<provider>:<account>"}
 * ({@link ProviderResult#key()}). Written atomically under a lock; a file that cannot be read is treated as empty and
 * rebuilt by the next write. A new result replaces a cached one only when its status is at least as good
 * (available > unavailable > auth_required > network_error), or when the cached one is older than
 * {@link #STALE}: a short outage never hides known quotas, and a revoked key does not show old quotas forever.
 */
final class Cache {
    static final Duration STALE = Duration.ofMinutes(30);

    /**
     * @param result    the cached result
     * @param cachedAt  when it was stored (the age of the figures it shows)
     * @param checkedAt when this provider was last asked, whatever it answered: each provider has its own 30-minute
     *                  clock, so a fetch of some providers does not make the others look fresh
     */
    record Entry(ProviderResult result, Instant cachedAt, Instant checkedAt) {
        Entry(ProviderResult result, Instant cachedAt) {
            this(result, cachedAt, cachedAt);
        }
    }

    /**
     * What the last refresh knew of the config, so the statusline need not parse it while it is unchanged.
     *
     * @param stamp    the config file's modification time and size ({@code missing} when there is none)
     * @param enabled  the enabled provider ids
     * @param problems the config's problems
     * @param favorites the favorite provider ids (they come first in the statusline)
     * @param quotaFavorites per provider id, its favorite quota labels (the statusline shows the first one)
     * @param quotaHidden    per provider id, its hidden quota labels (never the statusline's figure)
     * @param thresholds     the colour thresholds ({@code [thresholds]})
     */
    record ConfigRecord(String stamp, List<String> enabled, List<String> problems, List<String> favorites,
                        Map<String, List<String>> quotaFavorites, Map<String, List<String>> quotaHidden,
                        Thresholds thresholds) {
        ConfigRecord {
            favorites = List.copyOf(favorites);
            quotaFavorites = Map.copyOf(quotaFavorites);
            quotaHidden = Map.copyOf(quotaHidden);
        }

        ConfigRecord(String stamp, List<String> enabled, List<String> problems, List<String> favorites,
                     Map<String, List<String>> quotaFavorites) {
            this(stamp, enabled, problems, favorites, quotaFavorites, Map.of(), Thresholds.DEFAULT);
        }

        ConfigRecord(String stamp, List<String> enabled, List<String> problems) {
            this(stamp, enabled, problems, List.of(), Map.of());
        }
    }

    /**
     * @param entries     per {@link ProviderResult#key()}: per provider, or per account of a provider with several
     * @param refreshedAt when the last refresh finished, if ever
     * @param config      the config as of that refresh
     */
    record Contents(Map<String, Entry> entries, Optional<Instant> refreshedAt, Optional<ConfigRecord> config) {
        static final Contents EMPTY = new Contents(Map.of(), Optional.empty(), Optional.empty());

        Contents {
            entries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }

        /** @return the provider's entries: one, or one per account in the order they were found; empty when none */
        List<Entry> of(Provider p) {
            return entries.values().stream().filter(e -> e.result().provider() == p).toList();
        }

        /** @return the providers that have an entry */
        List<Provider> providers() {
            return entries.values().stream().map(e -> e.result().provider()).distinct().sorted().toList();
        }

        /** @return true when nothing is cached or a cached provider was not asked in the last 30 minutes */
        boolean stale(Instant now) {
            return entries.isEmpty() || stale(now, providers());
        }

        /** @return true when one of these providers has no entry or was not asked in the last 30 minutes */
        boolean stale(Instant now, List<Provider> providers) {
            return providers.stream().anyMatch(p -> of(p).isEmpty() || of(p).stream().anyMatch(e -> e.checkedAt().plus(STALE).isBefore(now)));
        }

        /** @return when the first of these providers turns stale; empty when one has no entry */
        Optional<Instant> freshUntil(List<Provider> providers) {
            Instant first = null;
            for (Provider p : providers) {
                if (of(p).isEmpty()) {
                    return Optional.empty();
                }
                for (Entry e : of(p)) {
                    Instant until = e.checkedAt().plus(STALE);
                    first = first == null || until.isBefore(first) ? until : first;
                }
            }
            return Optional.ofNullable(first).or(() -> refreshedAt.map(t -> t.plus(STALE)));
        }
    }

    private final Path file;

    Cache(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** @return what the cache holds; empty when the file is missing or corrupt */
    Contents read() {
        try {
            if (!Files.isRegularFile(file)) {
                return Contents.EMPTY;
            }
            JsonNode root = ResultJson.parse(Files.readString(file));
            Map<String, Entry> entries = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = root.path("entries").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                try {
                    ProviderResult r = ResultJson.fromJson(e.getValue().path("result"));
                    Instant cachedAt = Instant.parse(e.getValue().path("cached_at").asText());
                    Instant checkedAt = e.getValue().path("checked_at").isTextual()
                            ? Instant.parse(e.getValue().path("checked_at").asText()) : cachedAt;
                    entries.put(r.key(), new Entry(r, cachedAt, checkedAt));
                } catch (RuntimeException broken) {
                    // one unreadable entry is dropped; the rest stays
                }
            }
            Optional<Instant> refreshed = Optional.ofNullable(root.path("refreshed_at").textValue()).map(Instant::parse);
            JsonNode c = root.path("config");
            Optional<ConfigRecord> config = c.path("stamp").isTextual()
                    ? Optional.of(new ConfigRecord(c.path("stamp").asText(), strings(c.path("enabled")), strings(c.path("problems")),
                            strings(c.path("favorites")), quotaFavorites(c.path("quota_favorites")),
                            quotaFavorites(c.path("quota_hidden")), thresholds(c.path("thresholds"))))
                    : Optional.empty();
            return new Contents(entries, refreshed, config);
        } catch (IOException | RuntimeException corrupt) {
            return Contents.EMPTY;
        }
    }

    private static Map<String, List<String>> quotaFavorites(JsonNode object) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> out.put(e.getKey(), strings(e.getValue())));
        return out;
    }

    private static Thresholds thresholds(JsonNode n) {
        return n.path("green").isInt() && n.path("yellow").isInt()
                && Thresholds.problem(n.path("green").asInt(), n.path("yellow").asInt()).isEmpty()
                ? new Thresholds(n.path("green").asInt(), n.path("yellow").asInt()) : Thresholds.DEFAULT;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return List.copyOf(out);
    }

    /**
     * Merges fresh results in (see the class comment for the rule) and marks the refresh time.
     *
     * @return the merged contents
     */
    Contents merge(List<ProviderResult> results, Instant now) throws IOException {
        return merge(results, now, Optional.empty());
    }

    /** Merges fresh results in and records the config the refresh ran with. */
    Contents merge(List<ProviderResult> results, Instant now, Optional<ConfigRecord> config) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path lock = file.resolveSibling("cache.lock");
        try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = ch.lock()) {
            Contents before = read();
            Map<String, Entry> entries = new LinkedHashMap<>(before.entries());
            Optional<ConfigRecord> recorded = config.or(before::config);
            List<ProviderResult> merged = new ArrayList<>();
            for (Provider p : results.stream().map(ProviderResult::provider).distinct().toList()) {
                List<ProviderResult> fresh = results.stream().filter(r -> r.provider() == p).toList();
                List<Entry> old = before.of(p);
                // the accounts a provider has now replace those it had: one that is gone (logged out) is not kept ...
                entries.values().removeIf(e -> e.result().provider() == p);
                if (fresh.size() == 1 && fresh.get(0).account().isEmpty() && !old.isEmpty() && old.stream().allMatch(e ->
                        !e.result().account().isEmpty() && !fresh.get(0).status().atLeastAsGoodAs(e.result().status())
                                && !e.cachedAt().plus(STALE).isBefore(now))) {
                    // ... except when the provider as a whole failed (a time-out): its accounts' fresh figures stay
                    old.forEach(e -> entries.put(e.result().key(), new Entry(e.result(), e.cachedAt(), now)));
                } else {
                    merged.addAll(fresh);
                }
            }
            for (ProviderResult r : merged) {
                Entry old = before.entries().get(r.key());
                if (old == null || r.status().atLeastAsGoodAs(old.result().status())
                        || old.cachedAt().plus(STALE).isBefore(now)) {
                    entries.put(r.key(), new Entry(r, now));
                } else {
                    entries.put(r.key(), new Entry(old.result(), old.cachedAt(), now));
                }
            }
            ObjectNode root = ResultJson.mapper().createObjectNode();
            root.put("refreshed_at", now.toString());
            recorded.ifPresent(c -> {
                ObjectNode n = root.putObject("config").put("stamp", c.stamp());
                c.enabled().forEach(n.putArray("enabled")::add);
                c.problems().forEach(n.putArray("problems")::add);
                c.favorites().forEach(n.putArray("favorites")::add);
                ObjectNode q = n.putObject("quota_favorites");
                c.quotaFavorites().forEach((id, labels) -> labels.forEach(q.putArray(id)::add));
                ObjectNode h = n.putObject("quota_hidden");
                c.quotaHidden().forEach((id, labels) -> labels.forEach(h.putArray(id)::add));
                n.putObject("thresholds").put("green", c.thresholds().green()).put("yellow", c.thresholds().yellow());
            });
            ObjectNode out = root.putObject("entries");
            entries.forEach((key, e) -> out.putObject(key).put("cached_at", e.cachedAt().toString())
                    .put("checked_at", e.checkedAt().toString()).set("result", ResultJson.toJson(e.result())));
            AtomicFiles.write(file, ResultJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root));
            return new Contents(entries, Optional.of(now), recorded);
        }
    }
}
