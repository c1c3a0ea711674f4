package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** GitHub Copilot: {@code GET /copilot_internal/user}; one window per limited quota snapshot (github-copilot.yaml). */
final class GitHubCopilot implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("GITHUB_COPILOT_TOKEN"), GitHubLogins.copilotFile("apps.json"),
                GitHubLogins.copilotFile("hosts.json"), VsCodeLogins.source(), GitHubLogins.ghCli());
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        return parse(calls.get(urls.of(Provider.GITHUB_COPILOT) + "/copilot_internal/user",
                Map.of("Authorization", "token " + c.value(), "Accept", "application/json")), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        if (r.status() == 404) {
            return Replies.unavailable(Provider.GITHUB_COPILOT, "no Copilot subscription for this account", now);
        }
        if (!r.ok()) {
            return Replies.refused(Provider.GITHUB_COPILOT, r, now);
        }
        JsonNode n = r.json();
        String plan = n.path("copilot_plan").asText("");
        if (plan.isEmpty()) {
            return Replies.unexpected(Provider.GITHUB_COPILOT, r, now);
        }
        Optional<Instant> reset = Replies.time(n.path("quota_reset_date"));
        List<Window> windows = new ArrayList<>();
        n.path("quota_snapshots").fields().forEachRemaining(e -> {
            JsonNode s = e.getValue();
            if (!s.path("unlimited").asBoolean(false)) {
                Optional<Double> limit = Replies.number(s.path("entitlement"));
                Optional<Double> left = Replies.number(s.path("remaining"));
                if (limit.isPresent() && left.isPresent()) {
                    windows.add(Window.of(e.getKey(), limit.get() - left.get(), limit.get(), "requests", reset));
                }
            }
        });
        return new ProviderResult.Available(Provider.GITHUB_COPILOT, plan, windows, now);
    }
}
