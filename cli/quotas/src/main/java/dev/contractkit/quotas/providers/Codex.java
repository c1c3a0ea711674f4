package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Codex: {@code GET /backend-api/wham/usage}; windows named by their length (specs/openapi/providers/codex.yaml). */
final class Codex implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(
                Sources.jsonFile("~/.codex/auth.json (tokens.access_token)",
                        env -> Optional.of(env.get("CODEX_HOME").map(java.nio.file.Path::of).orElse(env.home(".codex"))
                                .resolve("auth.json")), "/tokens/access_token", Map.of("account", "/tokens/account_id")),
                Sources.env("OPENAI_API_KEY"));
    }

    @Override
    public Result fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        Map<String, String> headers = new HashMap<>(Spec.bearer(c));
        c.extra("account").ifPresent(a -> headers.put("ChatGPT-Account-Id", a));
        return parse(calls.get(urls.of(Provider.CODEX) + "/backend-api/wham/usage", headers), now);
    }

    static Result parse(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.CODEX, r, now);
        }
        JsonNode n = r.json();
        String plan = n.path("plan_type").asText("");
        if (plan.isEmpty()) {
            return Replies.unexpected(Provider.CODEX, r, now);
        }
        JsonNode limits = n.path("rate_limit");
        if (!limits.isObject()) {
            return Replies.unavailable(Provider.CODEX, "no Codex usage on the " + plan + " plan", now);
        }
        List<Window> windows = new ArrayList<>();
        for (String field : List.of("primary_window", "secondary_window")) {
            JsonNode w = limits.path(field);
            Optional<Double> used = Replies.number(w.path("used_percent"));
            if (used.isPresent() && w.path("limit_window_seconds").canConvertToLong()) {
                windows.add(Window.of(Replies.duration(w.path("limit_window_seconds").asLong()), used.get(), 100, "percent",
                        Replies.epochSeconds(w.path("reset_at"))));
            }
        }
        return new Result.Available(Provider.CODEX, plan, windows, now);
    }
}
