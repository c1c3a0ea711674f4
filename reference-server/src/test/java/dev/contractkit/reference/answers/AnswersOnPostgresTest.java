package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.Settings;
import dev.contractkit.reference.platform.TestDatabases.PostgresSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The same behaviour with keys and quota usage in PostgreSQL (a schema of its own per test). */
class AnswersOnPostgresTest extends AnswersServerTest {
    PostgresSchema schema;

    @BeforeEach
    void createSchema() {
        schema = PostgresSchema.create();
    }

    @AfterEach
    void dropSchema() {
        stop();
        server = null;
        schema.close();
    }

    @Override
    Settings settings() {
        return schema.settings().with("answers.api-keys", KEY);
    }
}
