package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.agent.api.ResourcesApi;
import dev.contractkit.sdk.agent.model.Datasource;
import dev.contractkit.sdk.agent.model.DatasourceRegistration;
import dev.contractkit.sdk.agent.model.DatasourceUpdate;
import dev.contractkit.sdk.agent.model.KnowledgeBase;
import dev.contractkit.sdk.agent.model.KnowledgeBaseRegistration;
import dev.contractkit.sdk.agent.model.KnowledgeBaseUpdate;
import dev.contractkit.sdk.agent.model.KnowledgeHit;
import dev.contractkit.sdk.agent.model.McpServer;
import dev.contractkit.sdk.agent.model.McpServerRegistration;
import dev.contractkit.sdk.agent.model.McpServerUpdate;
import dev.contractkit.sdk.agent.model.Resource;
import dev.contractkit.sdk.agent.model.Skill;
import dev.contractkit.sdk.agent.model.SkillRegistration;
import dev.contractkit.sdk.agent.model.SkillUpdate;
import dev.contractkit.sdk.platform.Http;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.Objects;

/**
 * Typed clients of the agent's run resources ({@code /api/v1} of {@code specs/openapi/agent.yaml}): data sources,
 * knowledge bases, MCP servers, skills and model profiles. Secrets (a data source's password, an MCP server's
 * token) are write-only: they go into a registration and never come back.
 *
 * <pre>{@code
 * AgentResources resources = AgentResources.builder().baseUrl("http://127.0.0.1:8090").build();
 * McpServer mcp = resources.mcpServers().register(new McpServerRegistration()
 *         .id("mcp-targets").name("Targets").url("http://127.0.0.1:3001/mcp").token(System.getenv("MCP_TOKEN")));
 * resources.knowledgeBases().list().forEach(kb -> System.out.println(kb.getId()));
 * }</pre>
 *
 * Every method throws {@link dev.contractkit.sdk.ApiException} for an error answer ({@code NotFoundException},
 * {@code ConflictException}, {@code BadRequestException} with code {@code CREDENTIALS_NOT_ALLOWED}, ...).
 */
public final class AgentResources {
    private final ResourcesApi api;

    private AgentResources(ResourcesApi api) {
        this.api = api;
    }

    /** @return a builder; {@code baseUrl} is required */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the data sources client */
    public Datasources datasources() {
        return new Datasources(api);
    }

    /** @return the knowledge bases client */
    public KnowledgeBases knowledgeBases() {
        return new KnowledgeBases(api);
    }

    /** @return the MCP servers client */
    public McpServers mcpServers() {
        return new McpServers(api);
    }

    /** @return the skills client */
    public Skills skills() {
        return new Skills(api);
    }

    /** @return the model profiles ({@code GET /api/v1/model-profiles}) */
    public List<Resource> modelProfiles() {
        return Http.execute(api.listModelProfiles()).getItems();
    }

    /**
     * {@code modelProfiles} without blocking.
     * @return a future of the model profiles ({@code GET /api/v1/model-profiles}); it fails with the same {@link dev.contractkit.sdk.ApiException}
     */
    public CompletableFuture<List<Resource>> modelProfilesAsync() {
        return Http.executeAsync(api.listModelProfiles()).thenApply(r -> r.getItems());
    }

    /** {@code /api/v1/datasources}: JDBC data sources (passwords stay on the server). */
    public static final class Datasources {
        private final ResourcesApi api;

        private Datasources(ResourcesApi api) {
            this.api = api;
        }

        /** @return the registered data sources */
        public List<Datasource> list() {
            return Http.execute(api.listDatasources()).getItems();
        }

