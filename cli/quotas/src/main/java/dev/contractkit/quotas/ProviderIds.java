package dev.contractkit.quotas;

import dev.contractkit.quotas.providers.Provider;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --provider=<list>}: comma-separated provider ids, as {@code --json}, {@code --statusline} and
 * {@code --refresh-cache} take them. Its own type so that {@link Main} and {@link StatuslineCommand} both use it
 * without depending on each other in a loop.
 */
final class ProviderIds {
    private ProviderIds() {
    }

    /**
     * @param ids the ids as given (blank ones are ignored, repeats count once)
     * @return the providers in their natural order
     * @throws IllegalArgumentException naming an unknown id, or when the list names none
     */
    static List<Provider> parse(List<String> ids) {
        List<Provider> out = new ArrayList<>();
        for (String id : ids) {
            if (id.isBlank()) {
                continue;
            }
            Provider p = Provider.byId(id).orElseThrow(() -> new IllegalArgumentException(
                    "unknown provider '" + id.trim() + "' in --provider (known: " + Provider.knownIds() + ")"));
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--provider names no provider (known: " + Provider.knownIds() + ")");
        }
        return out.stream().sorted().toList();
    }
}
