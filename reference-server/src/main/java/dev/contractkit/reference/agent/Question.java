package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The question of a run: the text of the last {@code user} message of a RunAgentInput (a content of parts is their
 * {@code text} joined), or empty when there is none. Read by the run config (skill mode {@code auto}) and the analyst.
 */
final class Question {
    private Question() {
    }

    static String of(JsonNode input) {
        String q = "";
        for (JsonNode m : input.path("messages")) {
            if (m.path("role").asText().equals("user")) {
                JsonNode c = m.path("content");
                if (c.isTextual()) {
                    q = c.asText();
                } else if (c.isArray()) {
                    StringBuilder b = new StringBuilder();
                    c.forEach(p -> b.append(p.path("text").asText("")));
                    q = b.toString();
                }
            }
        }
        return q;
    }
}
