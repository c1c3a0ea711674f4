package dev.contractkit.reference.codehost;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import org.junit.jupiter.api.AfterAll;

/** The same behaviour on PostgreSQL (a schema of its own, dropped afterwards). */
class CodehostOnPostgresTest extends CodehostServerTest {
    private TestDatabases.PostgresSchema schema;

    @Override
    Settings settings() {
        schema = TestDatabases.PostgresSchema.create();
        return schema.settings();
    }

    @AfterAll
    void dropSchema() {
        if (schema != null) {
            schema.close();
        }
    }
}
