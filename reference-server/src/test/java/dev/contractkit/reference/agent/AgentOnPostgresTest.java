package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases.PostgresSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The same behaviour with runs, events, data sources, artifacts and the sample data set in PostgreSQL. */
class AgentOnPostgresTest extends AgentServerTest {
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
