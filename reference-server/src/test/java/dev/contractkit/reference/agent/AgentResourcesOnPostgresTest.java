package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Registration, restart, credentials and the SDK clients with the agent's tables (V43 included) in PostgreSQL. */
class AgentResourcesOnPostgresTest extends AgentResourcesTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings settings() {
        return AgentHttp.access(postgres.settings());
    }
}
