package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.JsonHttp;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.apache.hc.core5.http.HttpRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/**
 * Verifies the SDK's agent pacts against the real reference server, the SSE run included (the verifier reads the whole
 * stream; without a step delay a run takes milliseconds). The history state is made by a real run over the API.
 */
@Provider("agent")
@PactFolder("../sdk/target/pacts")
class AgentProviderPactTest {
    /** The kit token the server starts with; every verified request carries it. */
    static final String KIT_TOKEN = "test-kit-token";
    @TempDir
    static Path data;
    static KitServer server;
    static JsonHttp agent;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(data).with("agent.step-delay", "PT0S")
                .with("token", KIT_TOKEN), List.of(Api.AGENT));
        agent = new JsonHttp(server.url(Api.AGENT), KIT_TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.AGENT)));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryAgentInteraction(PactVerificationContext context, HttpRequest request) {
        request.setHeader("Authorization", "Bearer " + KIT_TOKEN);
        context.verifyInteraction();
    }

    @State({"the sample data source and knowledge base are registered", "run pact-no-such-run does not exist"})
    void builtIn() {
        // the sample data source and the sales glossary are built in; no run was started under that id
    }

    @State("thread pact-history has one completed run")
    void history() throws InterruptedException {
        if (agent.get("/api/v1/threads/pact-history/history").status() == 200) {
            return;
        }
        // read to the end of the stream: the run is then stored as completed
        JsonHttp.Reply run = agent.post("/api/agent", "{\"threadId\":\"pact-history\",\"runId\":\"pact-history-run\","
                + "\"messages\":[{\"id\":\"pact-history-user\",\"role\":\"user\",\"content\":\"What is the revenue by region?\"}]}");
        if (run.status() != 200) {
            throw new IllegalStateException("the history run was refused: " + run.status() + " " + run.body());
        }
        agent.await("/api/v1/threads/pact-history/history", h -> h.at("/runs/0/status").asText().equals("completed"));
    }
}
