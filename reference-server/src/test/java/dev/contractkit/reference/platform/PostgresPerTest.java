package dev.contractkit.reference.platform;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A PostgreSQL schema of its own for each test of a class that runs its suite again on PostgreSQL: created before
 * the test, dropped after it and after the class's own {@code @AfterEach} clean-up (which stops the server).
 *
 * <pre>{@code
 * @RegisterExtension
 * final PostgresPerTest postgres = new PostgresPerTest();
 *
 * @Override
 * Settings settings() {
 *     return postgres.settings();
 * }
 * }</pre>
 */
public final class PostgresPerTest implements BeforeEachCallback, AfterEachCallback {
    private TestDatabases.PostgresSchema schema;

    @Override
    public void beforeEach(ExtensionContext context) {
        schema = TestDatabases.PostgresSchema.create();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (schema != null) {
            schema.close();
            schema = null;
        }
    }

    /** @return settings pointing the server at this test's schema, every API on a free port */
    public Settings settings() {
        return schema.settings();
    }
}
