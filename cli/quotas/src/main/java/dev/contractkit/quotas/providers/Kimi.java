package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kimi: {@code GET /coding/v1/usages}; when that answers 404 (a plain platform key, no coding plan) the Moonshot
 * balance {@code GET /v1/users/me/balance} instead (kimi.yaml).
 */
final class Kimi implements Spec {
    /** {@code expires_at} of the Kimi CLI's login: seconds since the epoch */
    static final String EXPIRES = "expires_at_s";

    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("MOONSHOT_API_KEY"), Sources.env("KIMI_API_KEY"),
                // the Kimi CLI's OAuth login (`kimi login`): <share dir>/credentials/kimi-code.json
                Sources.jsonFile("the Kimi CLI's login, $KIMI_SHARE_DIR or ~/.kimi, credentials/kimi-code.json (access_token)",
                        env -> Optional.of(env.get("KIMI_SHARE_DIR").map(Path::of).orElse(env.home(".kimi"))
                                .resolve("credentials/kimi-code.json")), "/access_token", Map.of(EXPIRES, "/expires_at")),
                Sources.keyFile(".kimi"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        Optional<Instant> expires = c.extra(EXPIRES).flatMap(Kimi::seconds);
        if (expires.isPresent() && !expires.get().isAfter(now)) {
            // the Kimi CLI rotates its refresh token under a lock of its own: renewing it here could log it out
            return new ProviderResult.AuthRequired(Provider.KIMI, "the Kimi CLI's login in " + c.source() + " expired at "
                    + expires.get() + "; run `kimi`, which renews it (quotas does not: the Kimi CLI rotates its refresh"
                    + " token under its own lock); nothing was sent", now);
        }
        Response usages = calls.get(urls.of(Provider.KIMI) + "/coding/v1/usages", Spec.bearer(c));
        if (usages.status() == 404) {
            return parseBalance(calls.get(urls.kimiBalance() + "/v1/users/me/balance", Spec.bearer(c)), now);
        }
        return parseUsages(usages, now);
    }

    private static Optional<Instant> seconds(String text) {
        try {
            return Optional.of(Instant.ofEpochMilli((long) (Double.parseDouble(text) * 1000)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static ProviderResult parseUsages(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.KIMI, r, now);
        }
        JsonNode n = r.json();
        List<Window> windows = new ArrayList<>();
        for (JsonNode l : n.path("limits")) {
            long seconds = l.at("/window/duration").asLong() * switch (l.at("/window/timeUnit").asText()) {
                case "TIME_UNIT_HOUR" -> 3_600;
                case "TIME_UNIT_DAY" -> 86_400;
                default -> 60;
            };
            window(Replies.duration(seconds), l.path("detail")).ifPresent(windows::add);
        }
        Optional<Window> weekly = window("7d", n.path("usage"));
        if (weekly.isEmpty() && windows.isEmpty()) {
            return Replies.unexpected(Provider.KIMI, r, now);
        }
        weekly.ifPresent(w -> windows.add(0, w));
        return new ProviderResult.Available(Provider.KIMI, "Kimi Coding", windows, now);
    }

    private static Optional<Window> window(String label, JsonNode d) {
        Optional<Double> limit = Replies.number(d.path("limit"));
        Optional<Double> used = Replies.number(d.path("used"));
        if (limit.isEmpty() || used.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Window.of(label, used.get(), limit.get(), "requests", Replies.time(d.path("resetTime"))));
    }

    static ProviderResult parseBalance(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.KIMI, r, now);
        }
        Optional<Double> available = Replies.number(r.json().at("/data/available_balance"));
        if (available.isEmpty()) {
            return Replies.unexpected(Provider.KIMI, r, now);
        }
        if (available.get() <= 0) {
            return Replies.unavailable(Provider.KIMI, "no coding plan and no Moonshot balance left", now);
        }
        return new ProviderResult.Available(Provider.KIMI, "pay-as-you-go", List.of(Window.balance("balance", available.get(), "CNY")), now);
    }
}