        /**
         * {@code list} without blocking.
         * @return a future of the registered data sources; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<List<Datasource>> listAsync() {
            return Http.executeAsync(api.listDatasources()).thenApply(r -> r.getItems());
        }

        /**
         * @param registration the data source
         * @return it as stored ({@code hasPassword}, never the password)
         */
        public Datasource register(DatasourceRegistration registration) {
            return Http.execute(api.registerDatasource(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * {@code register} without blocking.
         * @param registration the data source
         * @return a future of it as stored ({@code hasPassword}, never the password); it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Datasource> registerAsync(DatasourceRegistration registration) {
            return Http.executeAsync(api.registerDatasource(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * @param id the id
         * @return the data source ({@code hasPassword}, never the password)
         */
        public Datasource get(String id) {
            return Http.execute(api.getDatasource(id));
        }

        /**
         * {@code get} without blocking.
         * @param id the id
         * @return a future of the data source ({@code hasPassword}, never the password); it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Datasource> getAsync(String id) {
            return Http.executeAsync(api.getDatasource(id));
        }

        /**
         * @param id     a registered data source
         * @param update its new fields; a null password keeps the stored one, an empty one removes it
         * @return it as stored
         */
        public Datasource update(String id, DatasourceUpdate update) {
            return Http.execute(api.updateDatasource(id, Objects.requireNonNull(update, "update")));
        }

        /**
         * {@code update} without blocking.
         * @param id     a registered data source
         * @param update its new fields; a null password keeps the stored one, an empty one removes it
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Datasource> updateAsync(String id, DatasourceUpdate update) {
            return Http.executeAsync(api.updateDatasource(id, Objects.requireNonNull(update, "update")));
        }

        /** @param id a registered data source (the built-in {@code sample} cannot be deleted) */
        public void delete(String id) {
            Http.execute(api.deleteDatasource(id));
        }

        /**
         * {@code delete} without blocking.
         * @param id a registered data source (the built-in {@code sample} cannot be deleted)
         * @return completes when done, or fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Void> deleteAsync(String id) {
            return Http.executeAsync(api.deleteDatasource(id)).thenApply(r -> null);
        }
    }

    /** {@code /api/v1/knowledge-bases}: searchable documents. */
    public static final class KnowledgeBases {
        private final ResourcesApi api;

        private KnowledgeBases(ResourcesApi api) {
            this.api = api;
        }

        /** @return every knowledge base (built in and registered) */
        public List<Resource> list() {
            return Http.execute(api.listKnowledgeBases()).getItems();
        }

        /**
         * {@code list} without blocking.
         * @return a future of every knowledge base (built in and registered); it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<List<Resource>> listAsync() {
            return Http.executeAsync(api.listKnowledgeBases()).thenApply(r -> r.getItems());
        }

        /**
         * @param id the id
         * @return the knowledge base with its documents
         */
        public KnowledgeBase get(String id) {
            return Http.execute(api.getKnowledgeBase(id));
        }

        /**
         * {@code get} without blocking.
         * @param id the id
         * @return a future of the knowledge base with its documents; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<KnowledgeBase> getAsync(String id) {
            return Http.executeAsync(api.getKnowledgeBase(id));
        }

        /**
         * @param registration the new knowledge base
         * @return it as stored
         */
        public KnowledgeBase register(KnowledgeBaseRegistration registration) {
            return Http.execute(api.registerKnowledgeBase(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * {@code register} without blocking.
         * @param registration the new knowledge base
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<KnowledgeBase> registerAsync(KnowledgeBaseRegistration registration) {
            return Http.executeAsync(api.registerKnowledgeBase(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * @param id a registered knowledge base
         * @param update its new fields
         * @return it as stored
         */
        public KnowledgeBase update(String id, KnowledgeBaseUpdate update) {
            return Http.execute(api.updateKnowledgeBase(id, Objects.requireNonNull(update, "update")));
        }

        /**
         * {@code update} without blocking.
         * @param id a registered knowledge base
         * @param update its new fields
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<KnowledgeBase> updateAsync(String id, KnowledgeBaseUpdate update) {
            return Http.executeAsync(api.updateKnowledgeBase(id, Objects.requireNonNull(update, "update")));
        }

        /** @param id a registered knowledge base */
        public void delete(String id) {
            Http.execute(api.deleteKnowledgeBase(id));
        }

        /**
         * {@code delete} without blocking.
         * @param id a registered knowledge base
         * @return completes when done, or fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Void> deleteAsync(String id) {
            return Http.executeAsync(api.deleteKnowledgeBase(id)).thenApply(r -> null);
        }

        /**
         * @param id an enabled knowledge base
         * @param query the search text
         * @return the matching documents, best first
         */
        public List<KnowledgeHit> search(String id, String query) {
            return Http.execute(api.searchKnowledgeBase(id, query)).getItems();
        }

        /**
         * {@code search} without blocking.
         * @param id an enabled knowledge base
         * @param query the search text
         * @return a future of the matching documents, best first; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<List<KnowledgeHit>> searchAsync(String id, String query) {
            return Http.executeAsync(api.searchKnowledgeBase(id, query)).thenApply(r -> r.getItems());
        }
    }

    /** {@code /api/v1/mcp-servers}: MCP servers reached over Streamable HTTP (tokens are write-only). */
    public static final class McpServers {
        private final ResourcesApi api;

        private McpServers(ResourcesApi api) {
            this.api = api;
        }

        /** @return every MCP server */
        public List<Resource> list() {
            return Http.execute(api.listMcpServers()).getItems();
        }

        /**
         * {@code list} without blocking.
         * @return a future of every MCP server; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<List<Resource>> listAsync() {
            return Http.executeAsync(api.listMcpServers()).thenApply(r -> r.getItems());
        }

        /**
         * @param id the id
         * @return the MCP server ({@code hasToken}, never the token)
         */
        public McpServer get(String id) {
            return Http.execute(api.getMcpServer(id));
        }

        /**
         * {@code get} without blocking.
         * @param id the id
         * @return a future of the MCP server ({@code hasToken}, never the token); it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<McpServer> getAsync(String id) {
            return Http.executeAsync(api.getMcpServer(id));
        }

        /**
         * @param registration the new MCP server (its token stays on the server)
         * @return it as stored
         */
        public McpServer register(McpServerRegistration registration) {
            return Http.execute(api.registerMcpServer(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * {@code register} without blocking.
         * @param registration the new MCP server (its token stays on the server)
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<McpServer> registerAsync(McpServerRegistration registration) {
            return Http.executeAsync(api.registerMcpServer(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * @param id     a registered MCP server
         * @param update its new fields; a null token keeps the stored one, an empty one removes it
         * @return it as stored
         */
        public McpServer update(String id, McpServerUpdate update) {
            return Http.execute(api.updateMcpServer(id, Objects.requireNonNull(update, "update")));
        }

        /**
         * {@code update} without blocking.
         * @param id     a registered MCP server
         * @param update its new fields; a null token keeps the stored one, an empty one removes it
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<McpServer> updateAsync(String id, McpServerUpdate update) {
            return Http.executeAsync(api.updateMcpServer(id, Objects.requireNonNull(update, "update")));
        }

        /** @param id a registered MCP server */
        public void delete(String id) {
            Http.execute(api.deleteMcpServer(id));
        }

        /**
         * {@code delete} without blocking.
         * @param id a registered MCP server
         * @return completes when done, or fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Void> deleteAsync(String id) {
            return Http.executeAsync(api.deleteMcpServer(id)).thenApply(r -> null);
        }
    }

    /** {@code /api/v1/skills}: named instructions. */
    public static final class Skills {
        private final ResourcesApi api;

        private Skills(ResourcesApi api) {
            this.api = api;
        }

        /** @return every skill */
        public List<Resource> list() {
            return Http.execute(api.listSkills()).getItems();
        }

        /**
         * {@code list} without blocking.
         * @return a future of every skill; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<List<Resource>> listAsync() {
            return Http.executeAsync(api.listSkills()).thenApply(r -> r.getItems());
        }

        /**
         * @param id the id
         * @return the skill with its instructions
         */
        public Skill get(String id) {
            return Http.execute(api.getSkill(id));
        }

        /**
         * {@code get} without blocking.
         * @param id the id
         * @return a future of the skill with its instructions; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Skill> getAsync(String id) {
            return Http.executeAsync(api.getSkill(id));
        }

        /**
         * @param registration the new skill
         * @return it as stored
         */
        public Skill register(SkillRegistration registration) {
            return Http.execute(api.registerSkill(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * {@code register} without blocking.
         * @param registration the new skill
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Skill> registerAsync(SkillRegistration registration) {
            return Http.executeAsync(api.registerSkill(Objects.requireNonNull(registration, "registration")));
        }

        /**
         * @param id a registered skill
         * @param update its new fields
         * @return it as stored
         */
        public Skill update(String id, SkillUpdate update) {
            return Http.execute(api.updateSkill(id, Objects.requireNonNull(update, "update")));
        }

        /**
         * {@code update} without blocking.
         * @param id a registered skill
         * @param update its new fields
         * @return a future of it as stored; it fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Skill> updateAsync(String id, SkillUpdate update) {
            return Http.executeAsync(api.updateSkill(id, Objects.requireNonNull(update, "update")));
        }

        /** @param id a registered skill */
        public void delete(String id) {
            Http.execute(api.deleteSkill(id));
        }

        /**
         * {@code delete} without blocking.
         * @param id a registered skill
         * @return completes when done, or fails with the same {@link dev.contractkit.sdk.ApiException}
         */
        public CompletableFuture<Void> deleteAsync(String id) {
            return Http.executeAsync(api.deleteSkill(id)).thenApply(r -> null);
        }
    }

    /** Builder. */
    public static final class Builder extends ClientBuilder<Builder> {
        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL is missing
         */
        public AgentResources build() {
            ClientConfig config = configBuilder().build();
            return new AgentResources(Http.retrofit(config, List.of()).create(ResourcesApi.class));
        }
    }
}
