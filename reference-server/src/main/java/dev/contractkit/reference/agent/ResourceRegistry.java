package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.http.Status;

import java.net.URI;
import java.util.regex.Pattern;

/**
 * Registering, reading, updating and deleting knowledge bases ({@code kb}), MCP servers ({@code mcp}) and skills
 * ({@code skill}). Bodies arrive checked against the contract; this class adds the rules the schema cannot say:
 * no credential outside an MCP server's {@code token} field, built-in resources are read-only, ids are unique.
 */
final class ResourceRegistry {
    private static final Pattern SECRET_QUERY = Pattern.compile(
            "(?i)(^|&)(token|access_token|api[_-]?key|key|secret|password|auth)=");

    private final ObjectMapper mapper;
    private final Workspace workspace;

    ResourceRegistry(ObjectMapper mapper, Workspace workspace) {
        this.mapper = mapper;
        this.workspace = workspace;
    }

    ObjectNode register(String kind, JsonNode body) {
        String id = body.path("id").asText();
        ResourceStore.Entry e = entry(kind, id, body);
        if (workspace.builtIn(kind, id) || !workspace.registered().insert(e, secretOf(body))) {
            throw ApiError.conflict("'" + id + "' exists");
        }
        return json(kind, workspace.find(kind, id));
    }

    ObjectNode update(String kind, String id, JsonNode body) {
        Workspace.Resource current = existing(kind, id);
        if (current.builtIn()) {
            throw ApiError.conflict("'" + id + "' is built in (from the workspace file) and cannot be changed");
        }
        // a token never follows the MCP server to a URL the caller chose: a new URL needs it sent again
        boolean keep = !body.has("token") && (!kind.equals("mcp")
                || current.node().path("url").asText().equals(body.path("url").asText()));
        String token = body.has("token") ? body.path("token").asText() : null;
        workspace.registered().update(entry(kind, id, body), token == null || token.isEmpty() ? null : token, keep);
        return json(kind, workspace.find(kind, id));
    }

    ObjectNode get(String kind, String id) {
        return json(kind, existing(kind, id));
    }

    void delete(String kind, String id) {
        Workspace.Resource current = existing(kind, id);
        if (current.builtIn()) {
            throw ApiError.conflict("'" + id + "' is built in (from the workspace file) and cannot be deleted");
        }
        workspace.registered().delete(kind, id);
    }

    private Workspace.Resource existing(String kind, String id) {
        Workspace.Resource r = workspace.find(kind, id);
        if (r == null) {
            throw ApiError.notFound("no " + noun(kind) + " '" + id + "'");
        }
        return r;
    }

    private static String noun(String kind) {
        return switch (kind) {
            case "kb" -> "knowledge base";
            case "mcp" -> "MCP server";
            default -> "skill";
        };
    }

    private ResourceStore.Entry entry(String kind, String id, JsonNode body) {
        credentials(kind, body);
        ObjectNode fields = mapper.createObjectNode();
        switch (kind) {
            case "kb" -> fields.set("documents", body.path("documents"));
            case "mcp" -> fields.put("url", mcpUrl(body.path("url").asText()));
            default -> {
                fields.put("instructions", body.path("instructions").asText());
                SkillShape.copy(body, fields); // tools, answerFormat, sections
            }
        }
        return new ResourceStore.Entry(kind, id, body.path("name").asText(), body.path("description").asText(""),
                body.path("enabled").asBoolean(true), fields, false);
    }

    /** A path starting with {@code //} would be read as another host by the MCP transport (checked again at use). */
    private static String mcpUrl(String url) {
        String path = URI.create(url.trim()).getRawPath();
        if (path != null && path.startsWith("//")) {
            throw ApiError.invalid("url: the path may not start with '//' (it would name another host)");
        }
        return url;
    }

    private static String secretOf(JsonNode body) {
        String token = body.path("token").asText("");
        return token.isEmpty() ? null : token;
    }

    /** Credentials belong only in an MCP server's {@code token}: documents and instructions show up in events. */
    private void credentials(String kind, JsonNode body) {
        ObjectNode rest = body.deepCopy();
        rest.remove("token");
        String hit = CredentialScanner.scan(rest, "body");
        if (hit == null && kind.equals("mcp")) {
            URI url = URI.create(body.path("url").asText().trim());
            if (url.getRawUserInfo() != null || (url.getRawQuery() != null && SECRET_QUERY.matcher(url.getRawQuery()).find())) {
                hit = "body.url";
            }
        }
        if (hit != null) {
            throw new ApiError(Status.BAD_REQUEST_400, "CREDENTIALS_NOT_ALLOWED", hit + ": credentials are not accepted "
                    + (kind.equals("mcp") ? "here; put the MCP server's token in the `token` field"
                    : "in a " + noun(kind) + " (its text appears in run events)"));
        }
    }

    /** The contract's KnowledgeBase, McpServer or Skill; never a secret. */
    ObjectNode json(String kind, Workspace.Resource r) {
        ObjectNode n = mapper.createObjectNode().put("id", r.id()).put("name", r.name()).put("description", r.description());
        switch (kind) {
            case "kb" -> n.put("enabled", r.enabled()).put("builtIn", r.builtIn()).set("documents", documents(r.node()));
            case "mcp" -> n.put("url", r.node().path("url").asText()).put("hasToken", r.hasSecret())
                    .put("enabled", r.enabled()).put("builtIn", r.builtIn());
            default -> {
                n.put("instructions", r.node().path("instructions").asText()).put("enabled", r.enabled())
                        .put("builtIn", r.builtIn());
                SkillShape.copy(r.node(), n);
            }
        }
        return n;
    }

    private JsonNode documents(JsonNode node) {
        var out = mapper.createArrayNode();
        node.path("documents").forEach(d -> out.addObject().put("title", d.path("title").asText())
                .put("text", d.path("text").asText()));
        return out;
    }

}
