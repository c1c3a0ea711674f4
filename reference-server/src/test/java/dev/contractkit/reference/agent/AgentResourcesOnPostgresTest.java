package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases.PostgresSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** Registration, restart, credentials and the SDK clients with the agent's tables (V43 included) in PostgreSQL. */
class AgentResourcesOnPostgresTest extends AgentResourcesTest {
    PostgresSchema schema;

    @BeforeEach
    void createSchema() {
        schema = PostgresSchema.create();
    }

    @AfterEach
    void dropSchema() {
        stop();
        server = null;
        schema.close();
    }

    @Override
    Settings settings() {
        return AgentClient.access(schema.settings());
    }
}
