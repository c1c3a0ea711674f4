package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/** An operation's {@code x-kit-required-role}: the role a caller's token must list (none unless declared). */
public final class RequiredRole {
    /** {@code x-kit-required-role} */
    public static final String KEY = "x-kit-required-role";

    private RequiredRole() {
    }

    /**
     * @param operation an operation's node
     * @return the role it requires, when it names one
     */
    public static Optional<String> of(JsonNode operation) {
        JsonNode role = operation.path(KEY);
        return role.isTextual() && !role.asText().isEmpty() ? Optional.of(role.asText()) : Optional.empty();
    }
}
