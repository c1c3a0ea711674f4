package dev.contractkit.sdk.runtime;

import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.RetryPolicy;
import dev.contractkit.sdk.ServerErrorException;
import dev.contractkit.sdk.runtime.model.RuntimeTaskRequest;
import dev.contractkit.sdk.runtime.model.RuntimeTaskStatus;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The generated runtime client with its add-ons (issue 38.1): readiness asked once, today's names as delegates. */
class RuntimeClientTest {
    private static final String NOT_READY = "{\"status\":\"not_ready\",\"running\":8,\"capacity\":8}";
    private static final String TASK = "{\"ref\":\"rt-1\",\"status\":\"killed\",\"kind\":\"command\"}";

    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    final MockWebServer server = mock.server();

    private RuntimeClient retrying() {
        return RuntimeClient.builder().baseUrl(server.url("/").toString()).token("kit-t")
                .retries(RetryPolicy.builder().maxAttempts(3).initialBackoff(Duration.ofMillis(1)).maxBackoff(Duration.ofMillis(1)).build())
                .build();
    }

    @Test
    void aBusyRuntimeIsNotReadyAndIsAskedOnlyOnceWhateverTheRetryPolicy() {
        server.enqueue(json(503, NOT_READY));

        assertThat(retrying().ready().execute()).isFalse();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void theContractsReadyzIsRetriedLikeAnyOtherRead() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(503, NOT_READY));
        }

        assertThatThrownBy(() -> retrying().readyz().execute()).isInstanceOf(ServerErrorException.class);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void theProbesAreOpenAndTheTasksCarryTheKitToken() throws Exception {
        server.enqueue(json(200, "{\"status\":\"ready\",\"running\":0,\"capacity\":8}"));
        server.enqueue(json(200, TASK));

        RuntimeClient runtime = retrying();
        assertThat(runtime.ready().execute()).isTrue();
        assertThat(runtime.killTask("rt-1").execute().getStatus()).isEqualTo(RuntimeTaskStatus.KILLED);

        assertThat(server.takeRequest().getPath()).isEqualTo("/readyz");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer kit-t");
    }

    @Test
    @SuppressWarnings("removal")
    void todaysNamesStayForOneReleaseAsDelegatesOfTheContractsOperations() throws Exception {
        server.enqueue(json(200, "{\"status\":\"ok\",\"running\":0,\"capacity\":8}"));
        server.enqueue(json(201, TASK));
        server.enqueue(json(200, TASK));
        server.enqueue(json(200, "{\"ref\":\"rt-1\",\"events\":[]}"));
        server.enqueue(json(200, TASK));
        RuntimeClient runtime = retrying();

        assertThat(runtime.alive().execute()).isTrue();
        assertThat(runtime.start(new RuntimeTaskRequest().kind(RuntimeTaskRequest.KindEnum.COMMAND).command(List.of("true")))
                .execute().getRef()).isEqualTo("rt-1");
        assertThat(runtime.task("rt-1").execute().getRef()).isEqualTo("rt-1");
        runtime.events("rt-1").execute();
        assertThat(runtime.kill("rt-1").execute().getStatus()).isEqualTo(RuntimeTaskStatus.KILLED);

        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            RecordedRequest r = server.takeRequest();
            sent.add(r.getMethod() + " " + r.getPath());
        }
        assertThat(sent).containsExactly("GET /healthz", "POST /api/v1/tasks", "GET /api/v1/tasks/rt-1",
                "GET /api/v1/tasks/rt-1/events", "POST /api/v1/tasks/rt-1/kill");
    }
}
