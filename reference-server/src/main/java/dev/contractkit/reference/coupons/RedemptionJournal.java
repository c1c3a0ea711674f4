package dev.contractkit.reference.coupons;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.coupons.CouponStore.Redemption;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.Journal;
import dev.contractkit.reference.platform.StorageException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The redemptions' journal on the embedded database ({@link Database#journal}): after a batch of redemptions is
 * committed (H2 stores it in the background), a line per redemption is appended in one write before any of them is
 * answered; at start the lines whose redemption the file lacks (a {@code kill -9} before H2's background store) are
 * applied again. Once the journal holds more than {@value #STORE_AT_BYTES} bytes, or its oldest line is five seconds
 * old, or nothing was appended for a second, the committer stores H2's changes and empties it, so a restart reads
 * little.
 *
 * <p>A line is a JSON array: redemption id, coupon id, order id, user id, discount percent, order amount, discount
 * amount, status, redeemed at. Applying one again is what the redemption did: the coupon's {@code usage_count} goes up
 * by one and the row is inserted, unless a row with its id is there already (then H2 had stored it). Then every
 * coupon's {@code usage_count} is set from its redemption rows where the two differ ({@code recount}).
 */
final class RedemptionJournal implements GroupCommit.AfterCommit {
    private static final Logger LOG = Logger.getLogger(RedemptionJournal.class.getName());
    static final long STORE_AT_BYTES = 8L << 20;
    private static final long IDLE_STORE_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long OLDEST_LINE_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Database database;
    private final Journal journal;
    private long lastAppend;
    /** When the journal's oldest line was appended. */
    private long oldestLine;

    private RedemptionJournal(Database database, Journal journal) {
        this.database = database;
        this.journal = journal;
    }

    /**
     * Opens the journal and applies what the database lacks of it (call before any redemption runs). Without a
     * journal in use now ({@link Database#journaled()} false), one a crash left behind is applied all the same, then
     * stored and deleted.
     *
     * @param database the kit's database
     * @return the journal, or null when the database needs none
     * @throws IllegalStateException when another server on the same data directory holds the journal
     */
    static RedemptionJournal open(Database database) {
        Path file = database.journalFile("redemptions");
        if (file == null || (!database.journaled() && !Files.exists(file))) {
            return null;
        }
        Journal journal = Journal.open(file);
        try {
            replay(database, journal);
        } catch (RuntimeException e) {
            close(journal);
            throw e;
        }
        if (database.journaled()) {
            return new RedemptionJournal(database, journal);
        }
        try {
            journal.delete();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the journal " + file + ": " + e.getMessage(), e);
        }
        return null;
    }

    /** @return the line that, applied again, stores {@code r} */
    static String line(Redemption r) {
        try {
            return JSON.writeValueAsString(Arrays.asList(r.id(), r.coupon().id(), r.orderId(), r.userId(),
                    r.discountPercent(), plain(r.orderAmount()), plain(r.discountAmount()), r.status(),
                    r.redeemedAt().toString()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a journal line", e);
        }
    }

    private static String plain(BigDecimal amount) {
        return amount == null ? null : amount.toPlainString();
    }

    private static void replay(Database database, Journal journal) {
        List<String> lines;
        try {
            lines = journal.lines();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the journal " + journal.file() + ": " + e.getMessage(), e);
        }
        if (lines.isEmpty()) {
            return;
        }
        // applied, stored already, skipped; then the coupons whose count was set from their rows
        int[] counts = new Jdbc(database.dataSource()).transaction(c -> {
            int[] replayed = Arrays.copyOf(apply(c, lines, journal), 4);
            replayed[3] = recount(c);
            return replayed;
        });
        LOG.info(() -> String.format("journal %s: %d redemption(s) applied again, %d stored already, %d skipped",
                journal.file(), counts[0], counts[1], counts[2]));
        if (counts[3] > 0) {
            LOG.warning(() -> String.format("journal %s: the usage_count of %d coupon(s) did not match their "
                    + "redemptions in the file H2 recovered; set from the redemptions", journal.file(), counts[3]));
        }
        database.store(); // in the file before the lines go (whatever the write delay)
        try {
            journal.reset();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot empty the journal " + journal.file() + ": " + e.getMessage(), e);
        }
    }

    /** @return applied, stored already, skipped (unreadable, or its coupon is gone) */
    private static int[] apply(Connection c, List<String> lines, Journal journal) throws SQLException {
        int[] counts = new int[3];
        for (int i = 0; i < lines.size(); i++) {
            JsonNode v;
            try {
                v = JSON.readTree(lines.get(i));
            } catch (JsonProcessingException e) {
                v = null;
            }
            if (v == null || !v.isArray() || v.size() != 9) {
                LOG.severe("journal " + journal.file() + ", line " + (i + 1) + ": not a redemption, skipped: "
                        + lines.get(i));
                counts[2]++;
                continue;
            }
            if (exists(c, v.get(0).asText())) {
                counts[1]++;
            } else if (applied(c, v)) {
                counts[0]++;
            } else {
                LOG.severe("journal " + journal.file() + ", line " + (i + 1) + ": its coupon is gone, skipped: "
                        + lines.get(i));
                counts[2]++;
            }
        }
        return counts;
    }

    /**
     * Sets each coupon's {@code usage_count} to its number of redemptions where the two differ. They are equal by
     * construction (a coupon starts at 0, each redemption adds its row and one use in one transaction, nothing deletes
     * either), so the rows are the truth; but a {@code kill -9} with redemptions in flight once left a file in
     * which H2 had recovered a redemption's row without its use ({@code KillNineTest}: 334 rows, usage_count 333;
     * docs/decisions.md, "A redemption's row without its use after kill -9"), and a line whose row is there is not
     * applied again. Runs only when a crash left lines, in the replay's transaction.
     *
     * @return the number of coupons whose count was set
     */
    private static int recount(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE coupons c SET usage_count = "
                + "(SELECT COUNT(*) FROM redemptions r WHERE r.coupon_id = c.id) "
                + "WHERE c.usage_count <> (SELECT COUNT(*) FROM redemptions r WHERE r.coupon_id = c.id)")) {
            return ps.executeUpdate();
        }
    }

    private static boolean exists(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM redemptions WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static boolean applied(Connection c, JsonNode v) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE coupons SET usage_count = usage_count + 1 WHERE id = ?")) {
            ps.setString(1, v.get(1).asText());
            if (ps.executeUpdate() == 0) {
                return false;
            }
        }
        try (PreparedStatement ps = c.prepareStatement(CouponStore.INSERT_REDEMPTION)) {
            Jdbc.bind(ps, Arrays.asList(v.get(0).asText(), v.get(1).asText(), v.get(2).asText(), v.get(3).asText(),
                    v.get(4).asInt(), amount(v.get(5)), amount(v.get(6)), v.get(7).asText(),
                    OffsetDateTime.parse(v.get(8).asText())));
            ps.executeUpdate();
        }
        return true;
    }

    private static BigDecimal amount(JsonNode v) {
        return v.isNull() ? null : new BigDecimal(v.asText());
    }

    @Override
    public synchronized void committed(List<Object> results) {
        if (results.isEmpty()) {
            return;
        }
        List<String> lines = new ArrayList<>(results.size());
        for (Object r : results) {
            lines.add(line((Redemption) r));
        }
        try {
            long before = journal.size();
            journal.append(lines);
            lastAppend = System.nanoTime();
            if (before == 0) {
                oldestLine = lastAppend;
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot append to the journal " + journal.file() + "; storing the batch instead", e);
            database.store(); // a StorageException: every redemption of the batch is answered with it
            return;
        }
        if (journal.size() > STORE_AT_BYTES || lastAppend - oldestLine > OLDEST_LINE_NANOS) {
            try {
                storeAndReset();
            } catch (RuntimeException e) { // the batch is in the journal: tried again after the next one
                LOG.log(Level.WARNING, "cannot store the database to empty the journal " + journal.file(), e);
            }
        }
    }

    @Override
    public synchronized void idle() {
        long now = System.nanoTime();
        if (journal.size() > 0 && (now - lastAppend > IDLE_STORE_NANOS || now - oldestLine > OLDEST_LINE_NANOS)) {
            storeAndReset();
        }
    }

    @Override
    public synchronized void closed() {
        try {
            storeAndReset();
        } catch (RuntimeException e) { // the lines stay, applied again at the next start
            LOG.log(Level.WARNING, "cannot store the database at close; the journal " + journal.file()
                    + " is applied again at the next start", e);
        } finally {
            close(journal);
        }
    }

    /** Every line appended so far was committed before it was appended, so one store covers them all. */
    private void storeAndReset() {
        database.store();
        try {
            journal.reset();
        } catch (IOException e) {
            throw new StorageException(new SQLException("cannot empty the journal " + journal.file(), e));
        }
    }

    private static void close(Journal journal) {
        try {
            journal.close();
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot close the journal " + journal.file(), e);
        }
    }
}
