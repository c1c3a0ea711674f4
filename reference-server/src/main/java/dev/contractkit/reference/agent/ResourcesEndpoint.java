package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.agent.model.DatasourceRegistration;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.SQLException;
import java.util.Map;
import java.util.stream.Collectors;

/** The run resources under {@code /api/v1}: data sources (list, register) and the workspace's fixed resources. */
final class ResourcesEndpoint extends ResourcesService {
    private final ObjectMapper mapper;
    private final ContractRules rules;
    private final AgentStore store;
    private final Workspace workspace;

    ResourcesEndpoint(ObjectMapper mapper, ContractRules rules, AgentStore store, Workspace workspace) {
        this.mapper = mapper;
        this.rules = rules;
        this.store = store;
        this.workspace = workspace;
    }

    @Override
    protected void handleListDatasources(ServerRequest request, ServerResponse response) {
        try {
            ObjectNode body = mapper.createObjectNode();
            ArrayNode items = body.putArray("items");
            store.datasources().forEach(d -> items.add(json(d)));
            response.send(body);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private ObjectNode json(AgentStore.Datasource d) {
        ObjectNode n = mapper.createObjectNode().put("id", d.id()).put("name", d.name()).put("jdbcUrl", d.jdbcUrl());
        if (d.username() != null) {
            n.put("username", d.username());
        }
        return n.put("hasPassword", d.password() != null).put("enabled", d.enabled()).put("builtIn", d.builtIn());
    }

    @Override
    protected void registerDatasource(ServerRequest request, ServerResponse response) {
        JsonNode body = ContractRules.jsonBody(request, mapper);
        Map<String, String> problems = rules.body("DatasourceRegistration", body);
        if (!problems.isEmpty()) {
            throw ApiError.invalid(problems.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        if (body.path("jdbcUrl").asText().toLowerCase(java.util.Locale.ROOT).contains("password=")) {
            throw new ApiError(Status.BAD_REQUEST_400, "INVALID_REQUEST",
                    "jdbcUrl: put the password in the `password` field, not in the URL (URLs are listed)");
        }
        AgentStore.Datasource d = new AgentStore.Datasource(body.path("id").asText(), body.path("name").asText(),
                body.path("jdbcUrl").asText(), text(body, "username"), text(body, "password"),
                body.path("enabled").asBoolean(true), false);
        try {
            if (!store.register(d)) {
                throw ApiError.conflict("data source '" + d.id() + "' exists");
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        response.status(Status.CREATED_201).send(json(d));
    }

    private static String text(JsonNode body, String field) {
        return body.hasNonNull(field) ? body.get(field).asText() : null;
    }

    @Override
    protected void handleRegisterDatasource(ServerRequest request, ServerResponse response, DatasourceRegistration r) {
        throw new IllegalStateException("registerDatasource is handled above");
    }

    private void list(ServerResponse response, String kind) {
        ObjectNode body = mapper.createObjectNode();
        ArrayNode items = body.putArray("items");
        for (Workspace.Resource r : workspace.all(kind)) {
            items.addObject().put("id", r.id()).put("name", r.name()).put("description", r.description())
                    .put("enabled", r.enabled());
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
        list(response, "llm");
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
}
