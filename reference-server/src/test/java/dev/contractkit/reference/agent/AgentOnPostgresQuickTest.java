package dev.contractkit.reference.agent;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The quick default's share of {@link AgentOnPostgresTest} (tagged {@code long}: the whole suite again on PostgreSQL): the
 * suite's tests that prove the storage, run on a PostgreSQL schema of their own. The tests are the suite's own
 * methods, called on an instance whose store is PostgreSQL, so the two cannot drift apart.
 */
class AgentOnPostgresQuickTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();
    @TempDir
    Path dir;
    private final AgentServerTest suite = new AgentServerTest() {
        @Override
        Settings settings() {
            return AgentHttp.access(postgres.settings());
        }
    };

    @BeforeAll
    static void contract() {
        AgentServerTest.contract();
    }

    @BeforeEach
    void shareTheDirectory() {
        suite.dir = dir;
    }

    @AfterEach
    void stop() {
        suite.stop();
    }

    @Test
    void aRunStreamsToolCallsReasoningAndAMarkdownTableThatFollowTheContract() throws Exception {
        suite.aRunStreamsToolCallsReasoningAndAMarkdownTableThatFollowTheContract();
    }

    @Test
    void historyByThreadReturnsEveryPastRunsEventsInTheOrderTheyWereSent() throws Exception {
        suite.historyByThreadReturnsEveryPastRunsEventsInTheOrderTheyWereSent();
    }

    @Test
    void artifactsAndHistorySurviveARestart() throws Exception {
        suite.artifactsAndHistorySurviveARestart();
    }

    @Test
    void filesAreUploadedListedDownloadedAndUsableAsRunConfigFileIds() throws Exception {
        suite.filesAreUploadedListedDownloadedAndUsableAsRunConfigFileIds();
    }
}
