package dev.contractkit.sdk.runtime;

import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.runtime.model.Liveness;
import dev.contractkit.sdk.runtime.model.Readiness;
import dev.contractkit.sdk.runtime.model.RuntimeEvents;
import dev.contractkit.sdk.runtime.model.RuntimeTask;
import dev.contractkit.sdk.runtime.model.RuntimeTaskRequest;

/**
 * What {@link RuntimeClient} (generated from {@code specs/openapi/runtime.yaml}) adds to the contract's operations:
 * readiness as a yes or no, asked once ({@code 503} means "busy now", which is the answer, not a fault to retry),
 * and, for one release, the names the hand-written client had. The generated client implements this interface; its
 * default methods call the generated operations.
 *
 * <pre>{@code
 * RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(System.getenv("KIT_TOKEN")).build();
 * if (runtime.ready().execute()) {
 *     RuntimeTask t = runtime.startTask(new RuntimeTaskRequest().kind(RuntimeTaskRequest.KindEnum.COMMAND)
 *             .command(List.of("echo", "hi"))).execute();
 *     runtime.killTask(t.getRef()).execute();          // ends the whole process tree
 * }
 * }</pre>
 */
public interface RuntimeClientAddOns {
    /** @return the call of {@code GET /readyz} (generated) */
    Call<Readiness> readyz();

    /** @return the call of {@code GET /healthz} (generated) */
    Call<Liveness> healthz();

    /**
     * @param request what to run
     * @return the call of {@code POST /api/v1/tasks} (generated)
     */
    Call<RuntimeTask> startTask(RuntimeTaskRequest request);

    /**
     * @param ref the runtime task's ref
     * @return the call of {@code GET /api/v1/tasks/{ref}} (generated)
     */
    Call<RuntimeTask> getRuntimeTask(String ref);

    /**
     * @param ref the runtime task's ref
     * @return the call of {@code GET /api/v1/tasks/{ref}/events} (generated)
     */
    Call<RuntimeEvents> getRuntimeTaskEvents(String ref);

    /**
     * @param ref the runtime task's ref
     * @return the call of {@code POST /api/v1/tasks/{ref}/kill} (generated)
     */
    Call<RuntimeTask> killTask(String ref);

    /**
     * The readiness probe as a yes or no, sent once whatever the client's {@code RetryPolicy}.
     *
     * @return true when {@code GET /readyz} answers 200, false when it answers 503 (use {@code readyz()} for the
     * counts, with retries)
     */
    default Call<Boolean> ready() {
        return HttpCall.once(readyz()).map(ok -> Boolean.TRUE).recover(e -> {
            if (e.status() == 503) {
                return Boolean.FALSE;
            }
            throw e;
        });
    }

    /**
     * @return the liveness probe: true when {@code GET /healthz} answers 200
     * @deprecated use {@code healthz()} (the contract's operation; it answers the counts)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<Boolean> alive() {
        return healthz().map(ok -> Boolean.TRUE);
    }

    /**
     * @param request what to run
     * @return the started task
     * @deprecated use {@code startTask(request)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<RuntimeTask> start(RuntimeTaskRequest request) {
        return startTask(request);
    }

    /**
     * @param ref the runtime task's ref
     * @return its state and captured output
     * @deprecated use {@code getRuntimeTask(ref)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<RuntimeTask> task(String ref) {
        return getRuntimeTask(ref);
    }

    /**
     * @param ref the runtime task's ref
     * @return what happened to it, in order
     * @deprecated use {@code getRuntimeTaskEvents(ref)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<RuntimeEvents> events(String ref) {
        return getRuntimeTaskEvents(ref);
    }

    /**
     * @param ref the runtime task's ref
     * @return the task, {@code killed} (or as it was, when it had finished)
     * @deprecated use {@code killTask(ref)} (the contract's operation)
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    default Call<RuntimeTask> kill(String ref) {
        return killTask(ref);
    }
}
