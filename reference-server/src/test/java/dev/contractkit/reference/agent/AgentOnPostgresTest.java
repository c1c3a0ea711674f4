package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The same behaviour with runs, events, data sources, artifacts and the sample data set in PostgreSQL. */
class AgentOnPostgresTest extends AgentServerTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings settings() {
        return AgentHttp.access(postgres.settings());
    }
}
