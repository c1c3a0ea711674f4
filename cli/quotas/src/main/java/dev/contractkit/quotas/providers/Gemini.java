package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Gemini: {@code POST /v1internal:retrieveUserQuota}; one model-specific window per bucket (gemini.yaml). */
final class Gemini implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(
                Sources.jsonFile("~/.gemini/oauth_creds.json (access_token)",
                        env -> Optional.of(env.home(".gemini/oauth_creds.json")), "/access_token", Map.of("project", "/project_id")),
                Sources.apiKeyOnly(Sources.env("GEMINI_API_KEY"),
                        "log in with the Gemini CLI (`gemini`, \"Login with Google\"), which stores it in ~/.gemini/oauth_creds.json"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        String body = c.extra("project").map(p -> ResultJson.mapper().createObjectNode().put("project", p).toString()).orElse("{}");
        return parse(calls.post(urls.of(Provider.GEMINI) + "/v1internal:retrieveUserQuota", Spec.bearer(c), body), now);
    }

    static ProviderResult parse(Response r, Instant now) {
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
        return new ProviderResult.Available(Provider.GEMINI, "", windows, now);
    }
}
