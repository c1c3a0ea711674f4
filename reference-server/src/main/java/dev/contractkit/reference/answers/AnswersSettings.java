package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.Settings;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The answer service's settings, read and checked in one place; the registry ({@code platform/settings.tsv}) has each
 * key's default and meaning.
 *
 * @param apiKeys       {@code answers.api-keys}: keys provisioned (hashed) at start
 * @param quota         {@code answers.quota}: questions per key and window, for new keys
 * @param quotaWindow   {@code answers.quota-window}
 * @param rateLimit     {@code answers.rate-limit}: answer requests per key and window
 * @param rateWindow    {@code answers.rate-window}
 * @param latency       {@code answers.latency}: extra time per answer
 * @param modelProfile  {@code answers.model-profile}: the model profile that answers instead of the rule engine
 * @param modelJsonMode {@code answers.model-json-mode}: ask that profile's provider for its JSON mode
 */
record AnswersSettings(List<String> apiKeys, int quota, Duration quotaWindow, int rateLimit, Duration rateWindow,
                       Duration latency, Optional<String> modelProfile, boolean modelJsonMode) {
    static AnswersSettings from(Settings s) {
        int quota = s.integer("answers.quota");
        int rate = s.integer("answers.rate-limit");
        if (quota < 0 || rate < 1) {
            throw new IllegalArgumentException("settings " + Settings.envName("answers.quota") + " must be 0 or more and "
                    + Settings.envName("answers.rate-limit") + " 1 or more, were " + quota + " and " + rate);
        }
        return new AnswersSettings(s.list("answers.api-keys"), quota, s.duration("answers.quota-window"), rate,
                s.duration("answers.rate-window"), s.duration("answers.latency"), s.get("answers.model-profile"),
                s.flag("answers.model-json-mode"));
    }
}
