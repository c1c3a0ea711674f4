package dev.contractkit.quotas.providers;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One quota window (or balance) of a provider: {@code 5h}, {@code 7d}, {@code opus/7d}, {@code balance}.
 * A balance has a remaining amount but no limit.
 *
 * @param label     the window's label, used for favorites and hidden rows ({@code <model>/7d} for model windows)
 * @param used      amount used, if known
 * @param limit     the window's limit, if it has one
 * @param remaining amount left, if known
 * @param unit      {@code percent}, {@code requests}, {@code tokens}, {@code USD}, {@code CNY}, ...
 * @param resetsAt  when the window resets, if it does
 */
public record Window(String label, OptionalDouble used, OptionalDouble limit, OptionalDouble remaining, String unit,
                     Optional<Instant> resetsAt) {
    public Window {
        label = SafeText.clean(label);
        unit = SafeText.clean(unit);
    }

    /** A window with a limit: remaining is limit - used (never below 0). */
    static Window of(String label, double used, double limit, String unit, Optional<Instant> resetsAt) {
        return new Window(label, OptionalDouble.of(used), OptionalDouble.of(limit),
                OptionalDouble.of(Math.max(0, limit - used)), unit, resetsAt);
    }

    /** A balance: only what is left. */
    static Window balance(String label, double remaining, String unit) {
        return new Window(label, OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.of(remaining), unit,
                Optional.empty());
    }

    /** @return remaining / limit, or empty for a balance */
    public OptionalDouble remainingRatio() {
        if (limit.isEmpty() || remaining.isEmpty() || limit.getAsDouble() <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(remaining.getAsDouble() / limit.getAsDouble());
    }
}
