package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gemini: as the Gemini CLI does, first {@code POST /v1internal:loadCodeAssist} (the account's Code Assist project and
 * tier: the plan is {@code paidTier.name}, else {@code currentTier.name}), then {@code POST
 * /v1internal:retrieveUserQuota} with that project; one model-specific window per bucket (gemini.yaml). The project
 * asked for is {@code GOOGLE_CLOUD_PROJECT} (or {@code GOOGLE_CLOUD_PROJECT_ID}), else the login file's {@code project_id}.
 */
final class Gemini implements Spec {
    @Override
    public List<Sources.Source> sources() {
        Map<String, String> extras = new HashMap<>(OAuthRefresh.extras(Provider.GEMINI));
        extras.put("project", "/project_id");
        return List.of(
                Sources.jsonFile("~/.gemini/oauth_creds.json (access_token)",
                        env -> Optional.of(env.home(".gemini/oauth_creds.json")), "/access_token", extras),
                Sources.apiKeyOnly(Sources.env("GEMINI_API_KEY"),
                        "log in with the Gemini CLI (`gemini`, \"Login with Google\"), which stores it in ~/.gemini/oauth_creds.json"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        Optional<String> project = urls.env().get("GOOGLE_CLOUD_PROJECT").or(() -> urls.env().get("GOOGLE_CLOUD_PROJECT_ID"))
                .or(() -> c.extra("project"));
        ObjectNode load = ResultJson.mapper().createObjectNode();
        ObjectNode metadata = ResultJson.mapper().createObjectNode().put("ideType", "IDE_UNSPECIFIED")
                .put("platform", "PLATFORM_UNSPECIFIED").put("pluginType", "GEMINI");
        project.ifPresent(p -> {
            load.put("cloudaicompanionProject", p);
            metadata.put("duetProject", p);
        });
        load.set("metadata", metadata);
        String base = urls.of(Provider.GEMINI);
        Response loaded = calls.post(base + "/v1internal:loadCodeAssist", Spec.bearer(c), load.toString());
        if (!loaded.ok()) {
            return Replies.refused(Provider.GEMINI, loaded, now);
        }
        Optional<String> assigned = text(loaded.json().path("cloudaicompanionProject")).or(() -> project);
        String body = assigned.map(p -> ResultJson.mapper().createObjectNode().put("project", p).toString()).orElse("{}");
        return parse(loaded, calls.post(base + "/v1internal:retrieveUserQuota", Spec.bearer(c), body), now);
    }

    private static Optional<String> text(JsonNode n) {
        // the project is a string, or (in some answers) an object with an id
        String v = n.isObject() ? n.path("id").asText("") : n.asText("");
        return Optional.of(v).filter(s -> !s.isBlank());
    }

    /** @return the result of both answers: the plan from {@code loadCodeAssist}, the windows from the quota */
    static ProviderResult parse(Response loaded, Response quota, Instant now) {
        if (!loaded.ok()) {
            return Replies.refused(Provider.GEMINI, loaded, now);
        }
        JsonNode tier = loaded.json().path("paidTier").path("name").isTextual() ? loaded.json().path("paidTier")
                : loaded.json().path("currentTier");
        return parse(quota, tier.path("name").asText(tier.path("id").asText("")), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        return parse(r, "", now);
    }

    static ProviderResult parse(Response r, String plan, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.GEMINI, r, now);
        }
        JsonNode buckets = r.json().path("buckets");
        if (!buckets.isArray()) {
            return Replies.unexpected(Provider.GEMINI, r, now);
        }
        List<Window> windows = new ArrayList<>();
        for (JsonNode b : buckets) {
            Optional<Double> left = Replies.number(b.path("remainingFraction"));
            if (left.isPresent()) {
                double used = Math.round((1 - left.get()) * 1000) / 10.0;
                windows.add(Window.of(b.path("modelId").asText("model") + "/1d", used, 100, "percent",
                        Replies.time(b.path("resetTime"))));
            }
        }
        return new ProviderResult.Available(Provider.GEMINI, plan, windows, now);
    }
}
