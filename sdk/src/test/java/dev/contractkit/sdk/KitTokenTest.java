package dev.contractkit.sdk;

import java.nio.charset.StandardCharsets;
import dev.contractkit.sdk.agent.AgentClient;
import dev.contractkit.sdk.agent.AgentResources;
import dev.contractkit.sdk.agent.AgentRun;
import dev.contractkit.sdk.exec.ExecClient;
import dev.contractkit.sdk.runtime.RuntimeClient;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.TimeUnit;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The kit token of the local services (exec, runtime, agent): sent as a bearer token, checked when it is set. */
class KitTokenTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    private String url() {
        return server.url("/").toString();
    }

    @Test
    void aBlankOrMultiLineTokenIsRefusedWhenTheClientIsBuiltNamingWhereTheTokenComesFrom() {
        assertThatThrownBy(() -> ExecClient.builder().token(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("KIT_TOKEN").hasMessageContaining("kit-token");
        assertThatThrownBy(() -> RuntimeClient.builder().token("abc\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("white space");
        assertThatThrownBy(() -> AgentClient.builder().token(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("token");
    }

    @Test
    void withoutTheTokenTheOpenHealthCallAnswersAndASecuredCallFailsAsUnauthorized() throws InterruptedException {
        server.enqueue(json(200, "{\"status\":\"ok\"}"));
        server.enqueue(json(401, "{\"error\":{\"code\":\"unauthorized\",\"message\":\"the kit token is required\"}}"));
        ExecClient exec = ExecClient.builder().baseUrl(url()).retries(RetryPolicy.none()).build();

        assertThat(exec.health().execute().getStatus()).isNotNull();
        assertThatThrownBy(() -> exec.getTask("t1").execute()).isInstanceOfSatisfying(UnauthorizedException.class,
                e -> assertThat(e.status()).isEqualTo(401));
        assertThat(server.takeRequest().getHeader("Authorization")).isNull();
        assertThat(server.takeRequest().getHeader("Authorization")).isNull();
    }

    @Test
    void theRuntimeProbesAndTasksBothCarryTheToken() throws InterruptedException {
        server.enqueue(json(200, "{\"status\":\"ready\"}"));
        server.enqueue(json(404, "{\"error\":{\"code\":\"not_found\",\"message\":\"no task r1\"}}"));
        RuntimeClient runtime = RuntimeClient.builder().baseUrl(url()).token("kit-t").retries(RetryPolicy.none()).build();

        assertThat(runtime.ready().execute()).isTrue();
        assertThatThrownBy(() -> runtime.getRuntimeTask("r1").execute()).isInstanceOf(NotFoundException.class);
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer kit-t");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer kit-t");
    }

    @Test
    void theAgentsEventStreamAndUploadsCarryTheTokenToo() throws InterruptedException {
        server.enqueue(new MockResponse().setHeader("Content-Type", "text/event-stream")
                .setBody("data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
                        + "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"));
        server.enqueue(json(201, "{\"fileId\":\"f-1\",\"name\":\"a.csv\",\"size\":2}"));
        AgentClient agent = AgentClient.builder().baseUrl(url()).token("kit-t").retries(RetryPolicy.none()).build();

        try (AgentRun run = agent.runAgent(AgentRun.input("t", "r", "hi")).execute()) {
            run.forEach(e -> { });
        }
        agent.uploadFile("a.csv", "a\n".getBytes(StandardCharsets.UTF_8)).execute();

        RecordedRequest stream = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(stream.getPath()).isEqualTo("/api/agent");
        assertThat(stream.getHeader("Authorization")).isEqualTo("Bearer kit-t");
        RecordedRequest upload = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(upload.getPath()).startsWith("/api/v1/files");
        assertThat(upload.getHeader("Authorization")).isEqualTo("Bearer kit-t");
    }

    @Test
    @SuppressWarnings("removal")   // AgentResources.builder(): a deprecated delegate to the agent client
    void theAgentsResourceClientsCarryTheTokenBuiltAloneOrAsAViewOfTheAgentClient() throws InterruptedException {
        server.enqueue(json(200, "{\"items\":[]}"));
        server.enqueue(json(200, "{\"items\":[]}"));
        AgentResources alone = AgentResources.builder().baseUrl(url()).token("kit-t").retries(RetryPolicy.none()).build();
        AgentClient agent = AgentClient.builder().baseUrl(url()).token("kit-a").retries(RetryPolicy.none()).build();

        alone.skills().list().execute();
        agent.resources().skills().list().execute();

        assertThat(server.takeRequest(5, TimeUnit.SECONDS).getHeader("Authorization")).isEqualTo("Bearer kit-t");
        assertThat(server.takeRequest(5, TimeUnit.SECONDS).getHeader("Authorization")).isEqualTo("Bearer kit-a");
    }
}
