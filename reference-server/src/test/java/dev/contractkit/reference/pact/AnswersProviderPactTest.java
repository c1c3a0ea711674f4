package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.answers.AnswerKeysForTests;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/** Verifies the SDK's answer-service pacts against the real reference server; keys come from its key store. */
@Provider("answers")
@PactFolder("../sdk/target/pacts")
class AnswersProviderPactTest {
    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        // the rate limit is the contract's 5 per minute; the pacts send fewer answer requests per key than that
        server = KitServer.start(TestDatabases.embedded(data), List.of(Api.ANSWERS));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void target(PactVerificationContext context) {
        // the verifier's default client obeys Retry-After on 429: with a used-up quota that is the rest of the window
        context.setTarget(new HttpTestTarget("127.0.0.1", server.port(Api.ANSWERS), "/",
                () -> provider -> HttpClients.custom().disableAutomaticRetries().build()));
    }

    @TestTemplate
    @ExtendWith(PactVerificationInvocationContextProvider.class)
    void theReferenceServerHonoursEveryAnswerInteraction(PactVerificationContext context) {
        context.verifyInteraction();
    }

    @State("API key ak_pact_key_with_quota_left has quota left")
    void keyWithQuota() throws SQLException {
        AnswerKeysForTests.provision(server.database(), "ak_pact_key_with_quota_left", 1000);
    }

    @State("API key ak_pact_key_with_quota_used_up has used up its quota")
    void keyWithoutQuota() throws SQLException {
        AnswerKeysForTests.provision(server.database(), "ak_pact_key_with_quota_used_up", 0);
    }
}
