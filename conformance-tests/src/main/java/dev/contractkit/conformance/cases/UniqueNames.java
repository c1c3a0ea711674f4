package dev.contractkit.conformance.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.check.Pointers;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Makes a create's body unique, so that a server that refuses a second "name" or "username" (like any real one
 * would) accepts every create the run sends, this run's and the next one's.
 */
final class UniqueNames {
    private final Contract contract;
    private final Schemas schemas;
    /** Per run, so that a second run against the same server creates other names. */
    private final String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private int uniques;

    UniqueNames(Contract contract, Schemas schemas) {
        this.contract = contract;
        this.schemas = schemas;
    }

    /**
     * Every free-text string (no enum, format, pattern or const) gets a suffix, the same one for equal values (so
     * references inside the body stay intact), and an email its suffix before the {@code @}. The suffix changes per
     * call and per run. A body that would break its schema that way is left as it was.
     */
    JsonNode unique(Operation op, JsonNode body, String salt) {
        Optional<String> pointer = op.requestBody().map(p -> p + "/content");
        if (pointer.isEmpty()) {
            return body;
        }
        JsonNode content = contract.document().at(pointer.get());
        for (Iterator<String> it = content.fieldNames(); it.hasNext(); ) {
            String media = it.next();
            if (Contract.isJson(media) || Contract.covers(RequestDraft.Body.FORM, media)) {
                String schemaPointer = Pointers.append(pointer.get(), media, "schema");
                String suffix = "-" + run + Long.toString(++uniques, 36) + salt.charAt(0);
                JsonNode copy = body.deepCopy();
                Map<String, String> renamed = new LinkedHashMap<>();
                JsonNode out = uniqueValue(copy, contract.document().at(schemaPointer), suffix, renamed, 0);
                boolean valid = contract.validator().validate(schemaPointer, out, op.toString()).isEmpty();
                return valid ? out : body;
            }
        }
        return body;
    }

    private JsonNode uniqueValue(JsonNode value, JsonNode schemaNode, String suffix, Map<String, String> renamed,
                                 int depth) {
        JsonNode s = schemas.resolve(schemaNode);
        if (depth > 8) {
            return value;
        }
        if (value instanceof ObjectNode o) {
            for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                o.set(name, uniqueValue(o.get(name), s.path("properties").path(name), suffix, renamed, depth + 1));
            }
            return o;
        }
        if (value instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                a.set(i, uniqueValue(a.get(i), s.path("items"), suffix, renamed, depth + 1));
            }
            return a;
        }
        if (!value.isTextual() || s.has("enum") || s.has("const") || !Schemas.type(s).equals("string")) {
            return value;
        }
        String text = value.asText();
        String format = s.path("format").asText("");
        String changed = renamed.computeIfAbsent(text, t -> switch (format) {
            case "" -> t + suffix;
            case "email" -> t.contains("@") ? t.substring(0, t.indexOf('@')) + suffix + t.substring(t.indexOf('@')) : t;
            default -> t;
        });
        boolean fits = changed.length() <= s.path("maxLength").asInt(Integer.MAX_VALUE)
                && (!s.has("pattern") || Values.matches(s.get("pattern").asText(), changed));
        return TextNode.valueOf(fits ? changed : text);
    }
}
