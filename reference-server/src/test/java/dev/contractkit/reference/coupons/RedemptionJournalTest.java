package dev.contractkit.reference.coupons;

import dev.contractkit.reference.coupons.CouponStore.Redemption;
import dev.contractkit.reference.coupons.CouponStore.Row;
import dev.contractkit.reference.platform.Database;
import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.ReadCache;
import dev.contractkit.reference.platform.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The redemptions' {@link RedemptionJournal} on the embedded database: at start it applies the lines whose
 * redemption the file lacks (once: a line already stored is not counted again), skips a torn last line, and empties
 * itself; closing the group commit stores everything and empties it. That the lines save acknowledged redemptions
 * from a {@code kill -9} is {@code KillNineTest}'s.
 */
class RedemptionJournalTest {
    @TempDir
    Path dir;

    private static List<String> rows(Database db, String couponId) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT order_id, user_id, order_amount, discount_amount, status, redeemed_at "
                     + "FROM redemptions WHERE coupon_id = '" + couponId + "' ORDER BY order_id")) {
            while (r.next()) {
                rows.add(r.getString(1) + " " + r.getString(2) + " " + r.getBigDecimal(3) + " " + r.getBigDecimal(4)
                        + " " + r.getString(5) + " " + r.getObject(6, OffsetDateTime.class).toInstant());
            }
        }
        return rows;
    }

    private static int usageCount(Database db, String couponId) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT usage_count FROM coupons WHERE id = '" + couponId + "'")) {
            r.next();
            return r.getInt(1);
        }
    }

    @Test
    void aRestartAppliesTheLinesTheFileLacksOnceAndEmptiesTheJournal() throws Exception {
        Path data = dir.resolve("data");
        String couponId;
        Path journal = data.resolve("redemptions.journal");
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            CouponStore store = new CouponStore(db.dataSource(), Clock.systemUTC());
            Row coupon = store.create("journal", null, 10, "seasonal", null, 3, null, "admin");
            couponId = coupon.id();
            Redemption stored = store.redeem(couponId, "o-1", "u-1", new BigDecimal("20.00"));
            Redemption lost = new Redemption("00000000-0000-7000-8000-000000000002", coupon, "o-2",
                    new BigDecimal("30.00"), 10, new BigDecimal("3.00"), at, "u-2", "active");
            Redemption lostWithoutAmount = new Redemption("00000000-0000-7000-8000-000000000003", coupon, "o-3",
                    null, 10, null, at, "u-3", "used");
            Files.writeString(journal, RedemptionJournal.line(stored) + "\n" + RedemptionJournal.line(lost) + "\n"
                    + RedemptionJournal.line(lostWithoutAmount) + "\n" + "[\"00000000-0000-7000-8000-000000000004\",",
                    StandardCharsets.UTF_8);
        }
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            RedemptionJournal.open(db).closed();
            assertThat(rows(db, couponId)).containsExactly(
                    rows(db, couponId).getFirst(),
                    "o-2 u-2 30.00 3.00 active " + at.toInstant(),
                    "o-3 u-3 null null used " + at.toInstant());
            assertThat(rows(db, couponId).getFirst()).startsWith("o-1 u-1 20.00 2.00 active ");
            assertThat(usageCount(db, couponId)).as("the line stored before is not counted again").isEqualTo(3);
            assertThat(Files.size(journal)).isZero();
        }
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            RedemptionJournal.open(db).closed();
            assertThat(usageCount(db, couponId)).as("an emptied journal applies nothing").isEqualTo(3);
        }
    }

    /**
     * After a {@code kill -9} the file H2 recovered once held a redemption's row without its use (KillNineTest: 334
     * rows, usage_count 333); the line of that redemption finds its row and is not applied again, so the replay sets
     * every count from the rows: one a use short (its row there) and one a use over (its row lost, its use kept).
     */
    @Test
    void aRestartAfterACrashSetsEveryUsageCountFromTheRedemptionRows() throws Exception {
        Path data = dir.resolve("data");
        Path journal = data.resolve("redemptions.journal");
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        String short_;
        String over;
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            CouponStore store = new CouponStore(db.dataSource(), Clock.systemUTC());
            short_ = store.create("a use short", null, 10, "seasonal", null, null, null, "admin").id();
            Row overCoupon = store.create("a use over", null, 10, "seasonal", null, null, null, "admin");
            over = overCoupon.id();
            store.redeem(short_, "o-1", "u-1", null);
            Redemption rowWithoutItsUse = store.redeem(short_, "o-2", "u-1", null);
            store.redeem(over, "o-3", "u-1", null);
            Redemption useWithoutItsRow = new Redemption("00000000-0000-7000-8000-000000000004", overCoupon, "o-4",
                    null, 10, null, at, "u-1", "active");
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE coupons SET usage_count = usage_count - 1 WHERE id = '" + short_ + "'");
                s.executeUpdate("UPDATE coupons SET usage_count = usage_count + 1 WHERE id = '" + over + "'");
            }
            Files.writeString(journal, RedemptionJournal.line(rowWithoutItsUse) + "\n"
                    + RedemptionJournal.line(useWithoutItsRow) + "\n", StandardCharsets.UTF_8);
        }
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            RedemptionJournal.open(db).closed();
            assertThat(rows(db, short_)).hasSize(2);
            assertThat(usageCount(db, short_)).as("the use its stored row lacked").isEqualTo(2);
            assertThat(rows(db, over)).hasSize(2);
            assertThat(usageCount(db, over)).as("the lost row applied again, its use not counted twice").isEqualTo(2);
        }
    }

    @Test
    void groupCommittedRedemptionsAreInTheFileOnceTheGroupCommitIsClosed() throws Exception {
        Path data = dir.resolve("data");
        Path journal = data.resolve("redemptions.journal");
        String couponId;
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            RedemptionJournal lines = RedemptionJournal.open(db);
            GroupCommit commits = GroupCommit.forEmbedded(db, new GroupCommit.Sizes(16, 16, 0), "t", lines);
            CouponStore store = new CouponStore(db.dataSource(), Clock.systemUTC(), new ReadCache<>(0), commits);
            couponId = store.create("journal", null, 10, "seasonal", null, null, null, "admin").id();
            for (int i = 1; i <= 5; i++) {
                store.redeem(couponId, "o-" + i, "u-1", null);
            }
            commits.close();
            assertThat(Files.size(journal)).as("emptied once H2 stored the redemptions").isZero();
        }
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            assertThat(rows(db, couponId)).hasSize(5);
            assertThat(usageCount(db, couponId)).isEqualTo(5);
        }
    }

    @Test
    void aJournalACrashLeftIsAppliedAndDeletedWhenTheServerStartsWithoutOne() throws Exception {
        Path data = dir.resolve("data");
        Path journal = data.resolve("redemptions.journal");
        String couponId;
        OffsetDateTime at = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            Row coupon = new CouponStore(db.dataSource(), Clock.systemUTC())
                    .create("left", null, 10, "seasonal", null, null, null, "admin");
            couponId = coupon.id();
            Files.writeString(journal, RedemptionJournal.line(new Redemption("00000000-0000-7000-8000-000000000009",
                    coupon, "o-9", null, 10, null, at, "u-9", "active")) + "\n", StandardCharsets.UTF_8);
        }
        try (Database db = Database.open(TestDatabases.embedded(data).with("db.journal", "false"))) {
            assertThat(db.journaled()).isFalse();
            assertThat(RedemptionJournal.open(db)).as("no journal in use").isNull();
            assertThat(rows(db, couponId)).containsExactly("o-9 u-9 null null active " + at.toInstant());
            assertThat(usageCount(db, couponId)).isEqualTo(1);
            assertThat(journal).as("applied, stored and deleted").doesNotExist();
        }
    }

    @Test
    void aSecondServerOnTheSameDataDirectoryCannotTakeTheJournal() {
        Path data = dir.resolve("data");
        try (Database db = Database.open(TestDatabases.embedded(data))) {
            RedemptionJournal first = RedemptionJournal.open(db);
            try {
                assertThatThrownBy(() -> RedemptionJournal.open(db)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("in use by another server").hasMessageContaining("KIT_DATA_DIR");
            } finally {
                first.closed();
            }
            RedemptionJournal.open(db).closed(); // free again once the first is closed
        }
    }
}
