package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** OpenRouter: {@code GET /api/v1/credits} and {@code GET /api/v1/auth/key} (openrouter.yaml). */
final class OpenRouter implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("OPENROUTER_API_KEY"), Sources.keyFile(".openrouter"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        String base = urls.of(Provider.OPENROUTER);
        Response credits = calls.get(base + "/api/v1/credits", Spec.bearer(c));
        if (!credits.ok()) {
            return parse(credits, credits, now);
        }
        return parse(credits, calls.get(base + "/api/v1/auth/key", Spec.bearer(c)), now);
    }

    static ProviderResult parse(Response credits, Response key, Instant now) {
        if (!credits.ok()) {
            return Replies.refused(Provider.OPENROUTER, credits, now);
        }
        if (!key.ok()) {
            return Replies.refused(Provider.OPENROUTER, key, now);
        }
        JsonNode c = credits.json().path("data");
        JsonNode k = key.json().path("data");
        Optional<Double> total = Replies.number(c.path("total_credits"));
        Optional<Double> usage = Replies.number(c.path("total_usage"));
        if (total.isEmpty() || usage.isEmpty()) {
            return Replies.unexpected(Provider.OPENROUTER, credits, now);
        }
        boolean free = k.path("is_free_tier").asBoolean(false);
        if (total.get() <= 0 && free) {
            return Replies.unavailable(Provider.OPENROUTER, "no OpenRouter credits (free tier)", now);
        }
        List<Window> windows = new ArrayList<>();
        windows.add(Window.of("credits", usage.get(), total.get(), "USD", Optional.empty()));
        Optional<Double> limit = Replies.number(k.path("limit"));
        Optional<Double> used = Replies.number(k.path("usage"));
        if (limit.isPresent() && used.isPresent()) {
            windows.add(Window.of("key", used.get(), limit.get(), "USD", Optional.empty()));
        }
        return new ProviderResult.Available(Provider.OPENROUTER, free ? "free tier" : "credits", windows, now);
    }
}
