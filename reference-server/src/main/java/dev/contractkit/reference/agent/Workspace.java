package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ModelProfiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The workspace's fixed resources (knowledge bases, skills, model profiles, MCP servers) from
 * {@code agent/workspace.json} (built in, read-only), merged with those registered through the API
 * ({@link ResourceStore}); data sources are registered through the API and live in {@link AgentStore}.
 * {@code enabled: false} is server policy: such a resource is listed but never part of a run.
 */
final class Workspace {
    /**
     * A resource; {@code node} holds the kind's fields (documents, instructions, url), never a secret.
     * {@code builtIn}: from the workspace file (read-only) rather than registered through the API.
     */
    record Resource(String id, String name, String description, boolean enabled, boolean isDefault, JsonNode node,
                    boolean builtIn, boolean hasSecret) {
    }

    private final String id;
    private final Map<String, Map<String, Resource>> byKind = new LinkedHashMap<>();
    private final ResourceStore registered;

    private Workspace(JsonNode root, ResourceStore registered) {
        this.id = root.path("workspaceId").asText("default");
        this.registered = registered;
        read(root, "kb", "knowledgeBases");
        read(root, "skill", "skills");
        read(root, "llm", "modelProfiles");
        read(root, "mcp", "mcpServers");
    }

    /** @param registered the resources registered through the API, merged after the built-in ones */
    static Workspace load(ObjectMapper mapper, ResourceStore registered) {
        return load(mapper, registered, List.of());
    }

    /**
     * @param registered the resources registered through the API, merged after the built-in ones
     * @param profiles   model profiles configured in the settings ({@link ModelProfiles}), after the file's
     */
    static Workspace load(ObjectMapper mapper, ResourceStore registered, List<ObjectNode> profiles) {
        try (InputStream in = Workspace.class.getResourceAsStream("/agent/workspace.json")) {
            ObjectNode root = (ObjectNode) mapper.readTree(in);
            profiles.forEach(((ArrayNode) root.withArray("modelProfiles"))::add);
            return new Workspace(root, registered);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read(JsonNode root, String kind, String field) {
        Map<String, Resource> out = new LinkedHashMap<>();
        for (JsonNode n : root.path(field)) {
            out.put(n.path("id").asText(), new Resource(n.path("id").asText(), n.path("name").asText(),
                    n.path("description").asText(""), n.path("enabled").asBoolean(true), n.path("default").asBoolean(false), n, true, false));
        }
        byKind.put(kind, out);
    }

    String id() {
        return id;
    }

    /** @param kind kb, skill, llm or mcp */
    List<Resource> all(String kind) {
        List<Resource> out = new ArrayList<>(byKind.getOrDefault(kind, Map.of()).values());
        if (registered != null && !kind.equals("llm")) {
            registered.all(kind).stream().filter(e -> !byKind.getOrDefault(kind, Map.of()).containsKey(e.id()))
                    .map(Workspace::resource).forEach(out::add);
        }
        return out;
    }

    private static Resource resource(ResourceStore.Entry e) {
        return new Resource(e.id(), e.name(), e.description(), e.enabled(), false, e.body(), false, e.hasSecret());
    }

    /** @return the store of resources registered through the API */
    ResourceStore registered() {
        return registered;
    }

    /** @return the secret (an MCP server's token) stored with a registered resource, or null; for server-side use only */
    String secret(String kind, String id) {
        return registered == null || builtIn(kind, id) ? null : registered.secret(kind, id);
    }

    /** @return true when the id names a resource of the workspace file */
    boolean builtIn(String kind, String id) {
        return byKind.getOrDefault(kind, Map.of()).containsKey(id);
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
        List<String> words = Arrays.stream(query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> w.length() >= 3).distinct().toList();
        for (JsonNode doc : kb.node().path("documents")) {
            String hay = (doc.path("title").asText() + " " + doc.path("text").asText()).toLowerCase(Locale.ROOT);
            int score = (int) words.stream().filter(hay::contains).count();
            if (score > 0) {
                out.add(new Hit(knowledgeBaseId, doc.path("title").asText(), doc.path("text").asText(), score));
            }
        }
        out.sort(Comparator.comparingInt(Hit::score).reversed());
        return out;
    }

    Resource find(String kind, String id) {
        Resource builtIn = byKind.getOrDefault(kind, Map.of()).get(id);
        if (builtIn != null || registered == null || kind.equals("llm")) {
            return builtIn;
        }
        return registered.find(kind, id).map(Workspace::resource).orElse(null);
    }
}
