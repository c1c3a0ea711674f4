package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.specs.dialect.Emits;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import dev.contractkit.mock.http.Json;

/**
 * The messages a {@code --stateful} write sends on the API's channels, as its operation's {@code x-kit-emits} says:
 * a message name ({@code x-kit-emits: coupon_created}), or a list of names and objects
 * {@code {message: coupon_expired, data: {reason: deleted}, when: {active: false}}}: {@code data} adds constant
 * fields, {@code when} sends the message only when the write turned the item into that state (it did not hold
 * before). What a message carries: a create's and a delete's item; an update's id, the fields it changed and
 * {@code cleared} (the fields a {@code null} removed). The channel side keeps the fields the message declares.
 */
final class WriteEvents {
    private record Entry(String message, ObjectNode constants, ObjectNode when) {
    }

    private final List<Entry> entries;

    private WriteEvents(List<Entry> entries) {
        this.entries = entries;
    }

    static WriteEvents of(Emits emits) {
        List<Entry> out = new ArrayList<>();
        for (JsonNode e : emits.entries()) {
            if (e.isTextual()) {
                out.add(new Entry(e.asText(), Json.MAPPER.createObjectNode(), Json.MAPPER.createObjectNode()));
            } else if (e.isObject() && e.path("message").isTextual()) {
                out.add(new Entry(e.get("message").asText(), object(e.path("data")), object(e.path("when"))));
            }
        }
        return new WriteEvents(List.copyOf(out));
    }

    private static ObjectNode object(JsonNode n) {
        return n instanceof ObjectNode o ? o : Json.MAPPER.createObjectNode();
    }

    /**
     * @param action create, update or delete
     * @param before the item before the write (null for a create)
     * @param after  the item after it
     */
    void sent(String action, ObjectNode before, ObjectNode after, String idField, MockState.EventSink sink) {
        if (entries.isEmpty()) {
            return;
        }
        ObjectNode fields = action.equals("update") ? changes(before, after, idField) : after.deepCopy();
        for (Entry e : entries) {
            if (!e.when().isEmpty() && (!holds(e.when(), after) || (before != null && holds(e.when(), before)))) {
                continue;
            }
            ObjectNode message = fields.deepCopy();
            message.setAll(e.constants());
            sink.emit(e.message(), message);
        }
    }

    private static ObjectNode changes(ObjectNode before, ObjectNode after, String idField) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.set(idField, after.get(idField));
        for (Iterator<Map.Entry<String, JsonNode>> it = after.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!Objects.equals(before.get(f.getKey()), f.getValue())) {
                out.set(f.getKey(), f.getValue());
            }
        }
        ArrayNode cleared = Json.MAPPER.createArrayNode();
        before.fieldNames().forEachRemaining(name -> {
            if (!after.has(name) || after.get(name).isNull()) {
                cleared.add(name);
            }
        });
        if (!cleared.isEmpty()) {
            out.set("cleared", cleared);
        }
        return out;
    }

    private static boolean holds(ObjectNode when, ObjectNode item) {
        for (Iterator<Map.Entry<String, JsonNode>> it = when.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getValue().equals(item.get(f.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
