package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An operation's {@code x-kit-emits}: the messages a write sends on the API's channels, a message name
 * ({@code x-kit-emits: coupon_created}) or a list of names and objects ({@code {message, data, when}}).
 *
 * @param entries every entry, a text node (a message name) or an object
 */
public record Emits(List<JsonNode> entries) {
    /** {@code x-kit-emits} */
    public static final String KEY = "x-kit-emits";

    /**
     * @param operation an operation's node
     * @return its entries; none without the key
     */
    public static Emits of(JsonNode operation) {
        JsonNode emits = operation.path(KEY);
        List<JsonNode> all = new ArrayList<>();
        if (emits.isArray()) {
            emits.forEach(all::add);
        } else if (!emits.isMissingNode() && !emits.isNull()) {
            all.add(emits);
        }
        return new Emits(List.copyOf(all));
    }

    /** @return the message name when the key names exactly one message by name */
    public Optional<String> single() {
        return entries.size() == 1 && entries.get(0).isTextual() ? Optional.of(entries.get(0).asText()) : Optional.empty();
    }
}
