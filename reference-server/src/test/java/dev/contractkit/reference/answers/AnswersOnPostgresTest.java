package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The same behaviour with keys and quota usage in PostgreSQL (a schema of its own per test). */
class AnswersOnPostgresTest extends AnswersServerTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings settings() {
        return postgres.settings().with("answers.api-keys", KEY);
    }
}
