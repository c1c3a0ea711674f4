package dev.contractkit.sdk.agent;

import dev.contractkit.sdk.MockWebServerExtension;
import dev.contractkit.sdk.RetryPolicy;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.TimeUnit;

import static dev.contractkit.sdk.MockWebServerExtension.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The agent has one client (issue 38.1): its principals and resource registries are views on its connection and kit
 * token, and the builders and list shortcuts of earlier releases are deprecated delegates to it.
 */
class OneAgentClientTest {
    @RegisterExtension
    final MockWebServerExtension mock = new MockWebServerExtension();
    private final MockWebServer server = mock.server();

    private AgentClient agent(String token) {
        return AgentClient.builder().baseUrl(server.url("/").toString()).token(token).retries(RetryPolicy.none()).build();
    }

    private RecordedRequest next() throws InterruptedException {
        return server.takeRequest(5, TimeUnit.SECONDS);
    }

    @Test
    void thePrincipalsAndResourcesOfTheAgentClientUseItsConnectionAndTokenAndClosingThemLeavesItOpen() throws Exception {
        server.enqueue(json(200, "{\"items\":[{\"name\":\"alice\",\"grants\":[]}]}"));
        server.enqueue(json(200, "{\"items\":[]}"));
        server.enqueue(json(200, "{\"items\":[]}"));
        AgentClient agent = agent("kit-a");

        try (AgentPrincipals principals = agent.principals()) {
            assertThat(principals.list().execute()).extracting(p -> p.getName()).containsExactly("alice");
        }
        try (AgentResources resources = agent.resources()) {
            assertThat(resources.datasources().list().execute()).isEmpty();
        }
        assertThat(agent.resources().skills().list().executeAsync().get(5, TimeUnit.SECONDS)).isEmpty();

        RecordedRequest principals = next();
        assertThat(principals.getPath()).isEqualTo("/api/v1/principals");
        assertThat(principals.getHeader("Authorization")).isEqualTo("Bearer kit-a");
        assertThat(next().getPath()).isEqualTo("/api/v1/datasources");
        assertThat(next().getHeader("Authorization")).isEqualTo("Bearer kit-a");
        agent.close();
    }

    @Test
    @SuppressWarnings("removal")
    void theDeprecatedBuildersStillWorkAndTheirClientIsClosedWithThem() throws Exception {
        server.enqueue(json(200, "{\"items\":[]}"));
        server.enqueue(json(200, "{\"items\":[]}"));
        AgentPrincipals principals = AgentPrincipals.builder().baseUrl(server.url("/").toString()).token("kit-p")
                .retries(RetryPolicy.none()).build();
        AgentResources resources = AgentResources.builder().baseUrl(server.url("/").toString()).token("kit-r")
                .retries(RetryPolicy.none()).build();

        assertThat(principals.list().execute()).isEmpty();
        assertThat(resources.mcpServers().list().execute()).isEmpty();
        principals.close();
        resources.close();

        RecordedRequest p = next();
        assertThat(p.getPath()).isEqualTo("/api/v1/principals");
        assertThat(p.getHeader("Authorization")).isEqualTo("Bearer kit-p");
        RecordedRequest r = next();
        assertThat(r.getPath()).isEqualTo("/api/v1/mcp-servers");
        assertThat(r.getHeader("Authorization")).isEqualTo("Bearer kit-r");
        // closed with its view: the agent client the builder made runs no more asynchronous calls
        assertThatThrownBy(() -> principals.list().executeAsync().get(5, TimeUnit.SECONDS))
                .hasStackTraceContaining("rejected");
    }

    @Test
    @SuppressWarnings("removal")
    void theDeprecatedListShortcutsAskWhatTheRegistriesAsk() throws Exception {
        for (int i = 0; i < 5; i++) {
            server.enqueue(json(200, "{\"items\":[]}"));
        }
        AgentClient agent = agent("kit-a");

        agent.datasources().execute();
        agent.knowledgeBases().execute();
        agent.skills().execute();
        agent.mcpServers().execute();
        agent.searchKnowledge("kb-1", "churn").execute();

        assertThat(next().getPath()).isEqualTo("/api/v1/datasources");
        assertThat(next().getPath()).isEqualTo("/api/v1/knowledge-bases");
        assertThat(next().getPath()).isEqualTo("/api/v1/skills");
        assertThat(next().getPath()).isEqualTo("/api/v1/mcp-servers");
        assertThat(next().getPath()).startsWith("/api/v1/knowledge-bases/kb-1/search");
        agent.close();
    }
}
