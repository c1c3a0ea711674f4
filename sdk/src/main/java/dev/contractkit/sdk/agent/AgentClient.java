package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.TransportException;
import dev.contractkit.sdk.agent.api.ArtifactsApi;
import dev.contractkit.sdk.agent.api.ResourcesApi;
import dev.contractkit.sdk.agent.api.RunsApi;
import dev.contractkit.sdk.agent.model.Artifact;
import dev.contractkit.sdk.agent.model.Datasource;
import dev.contractkit.sdk.agent.model.DatasourceRegistration;
import dev.contractkit.sdk.agent.model.Resource;
import dev.contractkit.sdk.agent.model.RunAgentInput;
import dev.contractkit.sdk.agent.model.RunState;
import dev.contractkit.sdk.agent.model.ThreadHistory;
import dev.contractkit.sdk.platform.Http;
import dev.contractkit.sdk.platform.KitTokenAuth;
import okhttp3.Call;
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
import java.util.concurrent.CompletableFuture;

/**
 * Client of the data-analysis agent ({@code specs/openapi/agent.yaml}): {@link #runAgent(RunAgentInput)} starts a
 * run and returns its typed, cancellable event stream; the resource methods wrap the generated Retrofit interfaces.
 *
 * <pre>{@code
 * AgentClient agent = AgentClient.builder().baseUrl("http://127.0.0.1:8090").token(System.getenv("KIT_TOKEN")).build();
 * RunAgentInput input = AgentClient.input("thread-1", "run-1", "What is the revenue by region?");
 * try (AgentRun run = agent.runAgent(input)) {
 *     for (AgentEvent e : run) {
 *         if (e instanceof AgentEvent.TextMessageContent c) System.out.print(c.event().getDelta());
 *     }
 *     System.out.println(run.transcript().artifacts());
 * }
 * agent.datasourcesAsync().thenAccept(ds -> ds.forEach(d -> System.out.println(d.getId())));
 * }</pre>
 *
 * Every operation has an {@code …Async} variant returning a {@link CompletableFuture} that fails with the same
 * {@link ApiException} family. A run's event stream is not resumable: the contract ends a run when its connection
 * closes ("Closing the connection cancels the run"), so after a drop there is nothing to reconnect to; the events the
 * run sent before it stopped are in {@link #historyEvents(String)} (fold them with {@link AgentTranscript#fold}),
 * and a new run continues the thread.
 */
public final class AgentClient {
    private static final MediaType JSON = MediaType.get("application/json");
    private final RunsApi runs;
    private final ResourcesApi resources;
    private final ArtifactsApi artifacts;
    private final dev.contractkit.sdk.agent.api.FilesApi filesApi;
    private final OkHttpClient http;
    private final String baseUrl;

    private AgentClient(Retrofit retrofit) {
        this.runs = retrofit.create(RunsApi.class);
        this.resources = retrofit.create(ResourcesApi.class);
        this.artifacts = retrofit.create(ArtifactsApi.class);
        this.filesApi = retrofit.create(dev.contractkit.sdk.agent.api.FilesApi.class);
        this.http = (OkHttpClient) retrofit.callFactory();
        String url = retrofit.baseUrl().toString();
        this.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
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
        dev.contractkit.sdk.agent.model.Message m = new dev.contractkit.sdk.agent.model.Message();
        m.setId(runId + "-user");
        m.setRole(dev.contractkit.sdk.agent.model.Message.RoleEnum.USER);
        m.setContent(question);
        in.setMessages(new java.util.ArrayList<>(List.of(m)));
        return in;
    }

    /**
     * Starts a run ({@code POST /api/agent}) and returns once the server accepted it (status 200, events follow).
     *
     * @param input the run's input
     * @return the run's event stream; close it when done
     * @throws ApiException (e.g. {@code BadRequestException} for {@code CREDENTIALS_NOT_ALLOWED}) when refused
     */
    public AgentRun runAgent(RunAgentInput input) {
        Objects.requireNonNull(input, "input == null");
        byte[] body;
        try {
            body = Http.MAPPER.writeValueAsBytes(input);
        } catch (IOException e) {
            throw new IllegalArgumentException("the input cannot be written as JSON: " + e.getMessage(), e);
        }
        Call call = startCall(body);
        Response response;
        try {
            response = call.execute();
        } catch (IOException e) {
            throw new TransportException("cannot start the run: " + e.getMessage(), e);
        }
        return accepted(input.getRunId(), call, response);
    }

