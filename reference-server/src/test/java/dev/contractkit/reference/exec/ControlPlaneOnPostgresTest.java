package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The same control-plane suite with the tasks in PostgreSQL (a schema of its own, dropped afterwards). */
class ControlPlaneOnPostgresTest extends ControlPlaneServerTest {
    TestDatabases.PostgresSchema schema;

    @BeforeEach
    void createSchema() {
        schema = TestDatabases.PostgresSchema.create();
    }

    @AfterEach
    void dropSchema() {
        stop();
        server = null;
        schema.close();
    }

    @Override
    Settings base() {
        return schema.settings().with("data-dir", dir.toString());
    }
}
