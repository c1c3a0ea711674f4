package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The quick default's share of {@link ControlPlaneOnPostgresTest} (tagged {@code long}: the whole suite again on PostgreSQL): the
 * suite's tests that prove the storage, run on a PostgreSQL schema of their own. The tests are the suite's own
 * methods, called on an instance whose store is PostgreSQL, so the two cannot drift apart.
 */
class ControlPlaneOnPostgresQuickTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();
    @TempDir
    Path dir;
    private final ControlPlaneServerTest suite = new ControlPlaneServerTest() {
        @Override
        Settings base() {
            return postgres.settings().with("data-dir", dir.toString());
        }
    };

    @BeforeEach
    void shareTheDirectory() {
        suite.dir = dir;
    }

    @AfterEach
    void stop() {
        suite.stop();
    }

    @Test
    void tasksRunInDependencyOrderAndAFailedDependencySkipsItsDependants() throws Exception {
        suite.tasksRunInDependencyOrderAndAFailedDependencySkipsItsDependants();
    }

    @Test
    void cancellingAPendingTaskCancelsItAtOnceAndDeleteOnlyForgets() throws Exception {
        suite.cancellingAPendingTaskCancelsItAtOnceAndDeleteOnlyForgets();
    }

    @Test
    void tasksAndStateSurviveInTheDatabase() throws Exception {
        suite.tasksAndStateSurviveInTheDatabase();
    }
}
