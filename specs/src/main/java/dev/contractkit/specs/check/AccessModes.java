package dev.contractkit.specs.check;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
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
     * @return the findings without "required property 'x' not found" where a schema that applies at that place of
     *         the value marks {@code x} with the keyword
     */
    public static List<Finding> filter(ContractDocument doc, String schemaPointer, String keyword, List<Finding> findings) {
        if (findings.stream().noneMatch(f -> REQUIRED.matcher(f.message()).find())) {
            return findings;
        }
        return findings.stream().filter(f -> {
            Matcher m = REQUIRED.matcher(f.message());
            return !m.find() || !marked(doc, schemaPointer, f.pointer(), m.group(1), keyword);
        }).toList();
    }

    /**
     * @param instancePath where in the value the property is missing (a JSON pointer, "" for the top)
     * @return true when a schema that applies there (through properties, items, $refs and allOf/oneOf/anyOf) marks
     *         the property with the keyword
     */
    private static boolean marked(ContractDocument doc, String schemaPointer, String instancePath, String name, String keyword) {
        List<JsonNode> here = expand(doc, List.of(doc.at(schemaPointer)));
        for (String token : instancePath.isEmpty() ? new String[0] : instancePath.substring(1).split("/", -1)) {
            String key = token.replace("~1", "/").replace("~0", "~");
            List<JsonNode> next = new ArrayList<>();
            for (JsonNode s : here) {
                if (s.path("properties").has(key)) {
                    next.add(s.path("properties").get(key));
                } else if (key.chars().allMatch(Character::isDigit) && s.has("items")) {
                    next.add(s.get("items"));
                } else if (s.path("additionalProperties").isObject()) {
                    next.add(s.get("additionalProperties"));
                }
            }
            here = expand(doc, next);
        }
        return here.stream().anyMatch(s -> doc.resolve(s.path("properties").path(name)).path(keyword).asBoolean(false));
    }

    /** The schemas with their $refs followed and their allOf/oneOf/anyOf members added (bounded). */
    private static List<JsonNode> expand(ContractDocument doc, List<JsonNode> schemas) {
        List<JsonNode> out = new ArrayList<>();
        Deque<JsonNode> todo = new ArrayDeque<>(schemas);
        Set<JsonNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!todo.isEmpty() && seen.size() < LIMIT) {
            JsonNode s = doc.resolve(todo.pop());
            if (!s.isObject() || !seen.add(s)) {
                continue;
            }
            out.add(s);
            for (String list : List.of("allOf", "oneOf", "anyOf")) {
                s.path(list).forEach(todo::add);
            }
        }
        return out;
    }
}
