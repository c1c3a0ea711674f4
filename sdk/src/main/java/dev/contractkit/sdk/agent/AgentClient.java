package dev.contractkit.sdk.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.contractkit.sdk.agent.api.FilesApi;
import dev.contractkit.sdk.agent.api.PrincipalsApi;
import dev.contractkit.sdk.agent.model.FileInfo;
import dev.contractkit.sdk.agent.model.KnowledgeHit;
import dev.contractkit.sdk.agent.model.Message;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import okhttp3.HttpUrl;
import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.KitTokenBuilder;
import dev.contractkit.sdk.TransportException;
import dev.contractkit.sdk.agent.api.ArtifactsApi;
import dev.contractkit.sdk.agent.api.ResourcesApi;
import dev.contractkit.sdk.agent.api.RunsApi;
import dev.contractkit.sdk.agent.model.Artifact;
import dev.contractkit.sdk.agent.model.Datasource;
import dev.contractkit.sdk.agent.model.DatasourceRegistration;
import dev.contractkit.sdk.agent.model.ModelProfile;
import dev.contractkit.sdk.agent.model.Resource;
import dev.contractkit.sdk.agent.model.RunAgentInput;
import dev.contractkit.sdk.agent.model.RunState;
import dev.contractkit.sdk.agent.model.ThreadHistory;
import dev.contractkit.sdk.agent.model.ThreadList;
import dev.contractkit.sdk.agent.model.ThreadSummary;
import dev.contractkit.sdk.internal.Pages;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.internal.OkCall;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import retrofit2.Retrofit;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Client of the data-analysis agent ({@code specs/openapi/agent.yaml}): {@link #runAgent(RunAgentInput)} starts a
 * run and returns its typed, cancellable event stream; the resource methods wrap the generated Retrofit interfaces.
 *
 * <pre>{@code
 * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(System.getenv("KIT_TOKEN")).build();
 * RunAgentInput input = AgentClient.input("thread-1", "run-1", "What is the revenue by region?");
 * try (AgentRun run = agent.runAgent(input).execute()) {
 *     for (AgentEvent e : run) {
 *         if (e instanceof AgentEvent.TextMessageContent c) System.out.print(c.event().getDelta());
 *     }
 *     System.out.println(run.transcript().artifacts());
 * }
 * agent.resources().datasources().list().executeAsync().thenAccept(ds -> ds.forEach(d -> System.out.println(d.getId())));
 * }</pre>
 *
 * It is the one agent client: runs, threads, files and artifacts are its own methods; the resource registries
 * (data sources, knowledge bases, MCP servers, skills) are reached through {@link #resources()} and the named
 * principals through {@link #principals()}, both on this client's connection and kit token. A plural noun names a
 * registry ({@code resources().datasources().list()}, {@code .register(...)}, ...).
 *
 * Every operation returns a {@link Call}: {@code execute()}, {@code executeAsync()} (a
 * {@link java.util.concurrent.CompletableFuture} that fails with the same {@link ApiException} family) or
 * {@code executeRaw()}. A run goes on when its connection drops: its {@link AgentRun} re-attaches by itself
 * ({@code GET /api/v1/threads/{threadId}/runs/{runId}/events} with {@code Last-Event-ID}, back-off with jitter,
 * {@link Builder#reattach}) so every event arrives once and in order; {@link #attach(String, String)} follows a
 * run from another process or after a restart. Only {@link AgentRun#cancel()} ({@link #cancel(String)}) stops a
 * run: closing its stream does not.
 */
public final class AgentClient implements AutoCloseable {
    private static final MediaType JSON = MediaType.get("application/json");
    private final RunsApi runs;
    private final ResourcesApi resources;
    private final ArtifactsApi artifacts;
    private final FilesApi filesApi;
    private final PrincipalsApi principals;
    private final ThreadPages threadPages;
    private final OkHttpClient http;
    private final String baseUrl;
    private final ClientConfig config;
    private final AgentRun.Reattach reattach;

    private AgentClient(Retrofit retrofit, ClientConfig config, AgentRun.Reattach reattach) {
        this.config = config;
        this.reattach = reattach;
        this.runs = retrofit.create(RunsApi.class);
        this.resources = retrofit.create(ResourcesApi.class);
        this.artifacts = retrofit.create(ArtifactsApi.class);
        this.filesApi = retrofit.create(FilesApi.class);
        this.principals = retrofit.create(PrincipalsApi.class);
        this.threadPages = retrofit.create(ThreadPages.class);
        this.http = Http.client(retrofit);
        String url = retrofit.baseUrl().toString();
        this.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /**
     * Releases the connection pool and threads this client made (not those of a shared {@link ClientConfig} or of the
     * caller's OkHttp client).
     */
    @Override
    public void close() {
        config.close();
    }

    /**
     * The typed resource clients (data sources, knowledge bases, MCP servers, skills, model profiles) on this
     * client's connection and kit token: the one agent client reaches every operation of the contract.
     *
     * @return the resources view (closing it leaves this client open)
     */
    public AgentResources resources() {
        return new AgentResources(resources, null);
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
    public AgentPrincipals principals() {
        return new AgentPrincipals(principals, null);
    }

    /** @return a builder; {@code baseUrl} is required */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A RunAgentInput with one user message.
     *
     * @param threadId the session
     * @param runId    a new run id
     * @param question the user's text
     * @return the input (add {@code forwardedProps.run_config} with {@code setForwardedProps})
     */
    public static RunAgentInput input(String threadId, String runId, String question) {
        RunAgentInput in = new RunAgentInput();
        in.setThreadId(threadId);
        in.setRunId(runId);
        Message m = new Message();
        m.setId(runId + "-user");
        m.setRole(Message.RoleEnum.USER);
        m.setContent(question);
        in.setMessages(new ArrayList<>(List.of(m)));
        return in;
    }

    /**
     * Starts a run ({@code POST /api/agent}) and returns once the server accepted it (status 200, events follow).
     *
     * @param input the run's input
     * @return the run's event stream; close it when done
     * @throws ApiException (e.g. {@code BadRequestException} for {@code CREDENTIALS_NOT_ALLOWED}) when refused
     */
    public Call<AgentRun> runAgent(RunAgentInput input) {
        Objects.requireNonNull(input, "input == null");
        byte[] body;
        try {
            body = Http.MAPPER.writeValueAsBytes(input);
        } catch (IOException e) {
            throw new IllegalArgumentException("the input cannot be written as JSON: " + e.getMessage(), e);
        }
        OkHttpClient streaming = streaming();
        return new OkCall<>(streaming, () -> new Request.Builder().url(baseUrl + "/api/agent").header("Accept", "text/event-stream")
                .post(RequestBody.create(body, JSON)).build(),
                (call, response) -> accepted(input.getThreadId(), input.getRunId(), call, response), "start the run");
    }

    /** @return the client for event streams: no read time-out between events, a run may think for a while */
    private OkHttpClient streaming() {
        return http.newBuilder().readTimeout(Duration.ZERO).build();
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
    public Call<AgentRun> attach(String threadId, String runId) {
        Objects.requireNonNull(threadId, "threadId == null");
        Objects.requireNonNull(runId, "runId == null");
        return new OkCall<>(streaming(), () -> eventsRequest(threadId, runId, -1),
                (call, response) -> accepted(threadId, runId, call, response), "attach to run " + runId);
    }

    private Request eventsRequest(String threadId, String runId, long lastEventId) {
        Request.Builder b = new Request.Builder().url(HttpUrl.get(baseUrl).newBuilder().addPathSegments("api/v1/threads")
                .addPathSegment(threadId).addPathSegment("runs").addPathSegment(runId).addPathSegment("events").build())
                .header("Accept", "text/event-stream").get();
        if (lastEventId >= 0) {
            b.header("Last-Event-ID", Long.toString(lastEventId));
        }
        return b.build();
    }

    private AgentRun accepted(String threadId, String runId, okhttp3.Call call, Response response) {
        if (response.code() != 200) {
            try (response) {
                String text = response.body() == null ? "" : response.body().string();
                throw ApiException.of(response.code(), text, response.header("X-Request-Id"));
            } catch (IOException e) {
                throw new TransportException("cannot read the refusal: " + e.getMessage(), e);
            }
        }
        OkHttpClient streaming = streaming();
        return new AgentRun(runId, call, response, () -> cancel(runId).execute(),
                last -> streaming.newCall(eventsRequest(threadId, runId, last)), reattach);
    }

    /**
     * {@code POST /api/v1/runs/{runId}/cancel}.
     *
     * @param runId the run
     * @return its state ({@code canceling} while it stops)
     */
    public Call<RunState> cancel(String runId) {
        return HttpCall.of(runs.cancelRun(runId));
    }

    /**
     * {@code GET /api/v1/threads/{threadId}/history}: past runs and their events, for restore.
     *
     * @param threadId the session
     * @return the thread's runs, oldest first, each with its stored events
     */
    public Call<ThreadHistory> history(String threadId) {
        return HttpCall.of(runs.getThreadHistory(threadId));
    }

    /**
     * The stored events of a thread's runs, decoded, ready for {@link AgentTranscript#fold(Iterable)}.
     *
     * @param threadId the session
     * @return one list of events per run, oldest run first
     */
    public Call<List<List<AgentEvent>>> historyEvents(String threadId) {
        return new OkCall<>(http, () -> historyRequest(threadId), (call, response) -> {
            try (response) {
                return historyEvents(response, response.body() == null ? "" : response.body().string());
            }
        }, "read the history of thread " + threadId);
    }

    private Request historyRequest(String threadId) {
        // read as JSON, not through the generated RunHistory model, so every event field arrives untouched
        return new Request.Builder().url(HttpUrl.get(baseUrl).newBuilder()
                .addPathSegments("api/v1/threads").addPathSegment(threadId).addPathSegment("history").build()).get().build();
    }

    private static List<List<AgentEvent>> historyEvents(Response response, String text) throws IOException {
        if (response.code() != 200) {
            throw ApiException.of(response.code(), text, response.header("X-Request-Id"));
        }
        List<List<AgentEvent>> out = new ArrayList<>();
        for (JsonNode run : Http.MAPPER.readTree(text).path("runs")) {
            List<AgentEvent> events = new ArrayList<>();
            run.path("events").forEach(e -> events.add(AgentEventDecoder.decode(e)));
            out.add(List.copyOf(events));
        }
        return List.copyOf(out);
    }

    /**
     * The registered data sources (passwords never included).
     *
     * @return the list call
     * @deprecated a plural noun names a registry: use {@code resources().datasources().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Call<List<Datasource>> datasources() {
        return resources().datasources().list();
    }

    /**
     * Registers a data source.
     *
     * @param registration a JDBC data source (its password stays on the server)
     * @return the registered source
     * @deprecated use {@code resources().datasources().register(registration)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Call<Datasource> registerDatasource(DatasourceRegistration registration) {
        return resources().datasources().register(registration);
    }

    /**
     * The knowledge bases.
     *
     * @return the list call
     * @deprecated use {@code resources().knowledgeBases().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Call<List<Resource>> knowledgeBases() {
        return resources().knowledgeBases().list();
    }

    /**
     * {@code GET /api/v1/knowledge-bases/{id}/search}.
     *
     * @param knowledgeBaseId an enabled knowledge base
     * @param query           the search text
     * @return the matching documents, best first
     * @deprecated use {@code resources().knowledgeBases().search(knowledgeBaseId, query)}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Call<List<KnowledgeHit>> searchKnowledge(String knowledgeBaseId, String query) {
        return resources().knowledgeBases().search(knowledgeBaseId, query);
    }

    /**
     * The skills.
     *
     * @return the list call
     * @deprecated use {@code resources().skills().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Call<List<Resource>> skills() {
        return resources().skills().list();
    }

    /** @return the model profiles: {@code deterministic} and those the server configures (never their keys) */
    public Call<List<ModelProfile>> modelProfiles() {
        return HttpCall.of(resources.listModelProfiles()).map(r -> r.getItems());
    }

    /**
     * The MCP servers.
     *
     * @return the list call
     * @deprecated use {@code resources().mcpServers().list()}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public Call<List<Resource>> mcpServers() {
        return resources().mcpServers().list();
    }

    /**
     * {@code POST /api/v1/files}: uploads a workspace file (its id goes into {@code run_config.fileIds}) as
     * {@code multipart/form-data}: a {@code file} part whose filename is {@code name}, and a {@code name} field. Built
     * with OkHttp's {@code MultipartBody} directly, so the bytes travel exactly as given.
     *
     * @param name  the file name (no path; its extension sets the stored media type)
     * @param bytes the content (at most 10 MiB)
     * @return the stored file
     */
    public Call<FileInfo> uploadFile(String name, byte[] bytes) {
        return new OkCall<>(http, () -> uploadRequest(name, bytes), (call, response) -> {
            try (response) {
                return uploaded(response, response.body() == null ? "" : response.body().string());
            }
        }, "upload " + name);
    }

    private Request uploadRequest(String name, byte[] bytes) {
        MultipartBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", name, RequestBody.create(bytes, MediaType.get("application/octet-stream")))
                .addFormDataPart("name", name)
                .build();
        return new Request.Builder().url(HttpUrl.get(baseUrl).newBuilder()
                        .addPathSegments("api/v1/files").build())
                .post(body).build();
    }

    private static FileInfo uploaded(Response response, String text) throws IOException {
        if (response.code() != 201) {
            throw ApiException.of(response.code(), text, response.header("X-Request-Id"));
        }
        return Http.MAPPER.readValue(text, FileInfo.class);
    }

    /** @return the workspace files */
    public Call<List<FileInfo>> files() {
        return HttpCall.of(filesApi.listFiles()).map(r -> r.getItems());
    }

    /**
     * {@code GET /api/v1/files/{fileId}/content}: a workspace file's bytes, as uploaded. Read with OkHttp directly:
     * the generated interface would decode the bytes as text.
     *
     * <pre>{@code
     * byte[] csv = agent.downloadFile(agent.uploadFile("sales.csv", bytes).execute().getId()).execute();
     * }</pre>
     *
     * @param fileId a file's id
     * @return its content
     */
    public Call<byte[]> downloadFile(String fileId) {
        return new OkCall<>(http, () -> new Request.Builder().url(HttpUrl.get(baseUrl).newBuilder()
                .addPathSegments("api/v1/files").addPathSegment(fileId).addPathSegment("content").build()).get().build(),
                (call, response) -> {
                    try (response) {
                        byte[] body = response.body() == null ? new byte[0] : response.body().bytes();
                        if (response.code() != 200) {
                            throw ApiException.of(response.code(), new String(body, StandardCharsets.UTF_8),
                                    response.header("X-Request-Id"));
                        }
                        return body;
                    }
                }, "download file " + fileId);
    }

    /**
     * @param threadId the session
     * @return its artifacts
     */
    public Call<List<Artifact>> artifacts(String threadId) {
        return HttpCall.of(artifacts.listArtifacts(threadId)).map(r -> r.getItems());
    }

    /**
     * @param artifactId an artifact
     * @return its content (CSV text)
     */
    public Call<String> download(String artifactId) {
        return HttpCall.of(artifacts.downloadArtifact(artifactId));
    }

    // ---- the lifecycle of threads, files and artifacts (issue 35.4)

    /** The contract's largest page of threads. */
    public static final int MAX_THREAD_PAGE = 100;

    /**
     * {@code GET /api/v1/threads}: one page of the threads that have runs, newest first (by their latest run).
     *
     * <pre>{@code
     * ThreadList page = agent.threads(20, 0).execute();
     * page.getItems().forEach(t -> System.out.println(t.getThreadId() + " " + t.getTitle()));
     * }</pre>
     *
     * @param limit  page size, 1 to 100
     * @param offset threads to skip
     * @return the page, with the total over all pages
     */
    public Call<ThreadList> threads(int limit, int offset) {
        return HttpCall.of(runs.listThreads(limit, offset));
    }

    /** @return every thread, newest first, fetched lazily 100 at a time by following {@code Link rel="next"} */
    public Stream<ThreadSummary> allThreads() {
        return allThreads(MAX_THREAD_PAGE);
    }

    /**
     * @param pageSize threads per request, 1 to 100
     * @return every thread, newest first, fetched lazily page by page; a thread that gets a new run while the pages
     *         are read moves to the first page, so it may be missed (read again) but is never given twice
     */
    public Stream<ThreadSummary> allThreads(int pageSize) {
        if (pageSize < 1 || pageSize > MAX_THREAD_PAGE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_THREAD_PAGE + ", was " + pageSize);
        }
        HttpUrl base = HttpUrl.get(baseUrl);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        return Pages.byLink(() -> Http.executeForResponse(runs.listThreads(pageSize, 0)),
                next -> Http.executeForResponse(threadPages.threads(Pages.onOrigin(next, base))),
                ThreadList::getItems).filter(t -> seen.add(t.getThreadId()));
    }

    /**
     * {@code DELETE /api/v1/threads/{threadId}}: removes the thread with its runs, their events and its artifacts.
     *
     * @param threadId the session
     * @return a call that answers nothing; {@code NotFoundException} when the thread has no runs (or was deleted),
     *         {@code ConflictException} (code {@code RUN_ALREADY_ACTIVE}) while a run of it is still going
     */
    public Call<Void> deleteThread(String threadId) {
        return HttpCall.of(runs.deleteThread(threadId));
    }

    /**
     * {@code DELETE /api/v1/files/{fileId}}: removes an uploaded file.
     *
     * @param fileId the file
     * @return a call that answers nothing; {@code NotFoundException} for an unknown (or deleted) file
     */
    public Call<Void> deleteFile(String fileId) {
        return HttpCall.of(filesApi.deleteFile(fileId));
    }

    /**
     * {@code DELETE /api/v1/artifacts/{artifactId}}: removes one artifact (its thread and events stay).
     *
     * @param artifactId the artifact
     * @return a call that answers nothing; {@code NotFoundException} for an unknown (or deleted) artifact
     */
    public Call<Void> deleteArtifact(String artifactId) {
        return HttpCall.of(artifacts.deleteArtifact(artifactId));
    }

    /**
     * Builds an {@link AgentClient}; the base URL is required, and the kit token ({@link #token(String)}) for
     * every operation.
     *
     * <pre>{@code
     * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(kitToken)
     *         .connectTimeout(Duration.ofSeconds(2)).build();
     * }</pre>
     */
    public static final class Builder extends KitTokenBuilder<Builder> {
        private AgentRun.Reattach reattach = AgentRun.Reattach.DEFAULT;

        private Builder() {
        }

        /**
         * How a run's event stream re-attaches after its connection drops: up to {@code attempts} attempts since
         * the last event received, the first after about {@code firstDelay}, each pause doubled up to
         * {@code maxDelay}, with jitter (a random half of it). The default: 5 attempts, 250 ms, 5 s. With 0 attempts
         * a drop ends the iteration ({@link dev.contractkit.sdk.TransportException}); the run still goes on.
         *
         * @param attempts   attempts after a drop, 0 or more
         * @param firstDelay the first pause
         * @param maxDelay   the longest pause
         * @return this builder
         */
        public Builder reattach(int attempts, Duration firstDelay, Duration maxDelay) {
            if (attempts < 0 || firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
                throw new IllegalArgumentException("reattach needs attempts >= 0 and 0 <= firstDelay <= maxDelay");
            }
            this.reattach = new AgentRun.Reattach(attempts, firstDelay, maxDelay);
            return this;
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL is missing
         */
        public AgentClient build() {
            AgentConnection connection = AgentConnection.open(configBuilder().build(), kitToken());
            return new AgentClient(connection.retrofit(), connection.config(), reattach);
        }
    }
}
