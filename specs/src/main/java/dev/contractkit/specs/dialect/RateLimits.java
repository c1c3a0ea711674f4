package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A document's {@code x-kit-rate-limits} (categories of limits) and an operation's
 * {@code x-kit-rate-limit-category}.
 *
 * <pre>{@code
 * RateLimits limits = RateLimits.of(doc.root());
 * Optional<RateLimits.Category> c = limits.forOperation(op.node()); // e.g. write: 100 per 3600 s
 * }</pre>
 *
 * @param categories the categories by name, in document order
 */
public record RateLimits(Map<String, Category> categories) {
    /** {@code x-kit-rate-limits} */
    public static final String KEY = "x-kit-rate-limits";
    /** {@code x-kit-rate-limit-category} */
    public static final String CATEGORY_KEY = "x-kit-rate-limit-category";
    /** The window of a category without {@code window_seconds}: an hour. */
    public static final long DEFAULT_WINDOW_SECONDS = 3600;

    /**
     * One category.
     *
     * @param name               its name, e.g. {@code write}
     * @param limit              requests per window
     * @param windowSeconds      the fixed window's length ({@link #DEFAULT_WINDOW_SECONDS} unless declared)
     * @param key                what requests are counted per ({@code user}, {@code api-key}, {@code client-address}), if said
     * @param unauthenticatedKey what requests without a valid credential are counted per, if they are limited
     */
    public record Category(String name, int limit, long windowSeconds, Optional<String> key,
                           Optional<String> unauthenticatedKey) {
    }

    /**
     * @param root the document's root
     * @return its categories (a category without a whole-number {@code limit} is not one); none without the key
     */
    public static RateLimits of(JsonNode root) {
        Map<String, Category> out = new LinkedHashMap<>();
        root.path(KEY).fields().forEachRemaining(e -> {
            JsonNode c = e.getValue();
            if (c.path("limit").canConvertToInt()) {
                JsonNode window = c.path("window_seconds");
                out.put(e.getKey(), new Category(e.getKey(), c.path("limit").asInt(),
                        window.canConvertToLong() ? window.asLong() : DEFAULT_WINDOW_SECONDS,
                        text(c.path("key")), text(c.path("unauthenticated-key"))));
            }
        });
        return new RateLimits(Collections.unmodifiableMap(out));
    }

    /**
     * @param operation an operation's node
     * @return its {@code x-kit-rate-limit-category}, when it names one
     */
    public static Optional<String> categoryOf(JsonNode operation) {
        return text(operation.path(CATEGORY_KEY)).filter(s -> !s.isEmpty());
    }

    /**
     * @param operation an operation's node
     * @return the category it names, when that category is declared
     */
    public Optional<Category> forOperation(JsonNode operation) {
        return categoryOf(operation).map(categories::get);
    }

    private static Optional<String> text(JsonNode n) {
        return n.isTextual() ? Optional.of(n.asText()) : Optional.empty();
    }
}
