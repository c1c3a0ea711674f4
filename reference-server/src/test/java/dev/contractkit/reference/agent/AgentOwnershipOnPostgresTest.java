package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;

/** The same ownership checks with the agent's tables (V90 included) in PostgreSQL: one schema for the class. */
class AgentOwnershipOnPostgresTest extends AgentOwnershipTest {
    private TestDatabases.PostgresSchema schema;

    @Override
    Settings settings() {
        schema = TestDatabases.PostgresSchema.create();
        return AgentHttp.access(schema.settings());
    }

    @Override
    void dropDatabase() {
        if (schema != null) {
            schema.close();
        }
    }
}
