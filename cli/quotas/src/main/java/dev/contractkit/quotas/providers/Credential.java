package dev.contractkit.quotas.providers;

import java.util.Map;
import java.util.Optional;

/**
 * A discovered credential.
 *
 * @param value  the token or key
 * @param source where it came from ({@code env CLAUDE...}, a file path), for messages
 * @param extras provider-specific values found next to it (plan name, account id, user id)
 */
record Credential(String value, String source, Map<String, String> extras) {
    Credential {
        extras = Map.copyOf(extras);
    }

    Optional<String> extra(String key) {
        return Optional.ofNullable(extras.get(key)).filter(v -> !v.isBlank());
    }
}
