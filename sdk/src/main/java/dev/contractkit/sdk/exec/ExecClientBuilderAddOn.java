package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.AddOnSettings;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@link ExecClient}'s builder (generated from {@code specs/openapi/exec.yaml}) adds to the contract's settings:
 * the task wait's default poll interval ({@link ExecClientAddOns#awaitAll(java.util.List, Duration)}). The generated
 * {@code ExecClient.Builder} implements this interface; it keeps the settings and hands them to the client.
 *
 * <pre>{@code
 * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken)
 *         .taskWaitInterval(Duration.ofMillis(50)).build();
 * TaskWait.Result r = exec.awaitAll(List.of("a"), Duration.ofSeconds(30)).execute();   // polls every 50 ms
 * }</pre>
 *
 * @param <B> the generated builder
 */
public interface ExecClientBuilderAddOn<B extends ExecClientBuilderAddOn<B>> {
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
     * @param interval time between polls of the task waits that take none ({@code awaitAll(ids, timeout)},
     *                 {@code submitAndWait(graph, timeout)}); default {@link ExecClientAddOns#WAIT_INTERVAL}'s 200 ms
     * @return the builder
     * @throws IllegalArgumentException when it is zero or negative
     */
    default B taskWaitInterval(Duration interval) {
        Objects.requireNonNull(interval, "interval == null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("taskWaitInterval must be > 0, was " + interval);
        }
        return addOnSetting(ExecClientAddOns.WAIT_INTERVAL, interval);
    }
}
