package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.ApiException;
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
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.KitTokenAuth;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.internal.CompositeCall;
import dev.contractkit.sdk.internal.RequestOptions;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.KitTokenBuilder;
import dev.contractkit.sdk.Call;
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
 *         .input(Map.of("duration_ms", 100)))).execute();
 * TaskWait.Result done = exec.awaitAll(r.getTaskIds(), Duration.ofSeconds(30), Duration.ofMillis(200)).execute();
 * CancelItem c = exec.cancel("some-running-task").execute();   // status cancelling, event task_cancel_requested
 * exec.submitAndWait(graph, Duration.ofMinutes(1), Duration.ofSeconds(1)).executeAsync().thenAccept(w -> System.out.println(w.allTerminal()));
 * }</pre>
 *
 * Every operation returns a {@link Call}: {@code execute()}, {@code executeAsync()} (a {@link CompletableFuture}
 * failing with the same exceptions; the waits poll without blocking a thread) or {@code executeRaw()}.
 * Every call throws an {@link ApiException} subclass on a non-2xx answer (the contract's error body in
 * {@link ApiException#body()}) and a {@link dev.contractkit.sdk.TransportException} when no answer arrives.
 */
public final class ExecClient implements AutoCloseable {
    private final AdaptersApi adapters;
    private final TasksApi tasks;
    private final HealthApi health;
    private final ClientConfig config;

    private ExecClient(Retrofit retrofit, ClientConfig config) {
        this.config = config;
        this.adapters = retrofit.create(AdaptersApi.class);
        this.tasks = retrofit.create(TasksApi.class);
        this.health = retrofit.create(HealthApi.class);
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the adapter.v1 contract this control plane offers */
    public Call<Capabilities> capabilities() {
        return HttpCall.of(adapters.getCapabilities());
    }

    /** @return the tool manifest for agent tools or skills */
    public Call<ToolManifest> tools() {
        return HttpCall.of(adapters.getTools());
    }

    /**
     * Translates an agent action and executes it.
     *
     * @param request the action
     * @return the agent.v1 translation with the ids of the tasks now running
     * @throws dev.contractkit.sdk.ForbiddenException when the action's kind is disabled on the server
     */
    public Call<AgentActionResponse> act(AgentActionRequest request) {
        return HttpCall.of(adapters.act(request));
    }

    /**
     * @param request the action
     * @return its agent.v1 translation; nothing runs
     */
    public Call<AgentActionResponse> translate(AgentActionRequest request) {
        return HttpCall.of(adapters.translate(request));
    }

    /**
     * @param graph a task graph (non-empty, unique ids, known dependencies, no cycle)
     * @return the accepted ids
     * @throws dev.contractkit.sdk.BadRequestException naming the graph rule broken
     */
    public Call<SubmitResponse> submit(TaskGraph graph) {
        return HttpCall.of(tasks.submitTaskGraph(graph));
    }

    /**
     * @param id a task id
     * @return the task and its state
     * @throws dev.contractkit.sdk.NotFoundException when there is no such task
     */
    public Call<Task> task(String id) {
        return taskCall(id);
    }

    private HttpCall<Task, Task> taskCall(String id) {
        return HttpCall.of(tasks.getTask(id));
    }

    /**
     * Requests cancellation (a running task answers {@code cancelling}; a pending one is {@code cancelled}).
     *
     * @param id a task id
     * @return the cancel item of the response
     * @throws dev.contractkit.sdk.ConflictException when the task has already finished
     */
    public Call<CancelItem> cancel(String id) {
        return HttpCall.of(tasks.cancelTask(id)).map(r -> r.getTasks().get(0));
    }

    /**
     * Forgets a task: state clean-up only, its work is not stopped (use {@link #cancel(String)}).
     *
     * @param id a task id
     * @return the call; its result is {@code null}
     */
    public Call<Void> delete(String id) {
        return HttpCall.of(tasks.deleteTask(id)).map(r -> (Void) null);
    }

    /** @return liveness of the control plane */
    public Call<Health> health() {
        return HttpCall.of(health.health());
    }

    /**
     * Submits a graph and waits until every task is terminal.
     *
     * @param graph    the graph
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the wait result ({@link TaskWait.Result#allTerminal()} false when the time-out came first)
     */
    public Call<TaskWait.Result> submitAndWait(TaskGraph graph, Duration timeout, Duration interval) {
        HttpCall<SubmitResponse, SubmitResponse> submit = HttpCall.of(tasks.submitTaskGraph(graph));
        return new CompositeCall<>(
                o -> waiter(o).await(submit.withOptions(o).execute().getTaskIds(), timeout, interval),
                o -> submit.withOptions(o).executeAsync().thenCompose(r -> waiter(o).awaitAsync(r.getTaskIds(), timeout, interval)));
    }

    /**
     * Polls tasks until every one is terminal (success, failed, cancelled, skipped) or the time-out passes.
     *
     * @param ids      task ids
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the tasks as last read, whether all are terminal and the deadline
     */
    public Call<TaskWait.Result> awaitAll(List<String> ids, Duration timeout, Duration interval) {
        return new CompositeCall<>(o -> waiter(o).await(ids, timeout, interval), o -> waiter(o).awaitAsync(ids, timeout, interval));
    }

    private TaskWait waiter(RequestOptions options) {
        return new TaskWait(id -> taskCall(id).withOptions(options).execute(), id -> taskCall(id).withOptions(options).executeAsync());
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
     * Builds an {@link ExecClient}; the base URL is required, and the kit token ({@link #token(String)}) for every
     * operation but {@link ExecClient#health()}.
     *
     * <pre>{@code
     * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(kitToken).retries(RetryPolicy.none()).build();
     * }</pre>
     */
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
        public ExecClient build() {
            ClientConfig config = configBuilder().build();
            return new ExecClient(Http.retrofit(config, KitTokenAuth.of(kitToken()), dev.contractkit.sdk.exec.internal.ContractErrors.FORMAT), config);
        }
    }
}
