package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.AddOnSettings;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.EventStream;
import dev.contractkit.sdk.RawResponse;
import dev.contractkit.sdk.agent.model.Artifact;
import dev.contractkit.sdk.agent.model.ArtifactList;
import dev.contractkit.sdk.agent.model.CreatedPrincipal;
import dev.contractkit.sdk.agent.model.Datasource;
import dev.contractkit.sdk.agent.model.DatasourceList;
import dev.contractkit.sdk.agent.model.DatasourceRegistration;
import dev.contractkit.sdk.agent.model.DatasourceUpdate;
import dev.contractkit.sdk.agent.model.FileInfo;
import dev.contractkit.sdk.agent.model.FileList;
import dev.contractkit.sdk.agent.model.GrantList;
import dev.contractkit.sdk.agent.model.KnowledgeBase;
import dev.contractkit.sdk.agent.model.KnowledgeBaseRegistration;
import dev.contractkit.sdk.agent.model.KnowledgeBaseUpdate;
import dev.contractkit.sdk.agent.model.KnowledgeHit;
import dev.contractkit.sdk.agent.model.KnowledgeHits;
import dev.contractkit.sdk.agent.model.McpServer;
import dev.contractkit.sdk.agent.model.McpServerRegistration;
import dev.contractkit.sdk.agent.model.McpServerUpdate;
import dev.contractkit.sdk.agent.model.ModelProfile;
import dev.contractkit.sdk.agent.model.ModelProfileList;
import dev.contractkit.sdk.agent.model.Principal;
import dev.contractkit.sdk.agent.model.PrincipalCreation;
import dev.contractkit.sdk.agent.model.PrincipalList;
import dev.contractkit.sdk.agent.model.Resource;
import dev.contractkit.sdk.agent.model.ResourceList;
import dev.contractkit.sdk.agent.model.RunAgentInput;
import dev.contractkit.sdk.agent.model.RunHistory;
import dev.contractkit.sdk.agent.model.RunState;
import dev.contractkit.sdk.agent.model.Skill;
import dev.contractkit.sdk.agent.model.SkillRegistration;
import dev.contractkit.sdk.agent.model.SkillUpdate;
import dev.contractkit.sdk.agent.model.ThreadHistory;
import dev.contractkit.sdk.agent.model.ThreadList;
import dev.contractkit.sdk.agent.model.ThreadSummary;
import dev.contractkit.sdk.internal.CompositeCall;
import dev.contractkit.sdk.internal.Http;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.RequestBody;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * What {@link AgentClient} (generated from {@code specs/openapi/agent.yaml}) adds to the contract's operations: the
 * agent's run stream as typed, re-attaching {@link AgentRun}s ({@link #runAgent}, {@link #attach}), the stored events
 * decoded ({@link #historyEvents}), the thread list without repeats ({@link #allThreads()}), a workspace file's exact
 * bytes ({@link #uploadFile(String, byte[])}, {@link #downloadFile(String)}), the resource registries and the named
 * principals as views of the one client ({@link #resources()}, {@link #principals()}) and, for one release, the names
 * the hand-written client had. The generated client implements this interface; its default methods call the
 * generated operations. How a run re-attaches is a setting of the builder ({@link AgentClientBuilderAddOn}).
 *
 * <pre>{@code
 * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(System.getenv("KIT_TOKEN")).build();
 * try (AgentRun run = agent.runAgent(AgentRun.input("thread-1", "run-1", "What is the revenue by region?")).execute()) {
 *     for (AgentEvent e : run) {
 *         if (e instanceof AgentEvent.TextMessageContent c) System.out.print(c.event().getDelta());
 *     }
 *     System.out.println(run.transcript().artifacts());
 * }
 * agent.resources().datasources().list().executeAsync().thenAccept(ds -> ds.forEach(d -> System.out.println(d.getId())));
 * }</pre>
 *
 * A run goes on when its connection drops: its {@link AgentRun} re-attaches by itself
 * ({@code GET /api/v1/threads/{threadId}/runs/{runId}/events} with {@code Last-Event-ID}, back-off with jitter) so
 * every event arrives once and in order. Only {@link AgentRun#cancel()} ({@code cancelRun(runId)}) stops a run:
 * closing its stream does not.
 */
public interface AgentClientAddOns {
    /** Attempts after a dropped run stream: 5 unless the builder's {@code reattach} says. */
    AddOnSettings.Key<Integer> REATTACH_ATTEMPTS = AddOnSettings.Key.of("reattachAttempts", Integer.class, 5);
    /** The pause before the first re-attach attempt: 250 ms unless the builder's {@code reattach} says. */
    AddOnSettings.Key<Duration> REATTACH_FIRST_DELAY = AddOnSettings.Key.of("reattachFirstDelay", Duration.class, Duration.ofMillis(250));
    /** The longest pause between re-attach attempts: 5 s unless the builder's {@code reattach} says. */
    AddOnSettings.Key<Duration> REATTACH_MAX_DELAY = AddOnSettings.Key.of("reattachMaxDelay", Duration.class, Duration.ofSeconds(5));
    /** The contract's largest page of threads. */
    int MAX_THREAD_PAGE = 100;

    /** @return the settings given to the builder (generated) */
    AddOnSettings addOnSettings();

    // ---- the generated operations the add-ons call

    /**
     * @param runAgentInput the run's input
     * @return the call of {@code POST /api/agent}, answering the raw event stream (generated)
     */
    Call<EventStream> startRunEvents(RunAgentInput runAgentInput);

    /**
     * @param threadId    the run's thread
     * @param runId       the run
     * @param after       send the events after this sequence number
     * @param lastEventID the same, as the SSE resume header
     * @return the call of {@code GET /api/v1/threads/{threadId}/runs/{runId}/events}, answering the raw event stream (generated)
     */
    Call<EventStream> streamRunEventsEvents(String threadId, String runId, Integer after, String lastEventID);

    /**
     * @param runId the run
     * @return the call of {@code POST /api/v1/runs/{runId}/cancel} (generated)
     */
    Call<RunState> cancelRun(String runId);

    /**
     * @param threadId the session
     * @return the call of {@code GET /api/v1/threads/{threadId}/history} (generated)
     */
    Call<ThreadHistory> getThreadHistory(String threadId);

    /**
     * @param limit  page size
     * @param offset threads to skip
     * @return the call of {@code GET /api/v1/threads} (generated)
     */
    Call<ThreadList> listThreads(Integer limit, Integer offset);

    /**
     * @param pageSize threads per request
     * @return every thread, page by page (generated)
     */
    Stream<ThreadSummary> listThreadsAutoPaging(int pageSize);

    /** @return the call of {@code GET /api/v1/files} (generated) */
    Call<FileList> listFiles();

    /**
     * @param file  the {@code file} part
     * @param name  the query's name
     * @param name2 the {@code name} field
     * @return the call of {@code POST /api/v1/files} (generated)
     */
    Call<FileInfo> uploadFile(MultipartBody.Part file, String name, String name2);

    /**
     * @param fileId a file
     * @return the call of {@code GET /api/v1/files/{fileId}/content}, its content as text (generated)
     */
    Call<String> downloadFileText(String fileId);

    /**
     * @param threadId the session
     * @return the call of {@code GET /api/v1/artifacts?threadId=...} (generated)
     */
    Call<ArtifactList> listArtifacts(String threadId);

    /**
     * @param artifactId an artifact
     * @return the call of {@code GET /api/v1/artifacts/{artifactId}/content} (generated)
     */
    Call<String> downloadArtifact(String artifactId);

    /** @return the call of {@code GET /api/v1/model-profiles} (generated) */
    Call<ModelProfileList> listModelProfiles();

    /** @return the call of {@code GET /api/v1/datasources} (generated) */
    Call<DatasourceList> listDatasources();

    /**
     * @param datasourceId a data source
     * @return the call of {@code GET /api/v1/datasources/{datasourceId}} (generated)
     */
    Call<Datasource> getDatasource(String datasourceId);

    /**
     * @param datasourceRegistration the data source
     * @return the call of {@code POST /api/v1/datasources} (generated)
     */
    Call<Datasource> registerDatasource(DatasourceRegistration datasourceRegistration);

    /**
     * @param datasourceId     a data source
     * @param datasourceUpdate its new fields
     * @return the call of {@code PUT /api/v1/datasources/{datasourceId}} (generated)
     */
    Call<Datasource> updateDatasource(String datasourceId, DatasourceUpdate datasourceUpdate);

    /**
     * @param datasourceId a data source
     * @return the call of {@code DELETE /api/v1/datasources/{datasourceId}} (generated)
     */
    Call<Void> deleteDatasource(String datasourceId);

    /** @return the call of {@code GET /api/v1/knowledge-bases} (generated) */
    Call<ResourceList> listKnowledgeBases();

    /**
     * @param knowledgeBaseId a knowledge base
     * @return the call of {@code GET /api/v1/knowledge-bases/{knowledgeBaseId}} (generated)
     */
    Call<KnowledgeBase> getKnowledgeBase(String knowledgeBaseId);

    /**
     * @param knowledgeBaseRegistration the knowledge base
     * @return the call of {@code POST /api/v1/knowledge-bases} (generated)
     */
    Call<KnowledgeBase> registerKnowledgeBase(KnowledgeBaseRegistration knowledgeBaseRegistration);

    /**
     * @param knowledgeBaseId     a knowledge base
     * @param knowledgeBaseUpdate its new fields
     * @return the call of {@code PUT /api/v1/knowledge-bases/{knowledgeBaseId}} (generated)
     */
    Call<KnowledgeBase> updateKnowledgeBase(String knowledgeBaseId, KnowledgeBaseUpdate knowledgeBaseUpdate);

    /**
     * @param knowledgeBaseId a knowledge base
     * @return the call of {@code DELETE /api/v1/knowledge-bases/{knowledgeBaseId}} (generated)
     */
    Call<Void> deleteKnowledgeBase(String knowledgeBaseId);

    /**
     * @param knowledgeBaseId an enabled knowledge base
     * @param q               the search text
     * @return the call of {@code GET /api/v1/knowledge-bases/{knowledgeBaseId}/search} (generated)
     */
    Call<KnowledgeHits> searchKnowledgeBase(String knowledgeBaseId, String q);

    /** @return the call of {@code GET /api/v1/skills} (generated) */
    Call<ResourceList> listSkills();

    /**
     * @param skillId a skill
     * @return the call of {@code GET /api/v1/skills/{skillId}} (generated)
     */
    Call<Skill> getSkill(String skillId);

    /**
     * @param skillRegistration the skill
     * @return the call of {@code POST /api/v1/skills} (generated)
     */
    Call<Skill> registerSkill(SkillRegistration skillRegistration);

    /**
     * @param skillId     a skill
     * @param skillUpdate its new fields
     * @return the call of {@code PUT /api/v1/skills/{skillId}} (generated)
     */
    Call<Skill> updateSkill(String skillId, SkillUpdate skillUpdate);

    /**
     * @param skillId a skill
     * @return the call of {@code DELETE /api/v1/skills/{skillId}} (generated)
     */
    Call<Void> deleteSkill(String skillId);

    /** @return the call of {@code GET /api/v1/mcp-servers} (generated) */
    Call<ResourceList> listMcpServers();

    /**
     * @param mcpServerId an MCP server
     * @return the call of {@code GET /api/v1/mcp-servers/{mcpServerId}} (generated)
     */
    Call<McpServer> getMcpServer(String mcpServerId);

    /**
     * @param mcpServerRegistration the MCP server
     * @return the call of {@code POST /api/v1/mcp-servers} (generated)
     */
    Call<McpServer> registerMcpServer(McpServerRegistration mcpServerRegistration);

    /**
     * @param mcpServerId     an MCP server
     * @param mcpServerUpdate its new fields
     * @return the call of {@code PUT /api/v1/mcp-servers/{mcpServerId}} (generated)
     */
    Call<McpServer> updateMcpServer(String mcpServerId, McpServerUpdate mcpServerUpdate);

    /**
     * @param mcpServerId an MCP server
     * @return the call of {@code DELETE /api/v1/mcp-servers/{mcpServerId}} (generated)
     */
    Call<Void> deleteMcpServer(String mcpServerId);

    /**
     * @param principalCreation the principal
     * @return the call of {@code POST /api/v1/principals} (generated)
     */
    Call<CreatedPrincipal> createPrincipal(PrincipalCreation principalCreation);

    /** @return the call of {@code GET /api/v1/principals} (generated) */
    Call<PrincipalList> listPrincipals();

    /**
     * @param name a principal
     * @return the call of {@code GET /api/v1/principals/{name}} (generated)
     */
    Call<Principal> getPrincipal(String name);

    /**
     * @param name      a principal
     * @param grantList its grants
     * @return the call of {@code PUT /api/v1/principals/{name}/grants} (generated)
     */
    Call<Principal> setPrincipalGrants(String name, GrantList grantList);

    /**
     * @param name a principal
     * @return the call of {@code DELETE /api/v1/principals/{name}} (generated)
     */
    Call<Void> revokePrincipal(String name);

    // ---- the views: one agent client covers the registries and the principals

    /**
     * The typed resource clients (data sources, knowledge bases, MCP servers, skills, model profiles) on this
     * client's connection and kit token: the one agent client reaches every operation of the contract.
     *
     * @return the resources view (closing it leaves this client open)
     */
    default AgentResources resources() {
        return new AgentResources(
                new Registry<>(this::listDatasources, DatasourceList::getItems, this::getDatasource,
                        this::registerDatasource, this::updateDatasource, this::deleteDatasource),
                new AgentResources.KnowledgeBases(this::listKnowledgeBases, this::getKnowledgeBase,
                        this::registerKnowledgeBase, this::updateKnowledgeBase, this::deleteKnowledgeBase, this::searchKnowledgeBase),
                new Registry<>(this::listMcpServers, ResourceList::getItems, this::getMcpServer,
                        this::registerMcpServer, this::updateMcpServer, this::deleteMcpServer),
                new Registry<>(this::listSkills, ResourceList::getItems, this::getSkill,
                        this::registerSkill, this::updateSkill, this::deleteSkill),
                () -> listModelProfiles().map(ModelProfileList::getItems), null);
    }

    /**
     * The named principals ({@code /api/v1/principals}) on this client's connection and kit token: the operator's
     * only (a client built with a named principal's token is answered {@code ForbiddenException}).
     *
     * <pre>{@code
     * CreatedPrincipal alice = agent.principals().create("alice", List.of()).execute();
     * }</pre>
     *
     * @return the principals view (closing it leaves this client open)
     */
    default AgentPrincipals principals() {
        return new AgentPrincipals(this::createPrincipal, this::listPrincipals, this::getPrincipal,
                this::setPrincipalGrants, this::revokePrincipal, null);
    }

    // ---- the run stream

    /**
     * Starts a run ({@code POST /api/agent}) and returns once the server accepted it (status 200, events follow), as
     * its typed event stream that re-attaches after a drop (the builder's {@code reattach}).
     *
     * @param input the run's input ({@link AgentRun#input(String, String, String)})
     * @return the run's event stream; close it when done
     * @throws ApiException (e.g. {@code BadRequestException} for {@code CREDENTIALS_NOT_ALLOWED}) when refused
     */
    default Call<AgentRun> runAgent(RunAgentInput input) {
        Objects.requireNonNull(input, "input == null");
        return startRunEvents(input).map(events -> run(this, input.getThreadId(), input.getRunId(), events));
    }

    /**
     * Follows a run that is going on, or replays one that has ended
     * ({@code GET /api/v1/threads/{threadId}/runs/{runId}/events}): every event from RUN_STARTED on, then the live
     * ones until RUN_FINISHED or RUN_ERROR, re-attaching after a drop like {@link #runAgent(RunAgentInput)}.
     *
     * <pre>{@code
     * try (AgentRun run = agent.attach("thread-1", "run-1").execute()) {
     *     System.out.println(run.transcript().answer());
     * }
     * }</pre>
     *
     * @param threadId the run's thread
     * @param runId    the run
     * @return its event stream
     * @throws dev.contractkit.sdk.NotFoundException when the server does not know the run
     */
    default Call<AgentRun> attach(String threadId, String runId) {
        Objects.requireNonNull(threadId, "threadId == null");
        Objects.requireNonNull(runId, "runId == null");
        return streamRunEventsEvents(threadId, runId, null, null).map(events -> run(this, threadId, runId, events));
    }

    /**
     * The stored events of a thread's runs ({@code GET /api/v1/threads/{threadId}/history}), decoded, ready for
     * {@link AgentTranscript#fold(Iterable)}.
     *
     * @param threadId the session
     * @return one list of events per run, oldest run first
     */
    default Call<List<List<AgentEvent>>> historyEvents(String threadId) {
        return getThreadHistory(threadId).map(history -> {
            List<List<AgentEvent>> out = new ArrayList<>();
            for (RunHistory run : history.getRuns() == null ? List.<RunHistory>of() : history.getRuns()) {
                List<AgentEvent> events = new ArrayList<>();
                if (run.getEvents() != null) {
                    // each event is the contract's open object (its type plus every other field, untouched)
                    run.getEvents().forEach(e -> events.add(AgentEventDecoder.decode(Http.MAPPER.<JsonNode>valueToTree(e))));
                }
                out.add(List.copyOf(events));
            }
            return List.copyOf(out);
        });
    }

    /** @return every thread, newest first, fetched lazily 100 at a time ({@link #allThreads(int)}) */
    default Stream<ThreadSummary> allThreads() {
        return allThreads(MAX_THREAD_PAGE);
    }

    /**
     * The generated {@code listThreadsAutoPaging(pageSize)} without repeats.
     *
     * @param pageSize threads per request, 1 to 100
     * @return every thread, newest first, fetched lazily page by page; a thread that gets a new run while the pages
     *         are read moves to the first page, so it may be missed (read again) but is never given twice
     */
    default Stream<ThreadSummary> allThreads(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_THREAD_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_THREAD_PAGE + ", was " + pageSize);
        }
        Set<String> seen = ConcurrentHashMap.newKeySet();
        return listThreadsAutoPaging(pageSize).filter(t -> seen.add(t.getThreadId()));
    }

    // ---- workspace files as bytes

    /**
     * {@code POST /api/v1/files}: uploads a workspace file (its id goes into {@code run_config.fileIds}) as
     * {@code multipart/form-data}: a {@code file} part whose filename is {@code name} holding the bytes exactly as
     * given, and a {@code name} field.
     *
     * @param name  the file name (no path; its extension sets the stored media type)
     * @param bytes the content (at most 10 MiB)
     * @return the stored file
     */
    default Call<FileInfo> uploadFile(String name, byte[] bytes) {
        Objects.requireNonNull(name, "name == null");
        Objects.requireNonNull(bytes, "bytes == null");
        MultipartBody.Part file = MultipartBody.Part.createFormData("file", name,
                RequestBody.create(bytes, MediaType.get("application/octet-stream")));
        return uploadFile(file, null, name);
    }

    /**
     * {@code GET /api/v1/files/{fileId}/content}: a workspace file's bytes, as uploaded (the generated
     * {@code downloadFileText} reads them as text; this reads the answer's bytes).
     *
     * <pre>{@code
     * byte[] csv = agent.downloadFile(agent.uploadFile("sales.csv", bytes).execute().getFileId()).execute();
     * }</pre>
     *
     * @param fileId a file's id
     * @return its content; {@code NotFoundException} for an unknown file
     */
    default Call<byte[]> downloadFile(String fileId) {
        Call<String> text = downloadFileText(fileId);
        return new CompositeCall<>(o -> bytes(o.on(text).executeRaw()),
                o -> CompletableFuture.supplyAsync(() -> bytes(o.on(text).executeRaw())));
    }

    private static byte[] bytes(RawResponse response) {
        if (!response.isSuccessful()) {
            throw ApiException.of(response.status(), new String(response.body(), StandardCharsets.UTF_8),
                    response.header("X-Request-Id").orElse(null));
        }
        return response.body();
    }

    private static AgentRun run(AgentClientAddOns client, String threadId, String runId, EventStream events) {
        AddOnSettings s = client.addOnSettings();
        AgentRun.Reattach policy = new AgentRun.Reattach(s.get(REATTACH_ATTEMPTS), s.get(REATTACH_FIRST_DELAY),
                s.get(REATTACH_MAX_DELAY));
        return new AgentRun(runId, events, () -> client.cancelRun(runId).execute(),
                last -> client.streamRunEventsEvents(threadId, runId, null, Long.toString(last)).execute(), policy);
    }

    // ---- the names of the hand-written client, for one release

    /**
     * @param runId the run
     * @return its state ({@code canceling} while it stops)
     * @deprecated use {@code cancelRun(runId)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<RunState> cancel(String runId) {
        return cancelRun(runId);
    }

    /**
     * @param threadId the session
     * @return the thread's runs, oldest first, each with its stored events
     * @deprecated use {@code getThreadHistory(threadId)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<ThreadHistory> history(String threadId) {
        return getThreadHistory(threadId);
    }

    /**
     * @param limit  page size, 1 to 100
     * @param offset threads to skip
     * @return the page, with the total over all pages
     * @deprecated use {@code listThreads(limit, offset)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<ThreadList> threads(int limit, int offset) {
        return listThreads(limit, offset);
    }

    /**
     * @return the model profiles
     * @deprecated use {@code listModelProfiles()} (the contract's operation) and {@code getItems()} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<ModelProfile>> modelProfiles() {
        return listModelProfiles().map(ModelProfileList::getItems);
    }

    /**
     * @return the workspace files
     * @deprecated use {@code listFiles()} (the contract's operation) and {@code getItems()} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<FileInfo>> files() {
        return listFiles().map(FileList::getItems);
    }

    /**
     * @param threadId the session
     * @return its artifacts
     * @deprecated use {@code listArtifacts(threadId)} (the contract's operation) and {@code getItems()} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<Artifact>> artifacts(String threadId) {
        return listArtifacts(threadId).map(ArtifactList::getItems);
    }

    /**
     * @param artifactId an artifact
     * @return its content (CSV text)
     * @deprecated use {@code downloadArtifact(artifactId)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<String> download(String artifactId) {
        return downloadArtifact(artifactId);
    }

    /**
     * @return the list call
     * @deprecated a plural noun names a registry: use {@code resources().datasources().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<Datasource>> datasources() {
        return resources().datasources().list();
    }

    /**
     * @return the list call
     * @deprecated use {@code resources().knowledgeBases().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<Resource>> knowledgeBases() {
        return resources().knowledgeBases().list();
    }

    /**
     * @param knowledgeBaseId an enabled knowledge base
     * @param query           the search text
     * @return the matching documents, best first
     * @deprecated use {@code resources().knowledgeBases().search(knowledgeBaseId, query)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<KnowledgeHit>> searchKnowledge(String knowledgeBaseId, String query) {
        return resources().knowledgeBases().search(knowledgeBaseId, query);
    }

    /**
     * @return the list call
     * @deprecated use {@code resources().skills().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<Resource>> skills() {
        return resources().skills().list();
    }

    /**
     * @return the list call
     * @deprecated use {@code resources().mcpServers().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<List<Resource>> mcpServers() {
        return resources().mcpServers().list();
    }
}
