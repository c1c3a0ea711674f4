package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** GitHub Copilot: {@code GET /copilot_internal/user}; one window per limited quota snapshot (github-copilot.yaml). */
final class GitHubCopilot implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("GITHUB_COPILOT_TOKEN"), configFile("apps.json"), configFile("hosts.json"));
    }

    /** {@code ~/.config/github-copilot/<file>}: the first entry's {@code oauth_token}. */
    private static Sources.Source configFile(String name) {
        String description = "~/.config/github-copilot/" + name + " (oauth_token)";
        return new Sources.Source(description, env -> {
            Path file = env.get("XDG_CONFIG_HOME").map(Path::of).orElse(env.home(".config")).resolve("github-copilot/" + name);
            try {
                if (!Files.isRegularFile(file)) {
                    return Optional.empty();
                }
                for (Iterator<JsonNode> it = ResultJson.mapper().readTree(file.toFile()).elements(); it.hasNext(); ) {
                    String token = it.next().path("oauth_token").asText("");
                    if (!token.isBlank()) {
                        return Optional.of(new Credential(token, file.toString(), Map.of()));
                    }
                }
            } catch (IOException e) {
                return Optional.empty();
            }
            return Optional.empty();
        });
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
