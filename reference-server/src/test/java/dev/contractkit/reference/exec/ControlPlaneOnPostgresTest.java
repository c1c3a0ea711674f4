package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The same control-plane suite with the tasks in PostgreSQL (a schema of its own, dropped afterwards). */
class ControlPlaneOnPostgresTest extends ControlPlaneServerTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings base() {
        return postgres.settings().with("data-dir", dir.toString());
    }
}
