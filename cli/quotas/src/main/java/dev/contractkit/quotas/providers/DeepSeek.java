package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** DeepSeek: {@code GET /user/balance}; one balance per currency (specs/openapi/providers/deepseek.yaml). */
final class DeepSeek implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("DEEPSEEK_API_KEY"), Sources.keyFile(".deepseek"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        return parse(calls.get(urls.of(Provider.DEEPSEEK) + "/user/balance", Spec.bearer(c)), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.DEEPSEEK, r, now);
        }
        JsonNode n = r.json();
        if (!n.path("is_available").isBoolean()) {
            return Replies.unexpected(Provider.DEEPSEEK, r, now);
        }
        List<Window> windows = new ArrayList<>();
        for (JsonNode b : n.path("balance_infos")) {
            Replies.number(b.path("total_balance")).ifPresent(v ->
                    windows.add(Window.balance("balance", v, b.path("currency").asText(""))));
        }
        if (!n.path("is_available").asBoolean()) {
            return Replies.unavailable(Provider.DEEPSEEK, "DeepSeek balance is not available (insufficient balance)", now);
        }
        return new ProviderResult.Available(Provider.DEEPSEEK, "pay-as-you-go", windows, now);
    }
}
