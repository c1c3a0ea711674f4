package dev.contractkit.quotas;

import java.util.List;
import java.util.Optional;

/**
 * What a {@code --statusline} run renders: read by {@link StatuslineCommand} and by {@link PromptLine} (which file
 * keeps that line for the prompt).
 *
 * @param providerIds {@code --provider}, if given
 * @param format      the template
 * @param icons       whether to show the providers' icons
 * @param updateCheck whether to check for an update in the background
 */
record StatuslineOptions(Optional<List<String>> providerIds, String format, boolean icons, boolean updateCheck) {
}
