package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Z.ai: {@code GET /api/monitor/usage/quota/limit} with the raw key in {@code Authorization} (zai.yaml). */
final class Zai implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("ZHIPU_API_KEY"), Sources.env("ZAI_API_KEY"), Sources.keyFile(".api-zai"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        return parse(calls.get(urls.of(Provider.ZAI) + "/api/monitor/usage/quota/limit",
                Map.of("Authorization", c.value(), "Accept", "application/json")), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.ZAI, r, now);
        }
        JsonNode n = r.json();
        if (!n.path("success").isBoolean()) {
            return Replies.unexpected(Provider.ZAI, r, now);
        }
        if (!n.path("success").asBoolean()) {
            return Replies.unavailable(Provider.ZAI, "Z.ai: " + n.path("msg").asText("no active coding plan"), now);
        }
        JsonNode data = n.path("data");
        List<Window> windows = new ArrayList<>();
        for (JsonNode l : data.path("limits")) {
            boolean tokens = l.path("type").asText().equals("TOKENS_LIMIT");
            windows.add(Window.of(tokens ? "5h" : "month", l.path("currentValue").asDouble(), l.path("usage").asDouble(),
                    tokens ? "tokens" : "calls", Replies.epochMillis(l.path("nextResetTime"))));
        }
        return new ProviderResult.Available(Provider.ZAI, data.path("planName").asText(""), windows, now);
    }
}
