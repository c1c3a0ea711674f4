package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The run resources under {@code /api/v1}: data sources (list, register, read, update, delete), model profiles
 * (list), and knowledge
 * bases, MCP servers and skills (list, register, read, update, delete; see {@link ResourceRegistry}).
 */
final class ResourcesEndpoint extends ResourcesService {
    /** A kind {@link ResourceRegistry} serves: its name there, its id's path parameter and its two body schemas. */
    private record Kind(String name, String idParameter, String registration, String update) {
    }

    private static final Kind KNOWLEDGE_BASES = new Kind("kb", "knowledgeBaseId", "KnowledgeBaseRegistration",
            "KnowledgeBaseUpdate");
    private static final Kind MCP_SERVERS = new Kind("mcp", "mcpServerId", "McpServerRegistration", "McpServerUpdate");
    private static final Kind SKILLS = new Kind("skill", "skillId", "SkillRegistration", "SkillUpdate");

    private final ObjectMapper mapper;
    private final ContractRules rules;
    private final AgentStore store;
    private final Workspace workspace;
    private final ResourceRegistry registry;
    private final DataSourceConnections jdbc;

    ResourcesEndpoint(ObjectMapper mapper, ContractRules rules, AgentStore store, Workspace workspace, DataSourceConnections jdbc) {
        this.mapper = mapper;
        this.rules = rules;
        this.store = store;
        this.workspace = workspace;
        this.registry = new ResourceRegistry(mapper, workspace);
        this.jdbc = jdbc;
    }

