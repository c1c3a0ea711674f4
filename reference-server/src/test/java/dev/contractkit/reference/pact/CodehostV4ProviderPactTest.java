package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import dev.contractkit.reference.KitServer;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.SQLException;

/** Verifies the SDK's code-hosting v4 pacts against the real reference server (runners from the seed, reset per state). */
@Provider("codehost-v4")
@PactFolder("../sdk/target/pacts")
class CodehostV4ProviderPactTest {
    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = CodehostPactServer.start(data);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.CODEHOST)));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryV4Interaction(PactVerificationContext context) {
        context.verifyInteraction();
    }

    @State({"the instance has runners", "runner 6 exists and is active", "runner 999 does not exist"})
    void seededRunners() throws SQLException {
        CodehostPactServer.seededRunners(server);
    }
}
