package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.KitTokenBuilder;
import dev.contractkit.sdk.agent.api.ResourcesApi;
import dev.contractkit.sdk.agent.model.Datasource;
import dev.contractkit.sdk.agent.model.DatasourceList;
import dev.contractkit.sdk.agent.model.DatasourceRegistration;
import dev.contractkit.sdk.agent.model.DatasourceUpdate;
import dev.contractkit.sdk.agent.model.KnowledgeBase;
import dev.contractkit.sdk.agent.model.KnowledgeBaseRegistration;
import dev.contractkit.sdk.agent.model.KnowledgeBaseUpdate;
import dev.contractkit.sdk.agent.model.KnowledgeHit;
import dev.contractkit.sdk.agent.model.KnowledgeHits;
import dev.contractkit.sdk.agent.model.McpServer;
import dev.contractkit.sdk.agent.model.McpServerRegistration;
import dev.contractkit.sdk.agent.model.McpServerUpdate;
import dev.contractkit.sdk.agent.model.ModelProfile;
import dev.contractkit.sdk.agent.model.Resource;
import dev.contractkit.sdk.agent.model.ResourceList;
import dev.contractkit.sdk.agent.model.Skill;
import dev.contractkit.sdk.agent.model.SkillRegistration;
import dev.contractkit.sdk.agent.model.SkillUpdate;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.Call;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Typed clients of the agent's run resources ({@code /api/v1} of {@code specs/openapi/agent.yaml}): data sources,
 * knowledge bases, MCP servers, skills and model profiles. Secrets (a data source's password, an MCP server's
 * token) are write-only: they go into a registration and never come back.
 *
 * <pre>{@code
 * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(kitToken).build();
 * AgentResources resources = agent.resources();                  // the agent client's own connection and token
 * McpServer mcp = resources.mcpServers().register(new McpServerRegistration()
 *         .id("mcp-targets").name("Targets").url("http://127.0.0.1:3001/mcp").token(System.getenv("MCP_TOKEN"))).execute();
 * resources.knowledgeBases().list().execute().forEach(kb -> System.out.println(kb.getId()));
 * }</pre>
 *
 * It is a view of the one agent client ({@link AgentClientAddOns#resources()}); its own builder is deprecated.
 * Every operation returns a {@link Call}; running it throws {@link dev.contractkit.sdk.ApiException} for an error answer ({@code NotFoundException},
 * {@code ConflictException}, {@code BadRequestException} with code {@code CREDENTIALS_NOT_ALLOWED}, ...).
 */
public final class AgentResources implements AutoCloseable {
    private final Registry<Datasource, Datasource, DatasourceRegistration, DatasourceUpdate> datasources;
    private final KnowledgeBases knowledgeBases;
    private final Registry<Resource, McpServer, McpServerRegistration, McpServerUpdate> mcpServers;
    private final Registry<Resource, Skill, SkillRegistration, SkillUpdate> skills;
    private final Supplier<Call<List<ModelProfile>>> modelProfiles;
    private final AgentConnection owner;

    /**
     * The view on the generated client's operations ({@link AgentClientAddOns#resources()}), or on the connection a
     * deprecated builder opened: it names neither client nor add-on, which name it (no class loop).
     *
     * @param owner the connection a deprecated builder opened, closed with this view, or null for
     *              {@link AgentClientAddOns#resources()} (closing the view leaves the client open)
     */
    AgentResources(Registry<Datasource, Datasource, DatasourceRegistration, DatasourceUpdate> datasources,
                   KnowledgeBases knowledgeBases, Registry<Resource, McpServer, McpServerRegistration, McpServerUpdate> mcpServers,
                   Registry<Resource, Skill, SkillRegistration, SkillUpdate> skills,
                   Supplier<Call<List<ModelProfile>>> modelProfiles, AgentConnection owner) {
        this.datasources = datasources;
        this.knowledgeBases = knowledgeBases;
        this.mcpServers = mcpServers;
        this.skills = skills;
        this.modelProfiles = modelProfiles;
        this.owner = owner;
    }

    /**
     * Closes the connection a deprecated {@link #builder()} opened; a view of an {@link AgentClient} leaves it open.
     */
    @Override
    public void close() {
        if (owner != null) {
            owner.close();
        }
    }

    /**
     * A builder; {@code baseUrl} is required.
     *
     * @return the builder
     * @deprecated the agent has one client: build an {@link AgentClient} and use {@link AgentClientAddOns#resources()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static Builder builder() {
        return new Builder();
    }

    /** @return the data sources client ({@code /api/v1/datasources}: JDBC URLs; passwords are write-only) */
    public Registry<Datasource, Datasource, DatasourceRegistration, DatasourceUpdate> datasources() {
        return datasources;
    }

    /** @return the knowledge bases client ({@code /api/v1/knowledge-bases}: searchable documents) */
    public KnowledgeBases knowledgeBases() {
        return knowledgeBases;
    }

    /** @return the MCP servers client ({@code /api/v1/mcp-servers}: Streamable HTTP; tokens are write-only) */
    public Registry<Resource, McpServer, McpServerRegistration, McpServerUpdate> mcpServers() {
        return mcpServers;
    }

    /** @return the skills client ({@code /api/v1/skills}: named instructions) */
    public Registry<Resource, Skill, SkillRegistration, SkillUpdate> skills() {
        return skills;
    }

    /** @return the model profiles ({@code GET /api/v1/model-profiles}) */
    public Call<List<ModelProfile>> modelProfiles() {
        return modelProfiles.get();
    }

    /** {@code /api/v1/knowledge-bases}: the registry plus search. */
    public static final class KnowledgeBases
            extends Registry<Resource, KnowledgeBase, KnowledgeBaseRegistration, KnowledgeBaseUpdate> {
        private final BiFunction<String, String, Call<KnowledgeHits>> search;

        KnowledgeBases(Supplier<Call<ResourceList>> list, java.util.function.Function<String, Call<KnowledgeBase>> get,
                       java.util.function.Function<KnowledgeBaseRegistration, Call<KnowledgeBase>> register,
                       BiFunction<String, KnowledgeBaseUpdate, Call<KnowledgeBase>> update,
                       java.util.function.Function<String, Call<Void>> delete,
                       BiFunction<String, String, Call<KnowledgeHits>> search) {
            super(list, ResourceList::getItems, get, register, update, delete);
            this.search = search;
        }

        /**
         * @param id    an enabled knowledge base
         * @param query the search text
         * @return the matching documents, best first
         */
        public Call<List<KnowledgeHit>> search(String id, String query) {
            return search.apply(id, query).map(KnowledgeHits::getItems);
        }
    }

    /**
     * Builder: the shared settings and the kit token ({@code token(...)}, sent as {@code Authorization: Bearer}); it
     * opens the connection an {@link AgentClient} is built on (same token, settings and errors) and returns a resources
     * view that closes it.
     *
     * @deprecated use {@code AgentClient.builder()...build().resources()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static final class Builder extends KitTokenBuilder<Builder> {
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
            AgentConnection connection = AgentConnection.open(configBuilder().build(), kitToken());
            ResourcesApi api = connection.retrofit().create(ResourcesApi.class);
            return new AgentResources(
                    new Registry<>(() -> HttpCall.of(api.listDatasources()), DatasourceList::getItems,
                            id -> HttpCall.of(api.getDatasource(id)), r -> HttpCall.of(api.registerDatasource(r)),
                            (id, u) -> HttpCall.of(api.updateDatasource(id, u)), id -> HttpCall.of(api.deleteDatasource(id))),
                    new KnowledgeBases(() -> HttpCall.of(api.listKnowledgeBases()), id -> HttpCall.of(api.getKnowledgeBase(id)),
                            r -> HttpCall.of(api.registerKnowledgeBase(r)), (id, u) -> HttpCall.of(api.updateKnowledgeBase(id, u)),
                            id -> HttpCall.of(api.deleteKnowledgeBase(id)), (id, q) -> HttpCall.of(api.searchKnowledgeBase(id, q))),
                    new Registry<>(() -> HttpCall.of(api.listMcpServers()), ResourceList::getItems,
                            id -> HttpCall.of(api.getMcpServer(id)), r -> HttpCall.of(api.registerMcpServer(r)),
                            (id, u) -> HttpCall.of(api.updateMcpServer(id, u)), id -> HttpCall.of(api.deleteMcpServer(id))),
                    new Registry<>(() -> HttpCall.of(api.listSkills()), ResourceList::getItems,
                            id -> HttpCall.of(api.getSkill(id)), r -> HttpCall.of(api.registerSkill(r)),
                            (id, u) -> HttpCall.of(api.updateSkill(id, u)), id -> HttpCall.of(api.deleteSkill(id))),
                    () -> HttpCall.of(api.listModelProfiles()).map(r -> r.getItems()), connection);
        }
    }
}
