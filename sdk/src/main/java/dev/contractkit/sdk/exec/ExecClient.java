package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.exec.api.AdaptersApi;
import dev.contractkit.sdk.exec.api.HealthApi;
import dev.contractkit.sdk.exec.api.TasksApi;
import dev.contractkit.sdk.exec.model.AgentActionRequest;
import dev.contractkit.sdk.exec.model.AgentActionResponse;
import dev.contractkit.sdk.exec.model.CancelItem;
import dev.contractkit.sdk.exec.model.Capabilities;
import dev.contractkit.sdk.exec.model.Health;
import dev.contractkit.sdk.exec.model.SubmitResponse;
import dev.contractkit.sdk.exec.model.Task;
import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.exec.model.ToolManifest;
import dev.contractkit.sdk.platform.Http;
import dev.contractkit.sdk.platform.KitTokenAuth;
import retrofit2.Retrofit;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Client of the execution control plane (contract {@code specs/openapi/exec.yaml}, default
 * {@code http://127.0.0.1:8080}).
 *
 * <pre>{@code
 * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(System.getenv("KIT_TOKEN")).build();
 * AgentActionResponse r = exec.act(new AgentActionRequest().action(new AgentAction().kind("sleep")
 *         .input(Map.of("duration_ms", 100))));
 * TaskWait.Result done = exec.awaitAll(r.getTaskIds(), Duration.ofSeconds(30), Duration.ofMillis(200));
 * CancelItem c = exec.cancel("some-running-task");   // status cancelling, event task_cancel_requested
 * exec.submitAndWaitAsync(graph, Duration.ofMinutes(1), Duration.ofSeconds(1)).thenAccept(w -> System.out.println(w.allTerminal()));
 * }</pre>
 *
 * Every operation has an {@code …Async} variant returning a {@link CompletableFuture} (failing with the same
 * exceptions); the waits poll without blocking a thread.
 * Every call throws an {@link ApiException} subclass on a non-2xx answer (the contract's error body in
 * {@link ApiException#body()}) and a {@link dev.contractkit.sdk.TransportException} when no answer arrives.
 */
public final class ExecClient {
    private final AdaptersApi adapters;
    private final TasksApi tasks;
    private final HealthApi health;

    private ExecClient(Retrofit retrofit) {
        this.adapters = retrofit.create(AdaptersApi.class);
        this.tasks = retrofit.create(TasksApi.class);
        this.health = retrofit.create(HealthApi.class);
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the adapter.v1 contract this control plane offers */
    public Capabilities capabilities() {
        return Http.execute(adapters.getCapabilities());
    }

    /**
     * @return the adapter.v1 contract, asynchronously
     */
    public CompletableFuture<Capabilities> capabilitiesAsync() {
        return Http.executeAsync(adapters.getCapabilities());
    }

    /** @return the tool manifest for agent tools or skills */
    public ToolManifest tools() {
        return Http.execute(adapters.getTools());
    }

    /**
     * @return the tool manifest, asynchronously
     */
    public CompletableFuture<ToolManifest> toolsAsync() {
        return Http.executeAsync(adapters.getTools());
    }

    /**
     * Translates an agent action and executes it.
     *
     * @param request the action
     * @return the agent.v1 translation with the ids of the tasks now running
     * @throws dev.contractkit.sdk.ForbiddenException when the action's kind is disabled on the server
     */
    public AgentActionResponse act(AgentActionRequest request) {
        return Http.execute(adapters.act(request));
    }

    /**
     * @param request the action
     * @return the translation with the running task ids, asynchronously
     */
    public CompletableFuture<AgentActionResponse> actAsync(AgentActionRequest request) {
        return Http.executeAsync(adapters.act(request));
    }

    /**
     * @param request the action
     * @return its agent.v1 translation; nothing runs
     */
    public AgentActionResponse translate(AgentActionRequest request) {
        return Http.execute(adapters.translate(request));
    }

    /**
     * @param request the action
     * @return its agent.v1 translation, asynchronously
     */
    public CompletableFuture<AgentActionResponse> translateAsync(AgentActionRequest request) {
        return Http.executeAsync(adapters.translate(request));
    }

    /**
     * @param graph a task graph (non-empty, unique ids, known dependencies, no cycle)
     * @return the accepted ids
     * @throws dev.contractkit.sdk.BadRequestException naming the graph rule broken
     */
    public SubmitResponse submit(TaskGraph graph) {
        return Http.execute(tasks.submitTaskGraph(graph));
    }

    /**
     * @param graph a task graph
     * @return the accepted ids, asynchronously
     */
    public CompletableFuture<SubmitResponse> submitAsync(TaskGraph graph) {
        return Http.executeAsync(tasks.submitTaskGraph(graph));
    }

    /**
     * @param id a task id
     * @return the task and its state
     * @throws dev.contractkit.sdk.NotFoundException when there is no such task
     */
    public Task task(String id) {
        return Http.execute(tasks.getTask(id));
    }

    /**
     * @param id a task id
     * @return the task, asynchronously
     */
    public CompletableFuture<Task> taskAsync(String id) {
        return Http.executeAsync(tasks.getTask(id));
    }

    /**
     * Requests cancellation (a running task answers {@code cancelling}; a pending one is {@code cancelled}).
     *
     * @param id a task id
     * @return the cancel item of the response
     * @throws dev.contractkit.sdk.ConflictException when the task has already finished
     */
    public CancelItem cancel(String id) {
        return Http.execute(tasks.cancelTask(id)).getTasks().get(0);
    }

    /**
     * @param id a task id
     * @return the cancel item, asynchronously
     */
    public CompletableFuture<CancelItem> cancelAsync(String id) {
        return Http.executeAsync(tasks.cancelTask(id)).thenApply(r -> r.getTasks().get(0));
    }

    /**
     * Forgets a task: state clean-up only, its work is not stopped (use {@link #cancel(String)}).
     *
     * @param id a task id
     */
    public void delete(String id) {
        Http.execute(tasks.deleteTask(id));
    }

    /**
     * @param id a task id
     * @return completes when the task is forgotten
     */
    public CompletableFuture<Void> deleteAsync(String id) {
        return Http.executeAsync(tasks.deleteTask(id)).thenApply(r -> null);
    }

    /** @return liveness of the control plane */
    public Health health() {
        return Http.execute(health.health());
    }

    /**
     * @return liveness of the control plane, asynchronously
     */
    public CompletableFuture<Health> healthAsync() {
        return Http.executeAsync(health.health());
    }

    /**
     * Submits a graph and waits until every task is terminal.
     *
     * @param graph    the graph
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the wait result ({@link TaskWait.Result#allTerminal()} false when the time-out came first)
     */
    public TaskWait.Result submitAndWait(TaskGraph graph, Duration timeout, Duration interval) {
        return awaitAll(submit(graph).getTaskIds(), timeout, interval);
    }

    /**
     * @param graph    the graph
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the wait result, without blocking a thread while waiting
     */
    public CompletableFuture<TaskWait.Result> submitAndWaitAsync(TaskGraph graph, Duration timeout, Duration interval) {
        return submitAsync(graph).thenCompose(r -> awaitAllAsync(r.getTaskIds(), timeout, interval));
    }

    /**
     * Polls tasks until every one is terminal (success, failed, cancelled, skipped) or the time-out passes.
     *
     * @param ids      task ids
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the tasks as last read, whether all are terminal and the deadline
     */
    public TaskWait.Result awaitAll(List<String> ids, Duration timeout, Duration interval) {
        return new TaskWait(this::task).await(ids, timeout, interval);
    }

    /**
     * @param ids      task ids
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the tasks as last read, polled without blocking a thread
     */
    public CompletableFuture<TaskWait.Result> awaitAllAsync(List<String> ids, Duration timeout, Duration interval) {
        return new TaskWait(this::task, this::taskAsync).awaitAsync(ids, timeout, interval);
    }

    /**
     * Builds an {@link ExecClient}; the base URL is required, and the kit token ({@link #token(String)}) for every
     * operation but {@link ExecClient#health()}.
     *
     * <pre>{@code
     * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken).retries(RetryPolicy.none()).build();
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
         * {@code KitToken} scheme). Without it only {@link ExecClient#health()} and its async variant answer; every
         * other call fails with {@link dev.contractkit.sdk.UnauthorizedException} (401).
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
        public ExecClient build() {
            return new ExecClient(Http.retrofit(configBuilder().build(), List.of(KitTokenAuth.of(token))));
        }
    }
}
