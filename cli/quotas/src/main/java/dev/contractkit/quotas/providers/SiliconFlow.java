package dev.contractkit.quotas.providers;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** SiliconFlow: {@code GET /v1/user/info}; the balance (siliconflow.yaml). */
final class SiliconFlow implements Spec {
    @Override
    public List<Sources.Source> sources() {
        return List.of(Sources.env("SILICONFLOW_API_KEY"), Sources.keyFile(".siliconflow"));
    }

    @Override
    public ProviderResult fetch(Credential c, Calls calls, BaseUrls urls, Instant now) throws IOException, InterruptedException {
        return parse(calls.get(urls.of(Provider.SILICONFLOW) + "/v1/user/info", Spec.bearer(c)), now);
    }

    static ProviderResult parse(Response r, Instant now) {
        if (!r.ok()) {
            return Replies.refused(Provider.SILICONFLOW, r, now);
        }
        JsonNode d = r.json().path("data");
        Optional<Double> total = Replies.number(d.path("totalBalance"));
        if (total.isEmpty()) {
            return Replies.unexpected(Provider.SILICONFLOW, r, now);
        }
        String status = d.path("status").asText("normal");
        if (!status.equals("normal")) {
            return Replies.unavailable(Provider.SILICONFLOW, "SiliconFlow account status: " + status, now);
        }
        return new ProviderResult.Available(Provider.SILICONFLOW, "pay-as-you-go", List.of(Window.balance("balance", total.get(), "CNY")), now);
    }
}
