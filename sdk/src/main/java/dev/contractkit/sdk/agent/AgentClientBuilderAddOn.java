package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.AddOnSettings;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link AgentClient}'s builder (generated from {@code specs/openapi/agent.yaml}) adds to the contract's settings:
 * how a run's event stream re-attaches after its connection drops ({@link AgentClientAddOns#runAgent}). The generated
 * {@code AgentClient.Builder} implements this interface; it keeps the settings and hands them to the client.
 *
 * <pre>{@code
 * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(kitToken)
 *         .reattach(10, Duration.ofMillis(100), Duration.ofSeconds(2)).build();
 * }</pre>
 *
 * @param <B> the generated builder
 */
public interface AgentClientBuilderAddOn<B extends AgentClientBuilderAddOn<B>> {
    /**
     * Gives a setting of the client's add-ons (generated).
     *
     * @param key   the setting
     * @param value its value
     * @param <T>   its type
     * @return the builder
     */
    <T> B addOnSetting(AddOnSettings.Key<T> key, T value);

    /**
     * How a run's event stream re-attaches after its connection drops: up to {@code attempts} attempts since the last
     * event received, the first after about {@code firstDelay}, each pause doubled up to {@code maxDelay}, with jitter
     * (a random half of it). The default: 5 attempts, 250 ms, 5 s. With 0 attempts a drop ends the iteration
     * ({@link dev.contractkit.sdk.TransportException}); the run still goes on.
     *
     * @param attempts   attempts after a drop, 0 or more
     * @param firstDelay the first pause
     * @param maxDelay   the longest pause
     * @return this builder
     * @throws IllegalArgumentException unless {@code attempts >= 0} and {@code 0 <= firstDelay <= maxDelay}
     */
    default B reattach(int attempts, Duration firstDelay, Duration maxDelay) {
        Objects.requireNonNull(firstDelay, "firstDelay == null");
        Objects.requireNonNull(maxDelay, "maxDelay == null");
        if (attempts < 0 || firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
            throw new IllegalArgumentException("reattach needs attempts >= 0 and 0 <= firstDelay <= maxDelay");
        }
        addOnSetting(AgentClientAddOns.REATTACH_ATTEMPTS, attempts);
        addOnSetting(AgentClientAddOns.REATTACH_FIRST_DELAY, firstDelay);
        return addOnSetting(AgentClientAddOns.REATTACH_MAX_DELAY, maxDelay);
    }
}
