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
import java.util.Map;

import static dev.contractkit.reference.platform.JsonHttp.status;

/**
 * Verifies the SDK's runtime pacts against the real reference server with real processes. The states that start a
 * process return its ref, which Pact puts into the request path (provider-state injection).
 */
@Provider("runtime")
@PactFolder("../sdk/target/pacts")
class RuntimeProviderPactTest {
    /** The kit token the server starts with; every interaction sends it. */
    static final String TOKEN = "test-kit-token";
    @TempDir
    static Path data;
    static KitServer server;
    static JsonHttp runtime;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(data).with("token", TOKEN).with("runtime.allow-commands", "true"),
                List.of(Api.RUNTIME));
        runtime = new JsonHttp(server.url(Api.RUNTIME), TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.RUNTIME)));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryRuntimeInteraction(PactVerificationContext context, HttpRequest request) {
        request.setHeader("Authorization", "Bearer " + TOKEN);
        context.verifyInteraction();
    }

    private static String startCommand(String commandJson) {
        JsonHttp.Reply r = runtime.post("/api/v1/tasks", "{\"kind\":\"command\",\"command\":" + commandJson + "}");
        if (r.status() != 202) {
            throw new IllegalStateException("the state's process was refused: " + r.status() + " " + r.body());
        }
        return r.body().path("ref").asText();
    }

    @State({"the runtime has free process slots", "runtime task rt-missing does not exist"})
    void idle() {
        // a fresh server: no process runs and no ref rt-missing was ever handed out (refs are generated)
    }

    @State("a runtime task that printed pact has succeeded")
    Map<String, Object> succeeded() throws InterruptedException {
        String ref = startCommand("[\"echo\",\"pact\"]");
        runtime.await("/api/v1/tasks/" + ref, status("succeeded"));
        return Map.of("ref", ref);
    }

    @State("a runtime task is running")
    Map<String, Object> running() throws InterruptedException {
        String ref = startCommand("[\"sleep\",\"60\"]");
        runtime.await("/api/v1/tasks/" + ref, status("running"));
        return Map.of("ref", ref);
    }
}
