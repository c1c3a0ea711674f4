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

import static dev.contractkit.reference.platform.JsonHttp.status;

/**
 * Verifies the SDK's control-plane pacts against the real reference server. Each state submits real task graphs
 * through the control plane's API and waits until the tasks are where the interaction needs them (long sleeps keep a
 * task running, or a dependant pending, for the whole verification).
 */
@Provider("exec")
@PactFolder("../sdk/target/pacts")
class ExecProviderPactTest {
    /** Longer than any verification; the tasks are cancelled or end with the server. */
    /** The kit token the server starts with; every interaction sends it. */
    static final String TOKEN = "test-kit-token";
    static final String LONG_SLEEP = "{\"duration_ms\":600000},\"timeout\":600000";

    @TempDir
    static Path data;
    static KitServer server;
    static JsonHttp exec;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(data).with("token", TOKEN), List.of(Api.EXEC));
        exec = new JsonHttp(server.url(Api.EXEC), TOKEN);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.EXEC)));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryExecInteraction(PactVerificationContext context, HttpRequest request) {
        request.setHeader("Authorization", "Bearer " + TOKEN);
        context.verifyInteraction();
    }

    /** Stops and forgets tasks left by an earlier state, so their ids can be submitted again. */
    private static void forget(String... ids) {
        for (String id : ids) {
            exec.post("/tasks/" + id + "/cancel", null);
            exec.delete("/tasks/" + id);
        }
    }

    private static void submit(String graph) {
        JsonHttp.Reply r = exec.post("/tasks", graph);
        if (r.status() != 202) {
            throw new IllegalStateException("the state's graph was refused: " + r.status() + " " + r.body());
        }
    }

    @State("tasks pact-prepare and pact-pause do not exist")
    void free() {
        forget("pact-prepare", "pact-pause");
    }

    @State("task pact-done has finished with success")
    void done() throws InterruptedException {
        forget("pact-done");
        submit("{\"tasks\":[{\"id\":\"pact-done\",\"type\":\"os.noop\"}]}");
        exec.await("/tasks/pact-done", status("success"));
    }

    @State("task pact-running is running")
    void running() throws InterruptedException {
        forget("pact-running");
        submit("{\"tasks\":[{\"id\":\"pact-running\",\"type\":\"os.sleep\",\"params\":" + LONG_SLEEP + "}]}");
        exec.await("/tasks/pact-running", status("running"));
    }

    @State("task pact-pending is pending behind a running task")
    void pending() throws InterruptedException {
        forget("pact-pending", "pact-blocker");
        submit("{\"tasks\":[{\"id\":\"pact-blocker\",\"type\":\"os.sleep\",\"params\":" + LONG_SLEEP + "},"
                + "{\"id\":\"pact-pending\",\"type\":\"os.noop\",\"depends_on\":[\"pact-blocker\"]}]}");
        exec.await("/tasks/pact-blocker", status("running"));
        exec.await("/tasks/pact-pending", status("pending"));
    }
}
