package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.ProviderResult;
import dev.contractkit.quotas.providers.Window;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --fail-over <percent>}: which quotas are at least that much used. Only windows with a limit count (a balance
 * has no share used), and a quota hidden in the UI ({@code quota_preferences.<provider>.hidden}) does not.
 *
 * <pre>{@code
 * OverThreshold.find(results, Map.of(), 90);   // ["claude 5h is 92% used (--fail-over 90)"]
 * }</pre>
 */
final class OverThreshold {
    /** The exit status of {@code --fail-over} when a quota is over the threshold (1 and 2 are taken). */
    static final int EXIT_STATUS = 3;

    private OverThreshold() {
    }

    /** @return one message per quota at or over {@code percent} used; empty when none is */
    static List<String> find(List<ProviderResult> results, Map<String, List<String>> hidden, int percent) {
        List<String> out = new ArrayList<>();
        for (ProviderResult r : results) {
            if (r instanceof ProviderResult.Available a) {
                for (Window w : Statusline.visible(a.windows(), hidden.getOrDefault(r.provider().id(), List.of()))) {
                    if (w.remainingRatio().isPresent()) {
                        double used = (1 - w.remainingRatio().getAsDouble()) * 100;
                        if (used >= percent) {
                            out.add(r.key() + " " + w.label() + " is " + String.format(Locale.ROOT, "%.0f", Math.floor(used))
                                    + "% used (--fail-over " + percent + ")");
                        }
                    }
                }
            }
        }
        return out;
    }
}
