package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same behaviour with runs, events, data sources, artifacts and the sample data set in PostgreSQL.
 * Tagged {@code long}: the whole suite again, in {@code ./kit test --long}; the quick default runs its share in
 * {@code AgentOnPostgresQuickTest}.
 */
@Tag("long")
class AgentOnPostgresTest extends AgentServerTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings settings() {
        return AgentHttp.access(postgres.settings());
    }
}
