package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Optional;

/** {@code info.x-kit-previous-version}: the file of the contract's predecessor, next to it (none unless declared). */
public final class PreviousVersion {
    /** {@code x-kit-previous-version} */
    public static final String KEY = "x-kit-previous-version";

    private PreviousVersion() {
    }

    /**
     * @param root a document's root
     * @return the predecessor's file name, e.g. {@code codehost-v4.yaml}
     */
    public static Optional<String> of(JsonNode root) {
        JsonNode v = root.path("info").path(KEY);
        return v.isTextual() && !v.asText().isBlank() ? Optional.of(v.asText()) : Optional.empty();
    }
}
