package dev.contractkit.sdk;

import dev.contractkit.sdk.agent.AgentPrincipals;
import dev.contractkit.sdk.agent.AgentResources;
import dev.contractkit.sdk.agent.Registry;
import dev.contractkit.sdk.exec.model.TaskGraph;
import dev.contractkit.sdk.forms.model.Form;
import java.util.concurrent.RejectedExecutionException;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentEvent;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.answers.AnswersClient;
import dev.contractkit.sdk.codehost.CodehostV4Client;
import dev.contractkit.sdk.codehost.CodehostV5Client;
import dev.contractkit.sdk.coupons.CouponSubscription;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.exec.TaskWait;
import dev.contractkit.sdk.forms.FormsClient;
import dev.contractkit.sdk.runtime.RuntimeClient;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One call type (issue 25, req. 2): every public operation of every client returns a {@link Call} (no {@code …Async}
 * twins, no {@link CompletableFuture}s); a call runs synchronously, asynchronously or for the raw response, and takes
 * per-request headers and a time-out. Lazy paging streams and the subscriptions are not operations of their own.
 */
class OneCallTypeTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    @ParameterizedTest
    @ValueSource(classes = {FormsClient.class, CouponsClient.class, AnswersClient.class, CodehostV4Client.class,
            CodehostV5Client.class, ExecClient.class, RuntimeClient.class, AgentClient.class,
            AgentResources.class, AgentPrincipals.class, Registry.class,
            AgentResources.KnowledgeBases.class})
    void everyPublicOperationReturnsTheOneCallType(Class<?> client) {
        List<String> other = new ArrayList<>();
        int operations = 0;
        for (Method m : client.getDeclaredMethods()) {
            Class<?> result = m.getReturnType();
            if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers()) || m.isSynthetic()) {
                continue;
            }
            if (m.getName().endsWith("Async") || result == CompletableFuture.class) {
                other.add(m.getName() + Arrays.toString(m.getParameterTypes()) + " (an async twin)");
                continue;
            }
            if (result == Stream.class || result == CouponSubscription.class || m.getName().equals("close")
                    || result.getEnclosingClass() == client || result == Registry.class || result == AgentResources.class
                    || result == AgentPrincipals.class || result == AddOnSettings.class) {
                // lazy paging, a subscription, close(), or an accessor of a resource client (or of the agent client's
                // resources and principals views, or of a generated client's add-on settings): not an operation
                continue;
            }
            operations++;
            if (result != Call.class) {
                other.add(m.getName() + Arrays.toString(m.getParameterTypes()) + " returns " + result.getSimpleName());
            }
        }
        assertThat(operations).isPositive();
        assertThat(other).as(client.getSimpleName() + " operations that do not return a Call").isEmpty();
    }

    @Test
    void aCallSendsItsPerRequestHeadersOverTheSdksOwn() throws Exception {
        server.enqueue(json(200, "{\"form\":{\"id\":1,\"title\":\"t\"}}"));
        try (FormsClient forms = FormsClient.builder().baseUrl(server.url("/").toString()).apiKey("k").build()) {
            Call<Form> get = forms.get(1);

            get.header("X-Trace", "t-1").header("Authorization", "Token token=other").execute();

            var request = server.takeRequest();
            assertThat(request.getHeader("X-Trace")).isEqualTo("t-1");
            assertThat(request.getHeader("Authorization")).isEqualTo("Token token=other");
        }
    }

    @Test
    void aCallIsImmutableAndRunsAgain() throws Exception {
        server.enqueue(json(200, "{\"form\":{\"id\":1,\"title\":\"a\"}}"));
        server.enqueue(json(200, "{\"form\":{\"id\":1,\"title\":\"b\"}}"));
        try (FormsClient forms = FormsClient.builder().baseUrl(server.url("/").toString()).apiKey("k").build()) {
            Call<Form> get = forms.get(1);
            get.header("X-Trace", "only-on-the-copy");

            assertThat(get.execute().getTitle()).isEqualTo("a");
            assertThat(get.execute().getTitle()).isEqualTo("b");
            assertThat(server.takeRequest().getHeader("X-Trace")).isNull();
        }
    }

    @Test
    void aCallsTimeOutEndsASlowAnswerWithATransportException() {
        server.enqueue(json(200, "{\"form\":{\"id\":1}}").setHeadersDelay(5, TimeUnit.SECONDS));
        try (FormsClient forms = FormsClient.builder().baseUrl(server.url("/").toString()).apiKey("k")
                .retries(RetryPolicy.none()).build()) {
            long started = System.nanoTime();

            Assertions.assertThatThrownBy(() -> forms.get(1).timeout(Duration.ofMillis(200)).execute())
                    .isInstanceOf(TransportException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
        }
    }

    @Test
    void executeRawReturnsStatusHeadersAndBodyWhateverTheStatus() {
        server.enqueue(json(404, "{\"error\":{\"code\":\"NOT_FOUND\"}}").setHeader("X-Request-Id", "rid-1"));
        try (FormsClient forms = FormsClient.builder().baseUrl(server.url("/").toString()).apiKey("k").build()) {
            RawResponse raw = forms.get(999).executeRaw();

            assertThat(raw.status()).isEqualTo(404);
            assertThat(raw.isSuccessful()).isFalse();
            assertThat(raw.header("x-request-id")).contains("rid-1");
            assertThat(raw.bodyAsString()).contains("NOT_FOUND");
        }
    }

    @Test
    void clientsBuiltFromOneConfigShareItsConnectionPool() {
        try (ClientConfig shared = ClientConfig.builder().baseUrl(server.url("/").toString()).build()) {
            FormsClient forms = FormsClient.builder().config(shared).apiKey("k").build();
            ExecClient exec = ExecClient.builder().config(shared).token("t").build();
            server.enqueue(json(200, "{\"form\":{\"id\":1}}"));
            server.enqueue(json(200, "{\"status\":\"ok\"}"));

            forms.get(1).execute();
            exec.health().execute();
            forms.close(); // a client of a shared configuration leaves the pool open

            assertThat(shared.httpClient().connectionPool().connectionCount()).isEqualTo(1);
            assertThat(shared.httpClient().dispatcher().executorService().isShutdown()).isFalse();
        }
    }

    @Test
    void closingAClientReleasesThePoolItMade() {
        FormsClient forms = FormsClient.builder().baseUrl(server.url("/").toString()).apiKey("k").build();
        server.enqueue(json(200, "{\"form\":{\"id\":1}}"));
        forms.get(1).executeAsync().join();

        forms.close();

        Assertions.assertThatThrownBy(() -> forms.get(1).executeAsync().join())
                .hasRootCauseInstanceOf(RejectedExecutionException.class);
    }

    @Test
    void awaitAllAsyncPollsUntilEveryTaskIsTerminal() throws Exception {
        String task = "{\"id\":\"a\",\"type\":\"os.noop\",\"status\":\"%s\",\"depends_on\":[],"
                + "\"created_at\":\"2026-11-23T12:00:00Z\",\"updated_at\":\"2026-11-23T12:00:00Z\"}";
        server.enqueue(json(202, "{\"accepted\":true,\"task_ids\":[\"a\"]}"));
        server.enqueue(json(200, task.formatted("running")));
        server.enqueue(json(200, task.formatted("success")));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        CompletableFuture<TaskWait.Result> wait = exec.submitAndWait(new TaskGraph(),
                Duration.ofSeconds(10), Duration.ofMillis(1)).executeAsync();

        TaskWait.Result r = wait.get(10, TimeUnit.SECONDS);
        assertThat(r.allTerminal()).isTrue();
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void deleteAsyncCompletesWhenTheTaskIsForgotten() throws Exception {
        server.enqueue(new MockResponse().setResponseCode(204));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        assertThat(exec.deleteTask("a").executeAsync().get(5, TimeUnit.SECONDS)).isNull();
        assertThat(server.takeRequest().getMethod()).isEqualTo("DELETE");
    }

    @Test
    void readyAsyncIsFalseOnABusyRuntimeAndAskedOnce() throws Exception {
        server.enqueue(json(503, "{\"ready\":false}"));
        RuntimeClient runtime = RuntimeClient.builder().baseUrl(server.url("/").toString()).build();

        assertThat(runtime.ready().executeAsync().get(5, TimeUnit.SECONDS)).isFalse();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void runAgentAsyncCompletesWithTheRunsTypedEvents() throws Exception {
        server.enqueue(new MockResponse().setHeader("Content-Type", "text/event-stream").setBody(
                "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                        + "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\",\"outcome\":{\"type\":\"success\"}}\n\n"));
        AgentClient agent = AgentClient.builder().baseUrl(server.url("/").toString()).token("kit-t").build();

        try (AgentRun run = agent.runAgent(AgentRun.input("t", "r", "hi")).executeAsync().get(5, TimeUnit.SECONDS)) {
            assertThat(run.stream().map(AgentEvent::type).toList()).containsExactly("RUN_STARTED", "RUN_FINISHED");
        }
    }

    @Test
    void codehostOperationsRunAsyncToo() throws Exception {
        server.enqueue(json(200, "[{\"id\":1,\"name\":\"primary\"}]"));
        CodehostV5Client v5 = CodehostV5Client.builder().baseUrl(server.url("/").toString()).token("t").build();

        assertThat(v5.listGeoSites().executeAsync().get(5, TimeUnit.SECONDS)).hasSize(1);
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/geo_sites");
    }
}
