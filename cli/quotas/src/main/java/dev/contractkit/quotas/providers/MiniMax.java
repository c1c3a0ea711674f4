package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** MiniMax: {@code GET /v1/api/openplatform/coding_plan/remains}; {@code base_resp} carries errors (minimax.yaml). */
final class MiniMax implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("MINIMAX_API_KEY"), Sources.keyFile(".minimax"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        return parse(calls.get(urls.of(Provider.MINIMAX) + "/v1/api/openplatform/coding_plan/remains", Spec.bearer(c)), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.MINIMAX, r, now);
        }
        JsonNode n = r.json();
        JsonNode base = n.path("base_resp");
        if (!base.path("status_code").canConvertToInt()) {
            return Replies.unexpected(Provider.MINIMAX, r, now);
        }
        if (base.path("status_code").asInt() != 0) {
            return Replies.unavailable(Provider.MINIMAX, "MiniMax: " + base.path("status_msg").asText("error "
                    + base.path("status_code").asInt()), now);
        }
        List<Window> windows = new ArrayList<>();
        for (JsonNode m : n.path("model_remains")) {
            windows.add(Window.of(m.path("model_name").asText("model") + "/5h", m.path("current_interval_usage_count").asDouble(),
                    m.path("current_interval_total_count").asDouble(), "prompts", Replies.epochMillis(m.path("end_time"))));
        }
        return new ProviderResult.Available(Provider.MINIMAX, "Coding Plan", windows, now);
    }
}
