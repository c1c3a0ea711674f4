package dev.contractkit.reference.answers;

import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quota's reservations on the embedded database: concurrent requests share commits ({@link GroupCommit}), and
 * still never pass the key's limit together; a reservation is in the database when {@code reserve} returns.
 */
class QuotaLedgerTest {
    @TempDir
    Path dir;
    Database database;
    GroupCommit reservations;

    @AfterEach
    void close() {
        if (reservations != null) {
            reservations.close();
        }
        if (database != null) {
            database.close();
        }
    }

    private ApiKeys.Key key(int limit) {
        database = Database.open(TestDatabases.embedded(dir));
        return new ApiKeys(database.dataSource(), Clock.systemUTC())
                .provision("test", "quota-ledger-test-key-0123456789", limit, Duration.ofHours(1));
    }

    /** 64 reservations at once against a limit of 40, each released once all have been tried. */
    private List<Boolean> reserveAtOnce(QuotaLedger ledger, ApiKeys.Key key) throws Exception {
        List<QuotaLedger.Reservation> held = new ArrayList<>();
        List<Boolean> taken = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<QuotaLedger.Reservation>> calls = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                calls.add(callers.submit(() -> ledger.reserve(key)));
            }
            for (Future<QuotaLedger.Reservation> call : calls) {
                QuotaLedger.Reservation r = call.get(30, TimeUnit.SECONDS);
                taken.add(r != null);
                if (r != null) {
                    held.add(r);
                }
            }
        }
        held.forEach(QuotaLedger.Reservation::close);
        return taken;
    }

    @Test
    void concurrentReservationsShareCommitsAndNeverPassTheLimit() throws Exception {
        ApiKeys.Key key = key(40);
        reservations = GroupCommit.forEmbedded(database, new GroupCommit.Sizes(256, 1024, 0), "test reservations");
        QuotaLedger ledger = new QuotaLedger(database.dataSource(), Clock.systemUTC(), reservations);

        List<Boolean> taken = reserveAtOnce(ledger, key);

        assertThat(taken).filteredOn(t -> t).hasSize(40);
        assertThat(ledger.usage(key).used()).isEqualTo(40);
        assertThat(ledger.usage(key).pending()).isZero();
        assertThat(reservations.writes()).isEqualTo(64);
        assertThat(reservations.commits()).as("reservations that arrived together share a commit").isLessThan(64);
    }

    @Test
    void aReservationIsStoredWhenReserveReturns() {
        ApiKeys.Key key = key(5);
        reservations = GroupCommit.forEmbedded(database, new GroupCommit.Sizes(256, 1024, 0), "test reservations");
        QuotaLedger ledger = new QuotaLedger(database.dataSource(), Clock.systemUTC(), reservations);

        ledger.reserve(key).close();

        // read on a connection of its own: only committed rows are visible there
        assertThat(new QuotaLedger(database.dataSource(), Clock.systemUTC(), null).usage(key).used()).isEqualTo(1);
    }

    @Test
    void withoutGroupCommitEachReservationIsItsOwnTransactionAndTheLimitHoldsToo() throws Exception {
        ApiKeys.Key key = key(40);
        QuotaLedger ledger = new QuotaLedger(database.dataSource(), Clock.systemUTC(), null);

        assertThat(reserveAtOnce(ledger, key)).filteredOn(t -> t).hasSize(40);
        assertThat(ledger.usage(key).used()).isEqualTo(40);
    }

    @Test
    void theEmbeddedDatabaseGetsAGroupCommitAndASizeOfZeroNone() {
        key(1);
        reservations = GroupCommit.forEmbedded(database, new GroupCommit.Sizes(256, 1024, 0), "test reservations");
        assertThat(reservations).isNotNull();
        assertThat(GroupCommit.forEmbedded(database, new GroupCommit.Sizes(0, 1024, 0), "none")).isNull();
    }
}
