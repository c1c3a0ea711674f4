package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A task as submitted or translated: what to run, after what, how often and for how long.
 *
 * @param id         unique task id
 * @param kind       what it does
 * @param params     kind-specific parameters (the normalized input)
 * @param toolName   the agent's tool name, or null
 * @param input      the input as the agent sent it, or null
 * @param dependsOn  ids that must end {@code success} first
 * @param retry      further attempts after a failure
 * @param timeoutMs  time-out of one attempt
 * @param annotations free-form labels
 */
record TaskSpec(String id, ActionKind kind, ObjectNode params, String toolName, JsonNode input, List<String> dependsOn,
                int retry, long timeoutMs, Map<String, String> annotations) {

    TaskSpec {
        params = params == null ? JsonNodeFactory.instance.objectNode() : params;
        dependsOn = List.copyOf(dependsOn);
        annotations = Map.copyOf(annotations);
    }

    /** @return the JSON of this spec in the contract's TaskSpec shape */
    ObjectNode toJson() {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("id", id);
        n.put("type", kind.id());
        n.set("params", params);
        if (toolName != null) {
            n.put("tool_name", toolName);
        }
        if (input != null && !input.isNull()) {
            n.set("input", input);
        }
        n.put("execution_category", kind.category());
        n.set("depends_on", n.arrayNode().addAll(dependsOn.stream().map(JsonNodeFactory.instance::textNode).toList()));
        n.put("retry", retry);
        n.put("timeout", timeoutMs);
        ObjectNode a = n.putObject("annotations");
        new TreeMap<>(annotations).forEach(a::put);
        return n;
    }
}
