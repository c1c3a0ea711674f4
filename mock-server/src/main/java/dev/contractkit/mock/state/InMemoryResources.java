package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code --stateful} mock's memory for one API: resources by name, items by id in creation order. Items
 * seeded from the contract's examples at start come back on {@link #reset()}.
 */
public final class InMemoryResources {
    private final Map<String, Map<String, ObjectNode>> seeds = new LinkedHashMap<>();
    private final Map<String, Map<String, ObjectNode>> live = new LinkedHashMap<>();
    private final AtomicLong sequence = new AtomicLong();

    /** Adds an item the contract's examples show (kept across resets); an id seen before is merged. */
    synchronized void seed(String resource, String id, ObjectNode item) {
        Map<String, ObjectNode> items = seeds.computeIfAbsent(resource, r -> new LinkedHashMap<>());
        ObjectNode known = items.get(id);
        if (known == null) {
            items.put(id, item.deepCopy());
        } else {
            item.fields().forEachRemaining(e -> known.putIfAbsent(e.getKey(), e.getValue()));
        }
        live.computeIfAbsent(resource, r -> new LinkedHashMap<>()).put(id, items.get(id).deepCopy());
    }

    synchronized Optional<ObjectNode> get(String resource, String id) {
        return Optional.ofNullable(items(resource).get(id)).map(ObjectNode::deepCopy);
    }

    synchronized List<ObjectNode> all(String resource) {
        return items(resource).values().stream().map(ObjectNode::deepCopy).toList();
    }

    synchronized void put(String resource, String id, ObjectNode item) {
        items(resource).put(id, item.deepCopy());
    }

    synchronized boolean remove(String resource, String id) {
        return items(resource).remove(id) != null;
    }

    /** @return a number never handed out before in this store (for integer ids: above every stored one) */
    synchronized long nextNumber(String resource, String idField) {
        long max = items(resource).values().stream().mapToLong(i -> i.path(idField).asLong(0)).max().orElse(0);
        long next = Math.max(max, sequence.get()) + 1;
        sequence.set(next);
        return next;
    }

    /** Back to the seeded items. */
    synchronized void reset() {
        live.clear();
        seeds.forEach((resource, items) -> {
            Map<String, ObjectNode> copy = new LinkedHashMap<>();
            items.forEach((id, item) -> copy.put(id, item.deepCopy()));
            live.put(resource, copy);
        });
    }

    /** @return every resource with its item count, for the control API */
    synchronized Map<String, Integer> sizes() {
        Map<String, Integer> out = new LinkedHashMap<>();
        live.forEach((r, items) -> out.put(r, items.size()));
        return out;
    }

    private Map<String, ObjectNode> items(String resource) {
        return live.computeIfAbsent(resource, r -> new LinkedHashMap<>());
    }
}
