package dev.contractkit.reference.pact;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.platform.TestDatabases;
import dev.contractkit.specs.Api;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The code-hosting server both version pacts are verified against, and the states they share. */
final class CodehostPactServer {
    /** The private token the pacts carry. */
    static final String TOKEN = "kit-pact-codehost-token";

    private CodehostPactServer() {
    }

    static KitServer start(Path data) {
        return KitServer.start(TestDatabases.embedded(data).with("codehost.tokens", TOKEN), List.of(Api.CODEHOST));
    }

    /** Runners back to the seed: 2, 4 and 8 paused, the others (6 among them) active. */
    static void seededRunners(KitServer server) throws SQLException {
        try (Connection c = server.database().dataSource().getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE codehost_runners SET active = id NOT IN (2, 4, 8)");
            st.executeUpdate("DELETE FROM codehost_runners WHERE id = 999");
        }
    }
}
