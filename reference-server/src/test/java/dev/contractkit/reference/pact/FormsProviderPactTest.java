package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/** Verifies the SDK's consumer pacts (sdk/target/pacts) against the real reference server. */
@Provider("forms")
@PactFolder("../sdk/target/pacts")
class FormsProviderPactTest {
    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(data), List.of(Api.FORMS));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.FORMS)));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryInteraction(PactVerificationContext context) {
        context.verifyInteraction();
    }

    @State({"form 1 exists", "at least two forms exist", "form 999 does not exist"})
    void seededForms() {
        // the embedded database is seeded with forms 1..12 at first start
    }
}
