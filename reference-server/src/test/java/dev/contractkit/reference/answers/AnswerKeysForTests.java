package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.Database;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;

/** Tests outside this package provision answer-service keys through the server's key store. */
public final class AnswerKeysForTests {
    private AnswerKeysForTests() {
    }

    /**
     * Makes {@code secret} an active key with {@code quota} answer requests per 30 days (idempotent).
     *
     * @param database the server's database
     * @param secret   the key as callers send it
     * @param quota    answer requests per window (0: used up at once)
     */
    public static void provision(Database database, String secret, int quota) throws SQLException {
        new ApiKeys(database.dataSource(), Clock.systemUTC()).provision("pact", secret, quota, Duration.ofDays(30));
    }
}
