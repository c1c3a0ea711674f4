package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same control-plane suite with the tasks in PostgreSQL (a schema of its own, dropped afterwards).
 * Tagged {@code long}: the whole suite again, in {@code ./kit test --long}; the quick default runs its share in
 * {@code ControlPlaneOnPostgresQuickTest}.
 */
@Tag("long")
class ControlPlaneOnPostgresTest extends ControlPlaneServerTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings base() {
        return postgres.settings().with("data-dir", dir.toString());
    }
}
