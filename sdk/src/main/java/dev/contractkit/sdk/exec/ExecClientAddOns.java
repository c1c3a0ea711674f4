package dev.contractkit.sdk.exec;

import dev.contractkit.sdk.AddOnSettings;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.exec.model.CancelItem;
import dev.contractkit.sdk.exec.model.CancelResponse;
import dev.contractkit.sdk.exec.model.Capabilities;
import dev.contractkit.sdk.exec.model.SubmitResponse;
import dev.contractkit.sdk.exec.model.Task;
import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.exec.model.ToolManifest;
import dev.contractkit.sdk.internal.CompositeCall;
import dev.contractkit.sdk.internal.RequestOptions;

import java.time.Duration;
import java.util.List;

/**
 * What {@link ExecClient} (generated from {@code specs/openapi/exec.yaml}) adds to the contract's operations: the task
 * wait (poll until every task is terminal, the SDK's form of {@code execcli wait}) and, for one release, the names the
 * hand-written client had. The generated client implements this interface; its default methods call the generated
 * operations. The default poll interval is a setting of the builder ({@link ExecClientBuilderAddOn}).
 *
 * <pre>{@code
 * ExecClient exec = ExecClient.builder().baseUrl("http://127.0.0.1:8080").token(System.getenv("KIT_TOKEN")).build();
 * AgentActionResponse r = exec.act(new AgentActionRequest().action(new AgentAction().kind("sleep")
 *         .input(Map.of("duration_ms", 100)))).execute();
 * TaskWait.Result done = exec.awaitAll(r.getTaskIds(), Duration.ofSeconds(30)).execute();
 * CancelResponse c = exec.cancelTask("some-running-task").execute();   // status cancelling, event task_cancel_requested
 * exec.submitAndWait(graph, Duration.ofMinutes(1), Duration.ofSeconds(1)).executeAsync().thenAccept(w -> System.out.println(w.allTerminal()));
 * }</pre>
 */
public interface ExecClientAddOns {
    /** The task waits' poll interval when a call gives none: 200 ms unless the builder's {@code taskWaitInterval} says. */
    AddOnSettings.Key<Duration> WAIT_INTERVAL = AddOnSettings.Key.of("taskWaitInterval", Duration.class, Duration.ofMillis(200));

    /** @return the settings given to the builder (generated) */
    AddOnSettings addOnSettings();

    /**
     * @param id a task id
     * @return the call of {@code GET /tasks/{id}} (generated)
     */
    Call<Task> getTask(String id);

    /**
     * @param graph a task graph
     * @return the call of {@code POST /tasks} (generated)
     */
    Call<SubmitResponse> submitTaskGraph(TaskGraph graph);

    /**
     * @param id a task id
     * @return the call of {@code POST /tasks/{id}/cancel} (generated)
     */
    Call<CancelResponse> cancelTask(String id);

    /**
     * @param id a task id
     * @return the call of {@code DELETE /tasks/{id}} (generated)
     */
    Call<Void> deleteTask(String id);

    /** @return the call of {@code GET /adapters/capabilities} (generated) */
    Call<Capabilities> getCapabilities();

    /** @return the call of {@code GET /adapters/tools} (generated) */
    Call<ToolManifest> getTools();

    /**
     * Polls tasks until every one is terminal (success, failed, cancelled, skipped) or the time-out passes. A header
     * or time-out given to the returned call applies to each poll; {@code executeAsync()} polls without blocking a
     * thread.
     *
     * @param ids      task ids
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the tasks as last read, whether all are terminal and the deadline
     */
    default Call<TaskWait.Result> awaitAll(List<String> ids, Duration timeout, Duration interval) {
        return new CompositeCall<>(o -> waiter(this, o).await(ids, timeout, interval),
                o -> waiter(this, o).awaitAsync(ids, timeout, interval));
    }

    /**
     * {@link #awaitAll(List, Duration, Duration)} at the builder's interval ({@link #WAIT_INTERVAL}).
     *
     * @param ids     task ids
     * @param timeout how long to wait at most
     * @return the tasks as last read, whether all are terminal and the deadline
     */
    default Call<TaskWait.Result> awaitAll(List<String> ids, Duration timeout) {
        return awaitAll(ids, timeout, addOnSettings().get(WAIT_INTERVAL));
    }

    /**
     * Submits a graph and waits until every task is terminal.
     *
     * @param graph    the graph
     * @param timeout  how long to wait at most
     * @param interval time between polls
     * @return the wait result ({@link TaskWait.Result#allTerminal()} false when the time-out came first)
     */
    default Call<TaskWait.Result> submitAndWait(TaskGraph graph, Duration timeout, Duration interval) {
        Call<SubmitResponse> submit = submitTaskGraph(graph);
        return new CompositeCall<>(
                o -> waiter(this, o).await(o.on(submit).execute().getTaskIds(), timeout, interval),
                o -> o.on(submit).executeAsync().thenCompose(r -> waiter(this, o).awaitAsync(r.getTaskIds(), timeout, interval)));
    }

    /**
     * {@link #submitAndWait(TaskGraph, Duration, Duration)} at the builder's interval ({@link #WAIT_INTERVAL}).
     *
     * @param graph   the graph
     * @param timeout how long to wait at most
     * @return the wait result
     */
    default Call<TaskWait.Result> submitAndWait(TaskGraph graph, Duration timeout) {
        return submitAndWait(graph, timeout, addOnSettings().get(WAIT_INTERVAL));
    }

    /**
     * @return the adapter.v1 contract this control plane offers
     * @deprecated use {@code getCapabilities()} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<Capabilities> capabilities() {
        return getCapabilities();
    }

    /**
     * @return the tool manifest for agent tools or skills
     * @deprecated use {@code getTools()} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<ToolManifest> tools() {
        return getTools();
    }

    /**
     * @param graph a task graph
     * @return the accepted ids
     * @deprecated use {@code submitTaskGraph(graph)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<SubmitResponse> submit(TaskGraph graph) {
        return submitTaskGraph(graph);
    }

    /**
     * @param id a task id
     * @return the task and its state
     * @deprecated use {@code getTask(id)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<Task> task(String id) {
        return getTask(id);
    }

    /**
     * @param id a task id
     * @return the cancel item of the response
     * @deprecated use {@code cancelTask(id)} (the contract's operation) and {@code getTasks().get(0)} of its answer
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<CancelItem> cancel(String id) {
        return cancelTask(id).map(r -> r.getTasks().get(0));
    }

    /**
     * @param id a task id
     * @return the call; its result is {@code null}
     * @deprecated use {@code deleteTask(id)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<Void> delete(String id) {
        return deleteTask(id);
    }

    private static TaskWait waiter(ExecClientAddOns client, RequestOptions options) {
        return new TaskWait(id -> options.on(client.getTask(id)).execute(), id -> options.on(client.getTask(id)).executeAsync());
    }
}
