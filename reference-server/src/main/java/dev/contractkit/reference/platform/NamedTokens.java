package dev.contractkit.reference.platform;

import java.util.Optional;

/**
 * The tokens an API accepts besides the kit token ({@link ApiModule#namedTokens()}), each naming a
 * {@link Principal}. The listener's filter tries the kit token first (compared in constant time,
 * {@link KitToken#matches}), then these.
 */
@FunctionalInterface
public interface NamedTokens {
    /** An API with the kit token only. */
    NamedTokens NONE = token -> Optional.empty();

    /**
     * @param token the bearer token a request sent (not the kit token)
     * @return the name of the principal it belongs to; empty when it is no valid token
     */
    Optional<String> principal(String token);
}
