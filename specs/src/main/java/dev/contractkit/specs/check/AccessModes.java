package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenAPI's {@code readOnly} and {@code writeOnly} on required properties: "If the property is marked as
 * writeOnly being true and is in the required list, the required will take effect on the request only" (3.0.3,
 * Schema Object; readOnly likewise for responses). JSON Schema's validator knows nothing of the direction, so a
 * response without a required {@code writeOnly} property (bunq's device {@code secret}) or a request without a
 * required {@code readOnly} one (an {@code id}) would be refused; these findings are dropped.
 */
public final class AccessModes {
    private static final Pattern REQUIRED = Pattern.compile("required property '([^']+)' not found");
    private static final int LIMIT = 2_000;

    private AccessModes() {
    }

    /**
     * @param schemaPointer the schema the findings are of
     * @param keyword       {@code writeOnly} for a response, {@code readOnly} for a request
     * @return the findings without "required property 'x' not found" for an {@code x} the schema (or one it reaches)
     *         marks with the keyword
     */
    public static List<Finding> filter(ContractDocument doc, String schemaPointer, String keyword, List<Finding> findings) {
        if (findings.stream().noneMatch(f -> REQUIRED.matcher(f.message()).find())) {
            return findings;
        }
        Set<String> marked = marked(doc, schemaPointer, keyword);
        return findings.stream().filter(f -> {
            Matcher m = REQUIRED.matcher(f.message());
            return !m.find() || !marked.contains(m.group(1));
        }).toList();
    }

    /** The names of the properties marked with the keyword in every schema reachable from the pointer. */
    private static Set<String> marked(ContractDocument doc, String pointer, String keyword) {
        Set<String> names = new HashSet<>();
        Set<JsonNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.add(doc.at(pointer));
        while (!todo.isEmpty() && seen.size() < LIMIT) {
            JsonNode s = todo.pop();
            if (s.has("$ref") && s.get("$ref").asText().startsWith("#")) {
                s = doc.at(Pointers.ofRef(s.get("$ref").asText()));
            }
            if (!s.isObject() || !seen.add(s)) {
                continue;
            }
            s.path("properties").fields().forEachRemaining(p -> {
                JsonNode property = p.getValue().has("$ref") ? doc.resolve(p.getValue()) : p.getValue();
                if (property.path(keyword).asBoolean(false)) {
                    names.add(p.getKey());
                }
                todo.add(p.getValue());
            });
            for (String list : List.of("allOf", "oneOf", "anyOf")) {
                s.path(list).forEach(todo::add);
            }
            todo.add(s.path("items"));
            todo.add(s.path("additionalProperties"));
        }
        return names;
    }
}
