package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import dev.contractkit.mock.http.Json;

/**
 * What the control API can change on one API's mock: responses set per operation, and the {@code --stateful}
 * store. {@code PUT /mockserver/kit/reset} clears both (the store goes back to the contract's examples).
 */
public final class MockState {
    private final Overrides overrides = new Overrides();
    private final Optional<InMemoryResources> store;
    private final Optional<ContractProxy> proxy;
    private final MockTokens tokens;

    private final OutcomeSwitch outcome;
    private final String api;
    private final Optional<String> preset;

    public MockState(String api, boolean stateful, Optional<ContractProxy> proxy, OutcomeSwitch outcome, Optional<String> preset) {
        this.api = api;
        this.outcome = outcome;
        this.preset = preset;
        this.tokens = new MockTokens("contract-kit-mock/" + api, Clock.systemUTC());
        this.store = stateful ? Optional.of(new InMemoryResources()) : Optional.empty();
        this.proxy = proxy;
    }

    /** Sends a message on the API's channels (AsyncAPI) by the message's name; the WebSocket side sets it. */
    public interface EventSink {
        /**
         * @param message the message's name (e.g. {@code coupon_updated})
         * @param fields  what the write made known (item fields, {@code cleared}, constants); the sink keeps those
         *                the message's data declares
         */
        void emit(String message, ObjectNode fields);
    }

    private volatile EventSink events = (message, fields) -> { };
    private volatile boolean enforceRateLimits;

    /** @param sink where stateful writes send their {@code x-kit-emits} messages */
    public void events(EventSink sink) {
        this.events = sink;
    }

    public EventSink events() {
        return events;
    }

    /** @param enforce true to refuse past a rate limit with the contract's 429 ({@code --enforce-rate-limits}) */
    public void enforceRateLimits(boolean enforce) {
        this.enforceRateLimits = enforce;
    }

    public boolean enforceRateLimits() {
        return enforceRateLimits;
    }

    /** @return the API-wide outcome switch ({@code /mockserver/kit/outcome}, {@code --outcome}) */
    public OutcomeSwitch outcome() {
        return outcome;
    }

    /** @return the bearer tokens this API's mock issues and accepts */
    public MockTokens tokens() {
        return tokens;
    }

    /** @return the validating proxy, when this API forwards to a real implementation */
    public Optional<ContractProxy> proxy() {
        return proxy;
    }

    public Overrides overrides() {
        return overrides;
    }

    public Optional<InMemoryResources> store() {
        return store;
    }

    public void reset() {
        overrides.reset();
        store.ifPresent(InMemoryResources::reset);
        proxy.ifPresent(ContractProxy::reset);
        outcome.control("DELETE", Map.of());
        preset.ifPresent(example -> outcome.preset(api, example));
    }

    /** @return {@code {stateful, resources: {name: count}}} for {@code GET /mockserver/kit/state} */
    public ObjectNode describe() {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("stateful", store.isPresent());
        ObjectNode resources = out.putObject("resources");
        store.ifPresent(s -> s.sizes().forEach(resources::put));
        return out;
    }
}