    @Override
    protected void handleListDatasources(ServerRequest request, ServerResponse response) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        store.datasources().forEach(d -> items.add(json(d)));
        response.send(body);
    }

    private ObjectNode json(AgentStore.Datasource d) {
        ObjectNode n = mapper.createObjectNode().put("id", d.id()).put("name", d.name()).put("jdbcUrl", d.jdbcUrl());
        if (d.username() != null) {
            n.put("username", d.username());
        }
        return n.put("hasPassword", d.password() != null).put("enabled", d.enabled()).put("builtIn", d.builtIn());
    }

    /** @return the JSON body, checked against the contract's schema */
    private JsonNode body(ServerRequest request, String schema) {
        JsonNode body = ContractRules.jsonBody(request, mapper);
        Map<String, String> problems = rules.body(schema, body);
        if (!problems.isEmpty()) {
            throw ApiError.invalid(problems.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        return body;
    }

    @Override
    protected void registerDatasource(ServerRequest request, ServerResponse response) {
        JsonNode body = body(request, "DatasourceRegistration");
        noPasswordInUrl(body);
        jdbc.check(body.path("jdbcUrl").asText(), text(body, "username"), text(body, "password"));
        AgentStore.Datasource d = new AgentStore.Datasource(body.path("id").asText(), body.path("name").asText(),
                body.path("jdbcUrl").asText(), text(body, "username"), text(body, "password"),
                body.path("enabled").asBoolean(true), false);
        if (!store.register(d)) {
            throw ApiError.conflict("data source '" + d.id() + "' exists");
        }
        response.status(Status.CREATED_201).send(json(d));
    }

    private AgentStore.Datasource datasource(String id) {
        return store.datasource(id).orElseThrow(() -> ApiError.notFound("no data source '" + id + "'"));
    }

    @Override
    protected void handleGetDatasource(ServerRequest request, ServerResponse response, String datasourceId) {
        response.send(json(datasource(datasourceId)));
    }

    @Override
    protected void updateDatasource(ServerRequest request, ServerResponse response) {
        String id = request.path().pathParameters().get("datasourceId");
        JsonNode body = body(request, "DatasourceUpdate");
        noPasswordInUrl(body);
        AgentStore.Datasource current = datasource(id);
        if (current.builtIn()) {
            throw ApiError.conflict("data source '" + id + "' is built in and cannot be changed");
        }
        String url = body.path("jdbcUrl").asText();
        jdbc.check(url, text(body, "username"), text(body, "password"));
        String password = text(body, "password");
        // a password never follows the data source to a URL the caller chose: a new URL needs it sent again
        boolean keepPassword = password == null && url.equals(current.jdbcUrl());
        AgentStore.Datasource d = new AgentStore.Datasource(id, body.path("name").asText(), url,
                text(body, "username"), password == null || password.isEmpty() ? null : password,
                body.path("enabled").asBoolean(true), false);
        store.update(d, keepPassword);
        response.send(json(datasource(id)));
    }

    @Override
    protected void handleDeleteDatasource(ServerRequest request, ServerResponse response, String datasourceId) {
        if (datasource(datasourceId).builtIn()) {
            throw ApiError.conflict("data source '" + datasourceId + "' is built in and cannot be deleted");
        }
        store.deleteDatasource(datasourceId);
        response.status(Status.NO_CONTENT_204).send();
    }

    private static void noPasswordInUrl(JsonNode body) {
        if (body.path("jdbcUrl").asText().toLowerCase(Locale.ROOT).contains("password=")) {
            throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST",
                    "jdbcUrl: put the password in the `password` field, not in the URL (URLs are listed)");
        }
    }

    private static String text(JsonNode body, String field) {
        return body.hasNonNull(field) ? body.get(field).asText() : null;
    }

    private void list(ServerResponse response, String kind) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        for (Workspace.Resource r : workspace.all(kind)) {
            items.addObject().put("id", r.id()).put("name", r.name()).put("description", r.description())
                    .put("enabled", r.enabled()).put("builtIn", r.builtIn());
        }
        response.send(body);
    }

    @Override
    protected void handleListKnowledgeBases(ServerRequest request, ServerResponse response) {
        list(response, "kb");
    }

    @Override
    protected void handleListMcpServers(ServerRequest request, ServerResponse response) {
        list(response, "mcp");
    }

    @Override
    protected void handleListModelProfiles(ServerRequest request, ServerResponse response) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        for (Workspace.Resource r : workspace.all("llm")) {
            JsonNode n = r.node();
            ObjectNode item = items.addObject().put("id", r.id()).put("name", r.name()).put("description", r.description())
                    .put("enabled", r.enabled()).put("default", r.isDefault())
                    .put("provider", n.path("provider").asText("deterministic"));
            if (n.hasNonNull("model")) { // the key itself is never listed: only whether there is one
                item.put("model", n.path("model").asText()).put("endpoint", n.path("endpoint").asText())
                        .put("hasKey", n.path("hasKey").asBoolean());
            }
        }
        response.send(body);
    }

    @Override
    protected void handleSearchKnowledgeBase(ServerRequest request, ServerResponse response, String knowledgeBaseId,
                                             String q) {
        Workspace.Resource kb = workspace.find("kb", knowledgeBaseId);
        if (kb == null || !kb.enabled()) {
            throw ApiError.notFound("no knowledge base '" + knowledgeBaseId + "'");
        }
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        for (Workspace.Hit h : workspace.search(knowledgeBaseId, q)) {
            items.addObject().put("knowledgeBaseId", h.knowledgeBaseId()).put("title", h.title()).put("text", h.text())
                    .put("score", h.score());
        }
        response.send(body);
    }

    @Override
    protected void handleListSkills(ServerRequest request, ServerResponse response) {
        list(response, "skill");
    }

    // knowledge bases, MCP servers and skills: the stub has a method per operation and kind, and each passes its kind
    // to the one helper for that operation

    private void register(ServerRequest request, ServerResponse response, Kind kind) {
        response.status(Status.CREATED_201).send(registry.register(kind.name(), body(request, kind.registration())));
    }

    @Override
    protected void registerKnowledgeBase(ServerRequest request, ServerResponse response) {
        register(request, response, KNOWLEDGE_BASES);
    }

    @Override
    protected void registerMcpServer(ServerRequest request, ServerResponse response) {
        register(request, response, MCP_SERVERS);
    }

    @Override
    protected void registerSkill(ServerRequest request, ServerResponse response) {
        register(request, response, SKILLS);
    }

    private void update(ServerRequest request, ServerResponse response, Kind kind) {
        String id = request.path().pathParameters().get(kind.idParameter());
        response.send(registry.update(kind.name(), id, body(request, kind.update())));
    }

    @Override
    protected void updateKnowledgeBase(ServerRequest request, ServerResponse response) {
        update(request, response, KNOWLEDGE_BASES);
    }

    @Override
    protected void updateMcpServer(ServerRequest request, ServerResponse response) {
        update(request, response, MCP_SERVERS);
    }

    @Override
    protected void updateSkill(ServerRequest request, ServerResponse response) {
        update(request, response, SKILLS);
    }

    @Override
    protected void handleGetKnowledgeBase(ServerRequest request, ServerResponse response, String id) {
        response.send(registry.get(KNOWLEDGE_BASES.name(), id));
    }

    @Override
    protected void handleGetMcpServer(ServerRequest request, ServerResponse response, String id) {
        response.send(registry.get(MCP_SERVERS.name(), id));
    }

    @Override
    protected void handleGetSkill(ServerRequest request, ServerResponse response, String id) {
        response.send(registry.get(SKILLS.name(), id));
    }

    private void delete(ServerResponse response, Kind kind, String id) {
        registry.delete(kind.name(), id);
        response.status(Status.NO_CONTENT_204).send();
    }

    @Override
    protected void handleDeleteKnowledgeBase(ServerRequest request, ServerResponse response, String id) {
        delete(response, KNOWLEDGE_BASES, id);
    }

    @Override
    protected void handleDeleteMcpServer(ServerRequest request, ServerResponse response, String id) {
        delete(response, MCP_SERVERS, id);
    }

    @Override
    protected void handleDeleteSkill(ServerRequest request, ServerResponse response, String id) {
        delete(response, SKILLS, id);
    }
}
