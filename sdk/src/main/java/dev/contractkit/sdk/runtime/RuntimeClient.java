package dev.contractkit.sdk.runtime;

import dev.contractkit.sdk.ApiException;
import dev.contractkit.sdk.ClientBuilder;
import dev.contractkit.sdk.ClientConfig;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.platform.Http;
import dev.contractkit.sdk.platform.KitTokenAuth;
import dev.contractkit.sdk.runtime.api.ProbesApi;
import dev.contractkit.sdk.runtime.api.TasksApi;
import dev.contractkit.sdk.runtime.model.RuntimeEvents;
import dev.contractkit.sdk.runtime.model.RuntimeTask;
import dev.contractkit.sdk.runtime.model.RuntimeTaskRequest;
import okhttp3.Interceptor;
import retrofit2.Retrofit;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Client of the runtime service (contract {@code specs/openapi/runtime.yaml}, default
 * {@code http://127.0.0.1:18080}).
 *
 * <pre>{@code
 * RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(System.getenv("KIT_TOKEN")).build();
 * if (runtime.ready()) {
 *     RuntimeTask t = runtime.start(new RuntimeTaskRequest().kind(RuntimeTaskRequest.KindEnum.COMMAND)
 *             .command(List.of("echo", "hi")));
 *     runtime.kill(t.getRef());          // ends the whole process tree
 * }
 * }</pre>
 *
 * Every operation has an {@code …Async} variant returning a {@link CompletableFuture}.
 * Readiness is asked without retries ({@code 503} means "busy now", which is the answer, not a fault).
 */
public final class RuntimeClient {
    private final ProbesApi probes;
    private final TasksApi tasks;

    private RuntimeClient(Retrofit retrofit, Retrofit probing) {
        this.tasks = retrofit.create(TasksApi.class);
        this.probes = probing.create(ProbesApi.class);
    }

    /** @return a new builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return true when {@code GET /readyz} answers 200, false when it answers 503 */
    public boolean ready() {
        try {
            Http.execute(probes.readyz());
            return true;
        } catch (ApiException e) {
            if (e.status() == 503) {
                return false;
            }
            throw e;
        }
    }

    /**
     * @return true on 200, false on 503, asynchronously
     */
    public CompletableFuture<Boolean> readyAsync() {
        return Http.executeAsync(probes.readyz()).handle((ok, failure) -> {
            if (failure == null) {
                return true;
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (cause instanceof ApiException e && e.status() == 503) {
                return false;
            }
            throw cause instanceof RuntimeException r ? r : new CompletionException(cause);
        });
    }

    /** @return true when {@code GET /healthz} answers 200 */
    public boolean alive() {
        Http.execute(probes.healthz());
        return true;
    }

    /**
     * @return true when {@code GET /healthz} answers 200, asynchronously
     */
    public CompletableFuture<Boolean> aliveAsync() {
        return Http.executeAsync(probes.healthz()).thenApply(ok -> true);
    }

    /**
     * @param request what to run
     * @return the started task
     * @throws dev.contractkit.sdk.ServerErrorException with status 503 when every process slot is busy
     */
    public RuntimeTask start(RuntimeTaskRequest request) {
        return Http.execute(tasks.startTask(request));
    }

    /**
     * @param request what to run
     * @return the started task, asynchronously
     */
    public CompletableFuture<RuntimeTask> startAsync(RuntimeTaskRequest request) {
        return Http.executeAsync(tasks.startTask(request));
    }

    /**
     * @param ref the runtime task's ref
     * @return its state and captured output
     */
    public RuntimeTask task(String ref) {
        return Http.execute(tasks.getRuntimeTask(ref));
    }

    /**
     * @param ref the runtime task's ref
     * @return its state and output, asynchronously
     */
    public CompletableFuture<RuntimeTask> taskAsync(String ref) {
        return Http.executeAsync(tasks.getRuntimeTask(ref));
    }

    /**
     * @param ref the runtime task's ref
     * @return what happened to it, in order
     */
    public RuntimeEvents events(String ref) {
        return Http.execute(tasks.getRuntimeTaskEvents(ref));
    }

    /**
     * @param ref the runtime task's ref
     * @return what happened to it, asynchronously
     */
    public CompletableFuture<RuntimeEvents> eventsAsync(String ref) {
        return Http.executeAsync(tasks.getRuntimeTaskEvents(ref));
    }

    /**
     * Ends the process tree; answers when it is gone.
     *
     * @param ref the runtime task's ref
     * @return the task, {@code killed} (or as it was, when it had finished)
     */
    public RuntimeTask kill(String ref) {
        return Http.execute(tasks.killTask(ref));
    }

    /**
     * @param ref the runtime task's ref
     * @return the task once its process tree is gone, asynchronously
     */
    public CompletableFuture<RuntimeTask> killAsync(String ref) {
        return Http.executeAsync(tasks.killTask(ref));
    }

    /**
     * Builds a {@link RuntimeClient}; the base URL is required, and the kit token ({@link #token(String)}) for every
     * operation but the probes.
     *
     * <pre>{@code
     * RuntimeClient runtime = RuntimeClient.builder().baseUrl("http://127.0.0.1:18080").token(kitToken).build();
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
         * {@code KitToken} scheme). Without it only the probes ({@link RuntimeClient#ready()}, {@code /healthz})
         * answer; every other call fails with {@link dev.contractkit.sdk.UnauthorizedException} (401).
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
        public RuntimeClient build() {
            ClientConfig config = configBuilder().build();
            ClientConfig probing = config.toBuilder().retries(RetryPolicy.none()).build();
            List<Interceptor> auth = List.of(KitTokenAuth.of(token));
            return new RuntimeClient(Http.retrofit(config, auth), Http.retrofit(probing, auth));
        }
    }
}