    /**
     * Starts a run without blocking; completes once the server accepted it (the events are then read from the
     * {@link AgentRun}, which blocks while it waits for the next one).
     *
     * @param input the run's input
     * @return the run's event stream, or a failure with the {@link ApiException} of the refusal
     */
    public CompletableFuture<AgentRun> runAgentAsync(RunAgentInput input) {
        Objects.requireNonNull(input, "input == null");
        byte[] body;
        try {
            body = Http.MAPPER.writeValueAsBytes(input);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("the input cannot be written as JSON: " + e.getMessage(), e));
        }
        Call call = startCall(body);
        CompletableFuture<AgentRun> future = new CompletableFuture<>();
        call.enqueue(new okhttp3.Callback() {
            @Override
            public void onFailure(Call c, IOException e) {
                future.completeExceptionally(new TransportException("cannot start the run: " + e.getMessage(), e));
            }

            @Override
            public void onResponse(Call c, Response response) {
                try {
                    future.complete(accepted(input.getRunId(), call, response));
                } catch (RuntimeException e) {
                    future.completeExceptionally(e);
                }
            }
        });
        future.whenComplete((run, t) -> {
            if (future.isCancelled()) {
                call.cancel();
            }
        });
        return future;
    }

    private Call startCall(byte[] body) {
        Request request = new Request.Builder().url(baseUrl + "/api/agent").header("Accept", "text/event-stream")
                .post(RequestBody.create(body, JSON)).build();
        // no read time-out between events: a run may think for a while; cancel() or close() end it
        return http.newBuilder().readTimeout(java.time.Duration.ZERO).build().newCall(request);
    }

    private AgentRun accepted(String runId, Call call, Response response) {
        if (response.code() != 200) {
            try (response) {
                String text = response.body() == null ? "" : response.body().string();
                throw ApiException.of(response.code(), text, response.header("X-Request-Id"));
            } catch (IOException e) {
                throw new TransportException("cannot read the refusal: " + e.getMessage(), e);
            }
        }
        return new AgentRun(runId, call, response, () -> cancel(runId));
    }

    /** Reads a response the generated interfaces cannot (raw JSON, a raw upload). */
    private interface Reader<T> {
        T read(Response response, String text) throws IOException;
    }

    private <T> CompletableFuture<T> enqueue(Request request, String what, Reader<T> reader) {
        CompletableFuture<T> future = new CompletableFuture<>();
        Call call = http.newCall(request);
        call.enqueue(new okhttp3.Callback() {
            @Override
            public void onFailure(Call c, IOException e) {
                future.completeExceptionally(new TransportException("cannot " + what + ": " + e.getMessage(), e));
            }

            @Override
            public void onResponse(Call c, Response response) {
                try (response) {
                    String text = response.body() == null ? "" : response.body().string();
                    future.complete(reader.read(response, text));
                } catch (IOException e) {
                    future.completeExceptionally(new TransportException("cannot " + what + ": " + e.getMessage(), e));
                } catch (RuntimeException e) {
                    future.completeExceptionally(e);
                }
            }
        });
        future.whenComplete((v, t) -> {
            if (future.isCancelled()) {
                call.cancel();
            }
        });
        return future;
    }

    /**
     * {@code POST /api/v1/runs/{runId}/cancel}.
     *
     * @param runId the run
     * @return its state ({@code canceling} while it stops)
     */
    public RunState cancel(String runId) {
        return Http.execute(runs.cancelRun(runId));
    }

    /**
     * @param runId the run
     * @return its state, asynchronously
     */
    public CompletableFuture<RunState> cancelAsync(String runId) {
        return Http.executeAsync(runs.cancelRun(runId));
    }

    /**
     * {@code GET /api/v1/threads/{threadId}/history}: past runs and their events, for restore.
     *
     * @param threadId the session
     * @return the thread's runs, oldest first, each with its stored events
     */
    public ThreadHistory history(String threadId) {
        return Http.execute(runs.getThreadHistory(threadId));
    }

    /**
     * @param threadId the session
     * @return its past runs and their events, asynchronously
     */
    public CompletableFuture<ThreadHistory> historyAsync(String threadId) {
        return Http.executeAsync(runs.getThreadHistory(threadId));
    }

    /**
     * The stored events of a thread's runs, decoded, ready for {@link AgentTranscript#fold(Iterable)}.
     *
     * @param threadId the session
     * @return one list of events per run, oldest run first
     */
    public List<List<AgentEvent>> historyEvents(String threadId) {
        try (Response response = http.newCall(historyRequest(threadId)).execute()) {
            String text = response.body() == null ? "" : response.body().string();
            return historyEvents(response, text);
        } catch (IOException e) {
            throw new TransportException("cannot read the history of thread " + threadId + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param threadId the session
     * @return one list of decoded events per run, asynchronously
     */
    public CompletableFuture<List<List<AgentEvent>>> historyEventsAsync(String threadId) {
        return enqueue(historyRequest(threadId), "read the history of thread " + threadId, AgentClient::historyEvents);
    }

    private Request historyRequest(String threadId) {
        // read as JSON, not through the generated RunHistory model, so every event field arrives untouched
        return new Request.Builder().url(okhttp3.HttpUrl.get(baseUrl).newBuilder()
                .addPathSegments("api/v1/threads").addPathSegment(threadId).addPathSegment("history").build()).get().build();
    }

    private static List<List<AgentEvent>> historyEvents(Response response, String text) throws IOException {
        if (response.code() != 200) {
            throw ApiException.of(response.code(), text, response.header("X-Request-Id"));
        }
        List<List<AgentEvent>> out = new java.util.ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode run : Http.MAPPER.readTree(text).path("runs")) {
            List<AgentEvent> events = new java.util.ArrayList<>();
            run.path("events").forEach(e -> events.add(AgentEventDecoder.decode(e)));
            out.add(List.copyOf(events));
        }
        return List.copyOf(out);
    }

    /** @return the registered data sources (passwords never included) */
    public List<Datasource> datasources() {
        return Http.execute(resources.listDatasources()).getItems();
    }

    /** @return the registered data sources, asynchronously */
    public CompletableFuture<List<Datasource>> datasourcesAsync() {
        return Http.executeAsync(resources.listDatasources()).thenApply(l -> l.getItems());
    }

    /**
     * @param registration a JDBC data source (its password stays on the server)
     * @return the registered source
     */
    public Datasource registerDatasource(DatasourceRegistration registration) {
        return Http.execute(resources.registerDatasource(registration));
    }

    /**
     * @param registration a JDBC data source
     * @return the registered source, asynchronously
     */
    public CompletableFuture<Datasource> registerDatasourceAsync(DatasourceRegistration registration) {
        return Http.executeAsync(resources.registerDatasource(registration));
    }

    /** @return the knowledge bases */
    public List<Resource> knowledgeBases() {
        return Http.execute(resources.listKnowledgeBases()).getItems();
    }

    /** @return the knowledge bases, asynchronously */
    public CompletableFuture<List<Resource>> knowledgeBasesAsync() {
        return Http.executeAsync(resources.listKnowledgeBases()).thenApply(l -> l.getItems());
    }

    /**
     * {@code GET /api/v1/knowledge-bases/{id}/search}.
     *
     * @param knowledgeBaseId an enabled knowledge base
     * @param query           the search text
     * @return the matching documents, best first
     */
    public List<dev.contractkit.sdk.agent.model.KnowledgeHit> searchKnowledge(String knowledgeBaseId, String query) {
        return Http.execute(resources.searchKnowledgeBase(knowledgeBaseId, query)).getItems();
    }

    /**
     * @param knowledgeBaseId an enabled knowledge base
     * @param query           the search text
     * @return the matching documents, best first, asynchronously
     */
    public CompletableFuture<List<dev.contractkit.sdk.agent.model.KnowledgeHit>> searchKnowledgeAsync(String knowledgeBaseId, String query) {
        return Http.executeAsync(resources.searchKnowledgeBase(knowledgeBaseId, query)).thenApply(l -> l.getItems());
    }

    /** @return the skills */
    public List<Resource> skills() {
        return Http.execute(resources.listSkills()).getItems();
    }

    /** @return the skills, asynchronously */
    public CompletableFuture<List<Resource>> skillsAsync() {
        return Http.executeAsync(resources.listSkills()).thenApply(l -> l.getItems());
    }

    /** @return the model profiles */
    public List<Resource> modelProfiles() {
        return Http.execute(resources.listModelProfiles()).getItems();
    }

    /** @return the model profiles, asynchronously */
    public CompletableFuture<List<Resource>> modelProfilesAsync() {
        return Http.executeAsync(resources.listModelProfiles()).thenApply(l -> l.getItems());
    }

    /** @return the MCP servers */
    public List<Resource> mcpServers() {
        return Http.execute(resources.listMcpServers()).getItems();
    }

    /** @return the MCP servers, asynchronously */
    public CompletableFuture<List<Resource>> mcpServersAsync() {
        return Http.executeAsync(resources.listMcpServers()).thenApply(l -> l.getItems());
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
    public dev.contractkit.sdk.agent.model.FileInfo uploadFile(String name, byte[] bytes) {
        try (Response response = http.newCall(uploadRequest(name, bytes)).execute()) {
            String text = response.body() == null ? "" : response.body().string();
            return uploaded(response, text);
        } catch (IOException e) {
            throw new TransportException("cannot upload " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@link #uploadFile(String, byte[])}, asynchronously (the same {@code multipart/form-data} request).
     *
     * @param name  the file name (no path; its extension sets the stored media type)
     * @param bytes the content (at most 10 MiB)
     * @return the stored file, asynchronously
     */
    public CompletableFuture<dev.contractkit.sdk.agent.model.FileInfo> uploadFileAsync(String name, byte[] bytes) {
        return enqueue(uploadRequest(name, bytes), "upload " + name, AgentClient::uploaded);
    }

    private Request uploadRequest(String name, byte[] bytes) {
        MultipartBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("file", name, RequestBody.create(bytes, MediaType.get("application/octet-stream")))
                .addFormDataPart("name", name)
                .build();
        return new Request.Builder().url(okhttp3.HttpUrl.get(baseUrl).newBuilder()
                        .addPathSegments("api/v1/files").build())
                .post(body).build();
    }

    private static dev.contractkit.sdk.agent.model.FileInfo uploaded(Response response, String text) throws IOException {
        if (response.code() != 201) {
            throw ApiException.of(response.code(), text, response.header("X-Request-Id"));
        }
        return Http.MAPPER.readValue(text, dev.contractkit.sdk.agent.model.FileInfo.class);
    }

    /** @return the workspace files */
    public List<dev.contractkit.sdk.agent.model.FileInfo> files() {
        return Http.execute(filesApi.listFiles()).getItems();
    }

    /** @return the workspace files, asynchronously */
    public CompletableFuture<List<dev.contractkit.sdk.agent.model.FileInfo>> filesAsync() {
        return Http.executeAsync(filesApi.listFiles()).thenApply(l -> l.getItems());
    }

    /**
     * {@code GET /api/v1/files/{fileId}/content}: a workspace file's bytes, as uploaded. Read with OkHttp directly:
     * the generated interface would decode the bytes as text.
     *
     * <pre>{@code
     * byte[] csv = agent.downloadFile(agent.uploadFile("sales.csv", bytes).getId());
     * }</pre>
     *
     * @param fileId a file's id
     * @return its content
     */
    public byte[] downloadFile(String fileId) {
        Request request = new Request.Builder().url(okhttp3.HttpUrl.get(baseUrl).newBuilder()
                .addPathSegments("api/v1/files").addPathSegment(fileId).addPathSegment("content").build()).get().build();
        try (Response response = http.newCall(request).execute()) {
            byte[] body = response.body() == null ? new byte[0] : response.body().bytes();
            if (response.code() != 200) {
                throw ApiException.of(response.code(), new String(body, java.nio.charset.StandardCharsets.UTF_8),
                        response.header("X-Request-Id"));
            }
            return body;
        } catch (IOException e) {
            throw new TransportException("cannot download file " + fileId + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param fileId a file's id
     * @return its content, asynchronously (on OkHttp's dispatcher threads)
     */
    public CompletableFuture<byte[]> downloadFileAsync(String fileId) {
        return CompletableFuture.supplyAsync(() -> downloadFile(fileId), http.dispatcher().executorService());
    }

    /**
     * @param threadId the session
     * @return its artifacts
     */
    public List<Artifact> artifacts(String threadId) {
        return Http.execute(artifacts.listArtifacts(threadId)).getItems();
    }

    /**
     * @param threadId the session
     * @return its artifacts, asynchronously
     */
    public CompletableFuture<List<Artifact>> artifactsAsync(String threadId) {
        return Http.executeAsync(artifacts.listArtifacts(threadId)).thenApply(l -> l.getItems());
    }

    /**
     * @param artifactId an artifact
     * @return its content (CSV text)
     */
    public String download(String artifactId) {
        return Http.execute(artifacts.downloadArtifact(artifactId));
    }

    /**
     * @param artifactId an artifact
     * @return its content (CSV text), asynchronously
     */
    public CompletableFuture<String> downloadAsync(String artifactId) {
        return Http.executeAsync(artifacts.downloadArtifact(artifactId));
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
    public static final class Builder extends ClientBuilder<Builder> {
        private String token;

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * The kit token: the server's {@code KIT_TOKEN}, or the file {@code <data dir>/kit-token} it made (owner-only)
         * on first start and printed once. Sent as {@code Authorization: Bearer <token>} (the contract's
         * {@code KitToken} scheme) on every request, the run's event stream and file transfers included. Every
         * operation of the agent needs it: without it each call fails with
         * {@link dev.contractkit.sdk.UnauthorizedException} (401).
         *
         * @param token the kit token
         * @return this builder
         * @throws IllegalArgumentException when it is blank or holds white space
         */
        public Builder token(String token) {
            this.token = KitTokenAuth.check(token);
            return this;
        }

        /**
         * @return the client
         * @throws IllegalStateException when the base URL is missing
         */
        public AgentClient build() {
            ClientConfig config = configBuilder().build();
            return new AgentClient(Http.retrofit(config, List.of(KitTokenAuth.of(token))));
        }
    }
}
