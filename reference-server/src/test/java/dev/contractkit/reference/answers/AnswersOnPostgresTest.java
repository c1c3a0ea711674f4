package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.PostgresPerTest;
import dev.contractkit.reference.platform.Settings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The same behaviour with keys and quota usage in PostgreSQL (a schema of its own per test).
 * Tagged {@code long}: the whole suite again, in {@code ./kit test --long}; the quick default runs its share in
 * {@code AnswersOnPostgresQuickTest}.
 */
@Tag("long")
class AnswersOnPostgresTest extends AnswersServerTest {
    @RegisterExtension
    final PostgresPerTest postgres = new PostgresPerTest();

    @Override
    Settings settings() {
        return postgres.settings().with("answers.api-keys", KEY);
    }
}
