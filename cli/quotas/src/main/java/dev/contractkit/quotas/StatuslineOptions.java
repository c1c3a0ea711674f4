package dev.contractkit.quotas;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a {@code --statusline} run renders: read by {@link StatuslineCommand} and by {@link PromptLine} (which file
 * keeps that line for the prompt).
 *
 * @param providerIds {@code --provider}, if given
 * @param format      the template
 * @param icons       whether to show the providers' icons
 * @param updateCheck whether to check for an update in the background
 * @param thresholds  {@code --thresholds}, if given (else the config's)
 * @param failOver    {@code --fail-over}: exit {@value OverThreshold#EXIT_STATUS} when a shown quota is at least this much used (percent)
 */
record StatuslineOptions(Optional<List<String>> providerIds, String format, boolean icons, boolean updateCheck,
                         Optional<Thresholds> thresholds, OptionalInt failOver) {
    StatuslineOptions(Optional<List<String>> providerIds, String format, boolean icons, boolean updateCheck) {
        this(providerIds, format, icons, updateCheck, Optional.empty(), OptionalInt.empty());
    }
}
