package dev.contractkit.specs.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/**
 * An operation's {@code x-kit-state}: what it does to a resource, for the mock's {@code --stateful} mode and the
 * suite's chains ({@code {resource: coupons, action: create, id: id, items: coupons, initial: {...},
 * soft: {active: false}, ids: ids}}).
 *
 * @param resource the resource's name
 * @param action   create, read, list, update or delete
 * @param id       the item's id field ({@link #DEFAULT_ID} unless declared)
 * @param items    the list's array field ({@link #DEFAULT_ITEMS} unless declared)
 * @param initial  fields a create adds (an object, or a missing node)
 * @param ids      the field of a create's answer that lists the ids of several items it made, if any
 * @param soft     the fields a soft delete sets, if the delete is soft
 */
public record State(String resource, String action, String id, String items, JsonNode initial, Optional<String> ids,
                    Optional<ObjectNode> soft) {
    /** {@code x-kit-state} */
    public static final String KEY = "x-kit-state";
    /** The id field unless declared. */
    public static final String DEFAULT_ID = "id";
    /** The list's array field unless declared. */
    public static final String DEFAULT_ITEMS = "items";

    /**
     * @param operation an operation's node
     * @return its declaration, when it has one naming a resource
     */
    public static Optional<State> of(JsonNode operation) {
        return from(operation.path(KEY));
    }

    /**
     * @param declaration an {@code x-kit-state} value (or one inferred like it)
     * @return the declaration, when it is an object naming a resource
     */
    public static Optional<State> from(JsonNode declaration) {
        if (!declaration.isObject() || declaration.path("resource").asText("").isEmpty()) {
            return Optional.empty();
        }
        JsonNode ids = declaration.path("ids");
        JsonNode soft = declaration.path("soft");
        return Optional.of(new State(declaration.path("resource").asText(), declaration.path("action").asText(),
                declaration.path("id").asText(DEFAULT_ID), declaration.path("items").asText(DEFAULT_ITEMS),
                declaration.path("initial"), ids.isTextual() ? Optional.of(ids.asText()) : Optional.empty(),
                soft.isObject() ? Optional.of((ObjectNode) soft) : Optional.empty()));
    }

    /** @return true for {@code action: create} */
    public boolean creates() {
        return action.equals("create");
    }
}
