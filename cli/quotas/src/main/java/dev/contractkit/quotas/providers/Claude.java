package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Claude: {@code GET /api/oauth/usage}; utilization percentages per window (specs/openapi/providers/claude.yaml). */
final class Claude implements Spec {
    private static final Map<String, String> WINDOWS = new LinkedHashMap<>();

    static {
        WINDOWS.put("five_hour", "5h");
        WINDOWS.put("seven_day", "7d");
        WINDOWS.put("seven_day_opus", "opus/7d");
        WINDOWS.put("seven_day_sonnet", "sonnet/7d");
    }

    @Override
    public List<Sources.Source> sources() {
        Map<String, String> extras = new HashMap<>(OAuthRefresh.extras(Provider.CLAUDE));
        extras.put("plan", "/claudeAiOauth/subscriptionType");
        return List.of(
                Sources.jsonFile("$CLAUDE_CONFIG_DIR/.credentials.json (claudeAiOauth.accessToken)",
                        env -> env.get("CLAUDE_CONFIG_DIR").map(d -> Path.of(d, ".credentials.json")),
                        "/claudeAiOauth/accessToken", extras),
                Sources.jsonFile("~/.claude/.credentials.json (claudeAiOauth.accessToken)",
                        env -> Optional.of(env.home(".claude/.credentials.json")), "/claudeAiOauth/accessToken", extras),
                // Claude Code on macOS keeps the same JSON in the login Keychain
                Sources.keychain("macOS Keychain 'Claude Code-credentials'", "Claude Code-credentials", env -> env.get("USER"),
                        "/claudeAiOauth/accessToken", extras),
                Sources.apiKeyOnly(Sources.env("ANTHROPIC_API_KEY"),
                        "log in with Claude Code (`claude`, then /login), which stores it in ~/.claude/.credentials.json"
                                + " (on macOS in the Keychain)"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        Map<String, String> headers = new HashMap<>(Spec.bearer(c));
        headers.put("anthropic-beta", "oauth-2025-04-20");
        return parse(calls.get(urls.of(Provider.CLAUDE) + "/api/oauth/usage", headers), c.extra("plan"), now);
    }

    static ProviderResult parse(Response r, Optional<String> plan, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.CLAUDE, r, now);
        }
        JsonNode n = r.json();
        List<Window> windows = new ArrayList<>();
        WINDOWS.forEach((field, label) -> {
            JsonNode w = n.path(field);
            Replies.number(w.path("utilization")).ifPresent(used ->
                    windows.add(Window.of(label, used, 100, "percent", Replies.time(w.path("resets_at")))));
        });
        if (windows.isEmpty()) {
            return Replies.unexpected(Provider.CLAUDE, r, now);
        }
        return new ProviderResult.Available(Provider.CLAUDE, plan.orElse(""), windows, now);
    }
}
