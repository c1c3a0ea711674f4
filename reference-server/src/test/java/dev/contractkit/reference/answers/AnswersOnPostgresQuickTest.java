package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The quick default's share of {@link AnswersOnPostgresTest} (tagged {@code long}: the whole suite again on PostgreSQL): the
 * suite's tests that prove the storage, run on a PostgreSQL schema of their own. The tests are the suite's own
 * methods, called on an instance whose store is PostgreSQL, so the two cannot drift apart.
 */
class AnswersOnPostgresQuickTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();
    @TempDir
    Path dir;
    private final AnswersServerTest suite = new AnswersServerTest() {
        @Override
        Settings settings() {
            return postgres.settings().with("answers.api-keys", KEY);
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
    void quotaCountsProcessedRequestsAndRefusesOnceUsedUp() throws Exception {
        suite.quotaCountsProcessedRequestsAndRefusesOnceUsedUp();
    }

    @Test
    void requestsInFlightArePendingAndNeverPassTheLimitTogether() throws Exception {
        suite.requestsInFlightArePendingAndNeverPassTheLimitTogether();
    }

    @Test
    void usageAndKeysSurviveARestartAndOnlyHashesAreStored() throws Exception {
        suite.usageAndKeysSurviveARestartAndOnlyHashesAreStored();
    }
}
