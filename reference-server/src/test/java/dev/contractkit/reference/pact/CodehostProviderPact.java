package dev.contractkit.reference.pact;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.State;
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
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Verifies one code-hosting version's pacts against the real reference server: the subclass names the provider
 * ({@code codehost-v4}, {@code codehost-v5}); the server, the token and the runner states are shared.
 */
abstract class CodehostProviderPact {
    /** The private token the pacts carry. */
    static final String TOKEN = "kit-pact-codehost-token";

    @TempDir
    static Path data;
    static KitServer server;

    @BeforeAll
    static void start() {
        server = KitServer.start(TestDatabases.embedded(data).with("codehost.tokens", TOKEN), List.of(Api.CODEHOST));
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
    void theReferenceServerHonoursEveryInteraction(PactVerificationContext context) {
        context.verifyInteraction();
    }

    /** Runners back to the demo data: 2, 4 and 8 paused, the others (6 among them) active. */
    @State({"the instance has runners", "runner 6 exists and is active", "runner 999 does not exist"})
    void seededRunners() throws SQLException {
        try (Connection c = server.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE codehost_runners SET active = id NOT IN (2, 4, 8)");
            st.executeUpdate("DELETE FROM codehost_runners WHERE id = 999");
        }
    }
}
