package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workspace's fixed resources (knowledge bases, skills, model profiles, MCP servers) from
 * {@code agent/workspace.json}; data sources are registered through the API and live in {@link AgentStore}.
 * {@code enabled: false} is server policy: such a resource is listed but never part of a run.
 */
final class Workspace {
    record Resource(String id, String name, String description, boolean enabled, boolean isDefault, JsonNode node) {
    }

    private final String id;
    private final Map<String, Map<String, Resource>> byKind = new LinkedHashMap<>();

    private Workspace(JsonNode root) {
        this.id = root.path("workspaceId").asText("default");
        read(root, "kb", "knowledgeBases");
        read(root, "skill", "skills");
        read(root, "llm", "modelProfiles");
        read(root, "mcp", "mcpServers");
    }

    static Workspace load(ObjectMapper mapper) {
        try (InputStream in = Workspace.class.getResourceAsStream("/agent/workspace.json")) {
            return new Workspace(mapper.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read(JsonNode root, String kind, String field) {
        Map<String, Resource> out = new LinkedHashMap<>();
        for (JsonNode n : root.path(field)) {
            out.put(n.path("id").asText(), new Resource(n.path("id").asText(), n.path("name").asText(),
                    n.path("description").asText(""), n.path("enabled").asBoolean(true), n.path("default").asBoolean(false), n));
        }
        byKind.put(kind, out);
    }

    String id() {
        return id;
    }

    /** @param kind kb, skill, llm or mcp */
    List<Resource> all(String kind) {
        return new ArrayList<>(byKind.getOrDefault(kind, Map.of()).values());
    }

    /** A matching document. */
    record Hit(String knowledgeBaseId, String title, String text, int score) {
    }

    /**
     * @return the documents of the knowledge base containing words (3+ letters) of the query, best first
     */
    List<Hit> search(String knowledgeBaseId, String query) {
        Resource kb = find("kb", knowledgeBaseId);
        List<Hit> out = new ArrayList<>();
        if (kb == null) {
            return out;
        }
        List<String> words = java.util.Arrays.stream(query.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> w.length() >= 3).distinct().toList();
        for (JsonNode doc : kb.node().path("documents")) {
            String hay = (doc.path("title").asText() + " " + doc.path("text").asText()).toLowerCase(java.util.Locale.ROOT);
            int score = (int) words.stream().filter(hay::contains).count();
            if (score > 0) {
                out.add(new Hit(knowledgeBaseId, doc.path("title").asText(), doc.path("text").asText(), score));
            }
        }
        out.sort(java.util.Comparator.comparingInt(Hit::score).reversed());
        return out;
    }

    Resource find(String kind, String id) {
        return byKind.getOrDefault(kind, Map.of()).get(id);
    }
}
