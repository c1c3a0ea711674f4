package dev.contractkit.sdk;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requirement 6: every public operation of every client has an {@code …Async} twin (same parameters, a
 * {@link CompletableFuture} of the same result), and the twins that do more than wrap one call work.
 * Lazy paging streams and the subscriptions are not operations of their own (they are built from pages and
 * callbacks, and the single-page calls have their twins).
 */
class AsyncVariantsTest {
    private MockWebServer server;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
    }

    @ParameterizedTest
    @ValueSource(classes = {FormsClient.class, CouponsClient.class, AnswersClient.class, CodehostV4Client.class,
            CodehostV5Client.class, ExecClient.class, RuntimeClient.class, AgentClient.class,
            dev.contractkit.sdk.agent.AgentResources.class, dev.contractkit.sdk.agent.Registry.class,
            dev.contractkit.sdk.agent.AgentResources.KnowledgeBases.class})
    void everyPublicOperationHasAnAsyncTwin(Class<?> client) {
        List<String> missing = new ArrayList<>();
        int operations = 0;
        for (Method m : client.getDeclaredMethods()) {
            Class<?> result = m.getReturnType();
            if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers()) || m.isSynthetic()
                    || m.getName().endsWith("Async") || result == CompletableFuture.class || result == Stream.class
                    || result == CouponSubscription.class || m.getName().equals("paged")
                    || result.getEnclosingClass() == client || result == dev.contractkit.sdk.agent.Registry.class) {
                // an accessor of a resource client (AgentResources.skills()), not an operation
                continue;
            }
            operations++;
            try {
                Method twin = client.getMethod(m.getName() + "Async", m.getParameterTypes());
                assertThat(twin.getReturnType()).as(twin.toString()).isEqualTo(CompletableFuture.class);
            } catch (NoSuchMethodException e) {
                missing.add(m.getName() + Arrays.toString(m.getParameterTypes()));
            }
        }
        assertThat(operations).isPositive();
        assertThat(missing).as(client.getSimpleName() + " operations without an …Async twin").isEmpty();
    }

    private static MockResponse json(int status, String body) {
        return new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(body);
    }

    @Test
    void awaitAllAsyncPollsUntilEveryTaskIsTerminal() throws Exception {
        String task = "{\"id\":\"a\",\"type\":\"os.noop\",\"status\":\"%s\",\"depends_on\":[],"
                + "\"created_at\":\"2026-11-23T12:00:00Z\",\"updated_at\":\"2026-11-23T12:00:00Z\"}";
        server.enqueue(json(202, "{\"accepted\":true,\"task_ids\":[\"a\"]}"));
        server.enqueue(json(200, task.formatted("running")));
        server.enqueue(json(200, task.formatted("success")));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        CompletableFuture<TaskWait.Result> wait = exec.submitAndWaitAsync(new dev.contractkit.sdk.exec.model.TaskGraph(),
                Duration.ofSeconds(10), Duration.ofMillis(1));

        TaskWait.Result r = wait.get(10, TimeUnit.SECONDS);
        assertThat(r.allTerminal()).isTrue();
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void deleteAsyncCompletesWhenTheTaskIsForgotten() throws Exception {
        server.enqueue(new MockResponse().setResponseCode(204));
        ExecClient exec = ExecClient.builder().baseUrl(server.url("/").toString()).build();

        assertThat(exec.deleteAsync("a").get(5, TimeUnit.SECONDS)).isNull();
        assertThat(server.takeRequest().getMethod()).isEqualTo("DELETE");
    }

    @Test
    void readyAsyncIsFalseOnABusyRuntimeAndAskedOnce() throws Exception {
        server.enqueue(json(503, "{\"ready\":false}"));
        RuntimeClient runtime = RuntimeClient.builder().baseUrl(server.url("/").toString()).build();

        assertThat(runtime.readyAsync().get(5, TimeUnit.SECONDS)).isFalse();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void runAgentAsyncCompletesWithTheRunsTypedEvents() throws Exception {
        server.enqueue(new MockResponse().setHeader("Content-Type", "text/event-stream").setBody(
                "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                        + "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\",\"outcome\":{\"type\":\"success\"}}\n\n"));
        AgentClient agent = AgentClient.builder().baseUrl(server.url("/").toString()).build();

        try (AgentRun run = agent.runAgentAsync(AgentClient.input("t", "r", "hi")).get(5, TimeUnit.SECONDS)) {
            assertThat(run.stream().map(AgentEvent::type).toList()).containsExactly("RUN_STARTED", "RUN_FINISHED");
        }
    }

    @Test
    void codehostCallAsyncRunsAnyOperation() throws Exception {
        server.enqueue(json(200, "[{\"id\":1,\"name\":\"primary\"}]"));
        CodehostV5Client v5 = CodehostV5Client.builder().baseUrl(server.url("/").toString()).token("t").build();

        assertThat(v5.callAsync(api -> api.geo().listGeoSites()).get(5, TimeUnit.SECONDS)).hasSize(1);
        assertThat(server.takeRequest().getPath()).isEqualTo("/api/v5/geo_sites");
    }
}
