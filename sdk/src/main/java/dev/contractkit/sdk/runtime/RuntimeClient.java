package dev.contractkit.sdk.runtime;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.KitTokenBuilder;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.internal.Http;
import dev.contractkit.sdk.internal.KitTokenAuth;
import dev.contractkit.sdk.internal.HttpCall;
import dev.contractkit.sdk.Call;
import dev.contractkit.sdk.runtime.api.ProbesApi;
import dev.contractkit.sdk.runtime.api.TasksApi;
import dev.contractkit.sdk.runtime.model.RuntimeEvents;
import dev.contractkit.sdk.runtime.model.RuntimeTask;
import dev.contractkit.sdk.runtime.model.RuntimeTaskRequest;
import okhttp3.Interceptor;
import retrofit2.Retrofit;

import java.util.List;

/**
 * Client of the runtime service (contract {@code specs/openapi/runtime.yaml}, default
 * {@code http://127.0.0.1:18080}).
 *
 * <pre>{@code
 * RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(System.getenv("KIT_TOKEN")).build();
 * if (runtime.ready().execute()) {
 *     RuntimeTask t = runtime.start(new RuntimeTaskRequest().kind(RuntimeTaskRequest.KindEnum.COMMAND)
 *             .command(List.of("echo", "hi"))).execute();
 *     runtime.kill(t.getRef()).execute();          // ends the whole process tree
 * }
 * }</pre>
 *
 * Every operation returns a {@link Call} ({@code execute()}, {@code executeAsync()}, {@code executeRaw()}).
 * Readiness is asked without retries ({@code 503} means "busy now", which is the answer, not a fault).
 */
public final class RuntimeClient implements AutoCloseable {
    private final ProbesApi probes;
    private final TasksApi tasks;
    private final ClientConfig config;

    private RuntimeClient(Retrofit retrofit, Retrofit probing, ClientConfig config) {
        this.config = config;
        this.tasks = retrofit.create(TasksApi.class);
        this.probes = probing.create(ProbesApi.class);
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the readiness probe: true when {@code GET /readyz} answers 200, false when it answers 503 */
    public Call<Boolean> ready() {
        return HttpCall.of(probes.readyz()).map(ok -> Boolean.TRUE).recover(e -> {
            if (e.status() == 503) {
                return Boolean.FALSE;
            }
            throw e;
        });
    }

    /** @return the liveness probe: true when {@code GET /healthz} answers 200 */
    public Call<Boolean> alive() {
        return HttpCall.of(probes.healthz()).map(ok -> Boolean.TRUE);
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
     * @param request what to run
     * @return the started task
     * @throws dev.contractkit.sdk.ServerErrorException with status 503 when every process slot is busy
     */
    public Call<RuntimeTask> start(RuntimeTaskRequest request) {
        return HttpCall.of(tasks.startTask(request));
    }

    /**
     * @param ref the runtime task's ref
     * @return its state and captured output
     */
    public Call<RuntimeTask> task(String ref) {
        return HttpCall.of(tasks.getRuntimeTask(ref));
    }

    /**
     * @param ref the runtime task's ref
     * @return what happened to it, in order
     */
    public Call<RuntimeEvents> events(String ref) {
        return HttpCall.of(tasks.getRuntimeTaskEvents(ref));
    }

    /**
     * Ends the process tree; answers when it is gone.
     *
     * @param ref the runtime task's ref
     * @return the task, {@code killed} (or as it was, when it had finished)
     */
    public Call<RuntimeTask> kill(String ref) {
        return HttpCall.of(tasks.killTask(ref));
    }

    /**
     * Builds a {@link RuntimeClient}; the base URL is required, and the kit token ({@link #token(String)}) for every
     * operation but the probes.
     *
     * <pre>{@code
     * RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(kitToken).build();
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
        public RuntimeClient build() {
            ClientConfig config = configBuilder().build();
            ClientConfig probing = config.toBuilder().retries(RetryPolicy.none()).build();
            List<Interceptor> auth = KitTokenAuth.of(kitToken());
            return new RuntimeClient(Http.retrofit(config, auth, dev.contractkit.sdk.runtime.internal.ContractErrors.FORMAT), Http.retrofit(probing, auth, dev.contractkit.sdk.runtime.internal.ContractErrors.FORMAT), config);
        }
    }
}
