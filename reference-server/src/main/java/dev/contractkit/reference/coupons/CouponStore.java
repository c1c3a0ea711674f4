package dev.contractkit.reference.coupons;

import dev.contractkit.reference.coupons.model.AdminCoupon;
import dev.contractkit.reference.coupons.model.Coupon;
import dev.contractkit.reference.coupons.model.UserCoupon;
import dev.contractkit.reference.coupons.model.UserCouponStatus;

import dev.contractkit.reference.platform.GroupCommit;
import dev.contractkit.reference.platform.Jdbc;
import dev.contractkit.reference.platform.ReadCache;
import dev.contractkit.reference.platform.StorageException;
import dev.contractkit.reference.platform.TimeOrderedIds;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Coupons and redemptions in the kit's database. Its methods run on {@link Jdbc}: a database failure is a
 * {@code StorageException}, which the endpoints let through to the server's error routing.
 */
final class CouponStore {
    private static final String COLUMNS = "id, title, description, discount_percent, category, valid_until, active, "
            + "usage_limit, usage_count, terms_conditions, created_at, updated_at, created_by, updated_by";

    /** A stored coupon. */
    record Row(String id, String title, String description, int discountPercent, String category,
               OffsetDateTime validUntil, boolean active, Integer usageLimit, int usageCount,
               String termsConditions, OffsetDateTime createdAt, OffsetDateTime updatedAt,
               String createdBy, String updatedBy) {

        boolean expiredAt(Instant now) {
            return validUntil != null && !validUntil.toInstant().isAfter(now);
        }

        boolean exhausted() {
            return usageLimit != null && usageCount >= usageLimit;
        }

        /**
         * @return whether the coupon is on offer, the {@code active} a response shows: the stored flag (an admin's
         * deactivation or soft delete), and neither past {@code valid_until} nor used up (issue 36: a coupon for
         * which {@code coupon_expired} went out is not listed as active)
         */
        boolean onOffer(Instant now) {
            return active && !expiredAt(now) && !exhausted();
        }

        Coupon toCoupon(Instant now) {
            return new Coupon(id, title, description, discountPercent, category, validUntil, onOffer(now), usageLimit,
                    usageCount, termsConditions, createdAt, updatedAt);
        }

        /** The coupon with who created and last changed it (the generated models share no type: two constructors). */
        AdminCoupon toAdmin(Instant now) {
            return new AdminCoupon(id, title, description, discountPercent, category, validUntil, onOffer(now),
                    usageLimit, usageCount, termsConditions, createdAt, updatedAt, createdBy, updatedBy);
        }
    }

    /** One page of something, with the total over all pages, as of {@code at} (what "on offer" was judged by). */
    record Page<T>(List<T> items, int total, Instant at) {
    }

    /** One catalogue page as sent: its serialized body and the total over all pages (for the Link header). */
    record Listing(byte[] json, int total) {
    }

    /**
     * A redemption that went through.
     *
     * @param orderAmount    the order total the request gave, to cents; null when it gave none
     * @param discountAmount the discount in money ({@link #discount}); null without an order amount
     * @param userId         who redeemed it
     * @param status         the stored status: {@code used} when it took the coupon's last use, else {@code active}
     */
    record Redemption(String id, Row coupon, String orderId, BigDecimal orderAmount, int discountPercent,
                      BigDecimal discountAmount, OffsetDateTime redeemedAt, String userId, String status) {
    }

    /** @return {@code percent} of {@code orderAmount}, rounded half up to cents; null without an amount */
    static BigDecimal discount(BigDecimal orderAmount, int percent) {
        return orderAmount == null ? null
                : orderAmount.multiply(BigDecimal.valueOf(percent)).divide(HUNDRED, 2, RoundingMode.HALF_UP);
    }

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /** Why a redemption was refused (the contract's {@code details} values, in check order). */
    enum Refusal {
        NOT_FOUND, ALREADY_REDEEMED, COUPON_INACTIVE, COUPON_EXPIRED, USAGE_LIMIT_REACHED
    }

    /** A refused redemption (unchecked: it rolls back {@link #redeem}'s transaction like any refusal). */
    static final class Refused extends RuntimeException {
        final Refusal reason;
        final transient Row coupon;

        Refused(Refusal reason, Row coupon) {
            super(reason.name(), null, false, false);
            this.reason = reason;
            this.coupon = coupon;
        }
    }

    private final Jdbc jdbc;
    private final Clock clock;
    /**
     * Catalogue pages as serialized bytes, dropped by every write below (a list is the hot read: a hit sends the
     * bytes as they are, like forms' read; see docs/performance.md).
     */
    private final ReadCache<List<Object>, Listing> pages;
    /**
     * On the embedded database, where a redemption runs: in a transaction shared with the redemptions that arrived
     * meanwhile and committed once for all; null: in a transaction of its own.
     */
    private final GroupCommit redemptions;

    CouponStore(DataSource dataSource, Clock clock) {
        this(dataSource, clock, new ReadCache<>(0), null);
    }

    /** @param redemptions where redemptions run; null: each in a transaction of its own */
    CouponStore(DataSource dataSource, Clock clock, ReadCache<List<Object>, Listing> pages, GroupCommit redemptions) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
        this.pages = pages;
        this.redemptions = redemptions;
    }

    /** @return now, at the precision every store keeps (microseconds would do; milliseconds read back the same everywhere) */
    OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
    }

    /**
     * @param render serializes a page's rows into the body sent (runs only when the page is not cached)
     * @return the page, from the cache when fresh
     */
    Listing list(int limit, int offset, Optional<String> category, Optional<Boolean> active,
                 Function<Page<Row>, byte[]> render) {
        return pages.get(List.of(limit, offset, category, active), () -> {
            Page<Row> page = query(limit, offset, category, active);
            return new Listing(render.apply(page), page.total());
        });
    }

    private Page<Row> query(int limit, int offset, Optional<String> category, Optional<Boolean> active) {
        StringBuilder where = new StringBuilder(" WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        OffsetDateTime now = now();
        category.ifPresent(c -> {
            where.append(" AND category = ?");
            args.add(c);
        });
        active.ifPresent(a -> {
            // on offer, as Row.onOffer says: not deactivated, not past valid_until, not used up
            where.append(a ? " AND " : " AND NOT ").append("(active = TRUE AND (valid_until IS NULL OR valid_until > ?)"
                    + " AND (usage_limit IS NULL OR usage_count < usage_limit))");
            args.add(now);
        });
        return jdbc.call(c -> {
            int total;
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM coupons" + where)) {
                Jdbc.bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    total = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM coupons" + where
                    + " ORDER BY created_at DESC, id LIMIT ? OFFSET ?")) {
                List<Object> all = new ArrayList<>(args);
                all.add(limit);
                all.add(offset);
                Jdbc.bind(ps, all);
                try (ResultSet rs = ps.executeQuery()) {
                    List<Row> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(read(rs));
                    }
                    return new Page<>(out, total, now.toInstant());
                }
            }
        });
    }

    Optional<Row> find(String id) {
        return jdbc.call(c -> find(c, id));
    }

    private static Optional<Row> find(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM coupons WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    Row create(String title, String description, int discountPercent, String category, OffsetDateTime validUntil,
               Integer usageLimit, String termsConditions, String by) {
        try {
            return insert(title, description, discountPercent, category, validUntil, usageLimit, termsConditions, by);
        } finally {
            pages.invalidate();
        }
    }

    private Row insert(String title, String description, int discountPercent, String category, OffsetDateTime validUntil,
                       Integer usageLimit, String termsConditions, String by) {
        OffsetDateTime now = now();
        Row row = new Row(UUID.randomUUID().toString(), title, description, discountPercent, category,
                validUntil == null ? null : validUntil.withOffsetSameInstant(ZoneOffset.UTC), true, usageLimit, 0,
                termsConditions, now, now, by, by);
        jdbc.update("INSERT INTO coupons (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row.id, row.title, row.description, row.discountPercent, row.category, row.validUntil, row.active,
                row.usageLimit, row.usageCount, row.termsConditions, row.createdAt, row.updatedAt, row.createdBy,
                row.updatedBy);
        return row;
    }

    /**
     * Applies a partial update.
     *
     * @param changes column name to new value (only updatable columns)
     * @return the coupon before and after, or empty when there is no such coupon
     */
    Optional<Row[]> update(String id, Map<String, Object> changes, String by) {
        try {
            return change(id, changes, by);
        } finally {
            pages.invalidate();
        }
    }

    private Optional<Row[]> change(String id, Map<String, Object> changes, String by) {
        return jdbc.transaction(c -> {
            Optional<Row> before = find(c, id);
            if (before.isEmpty()) {
                return Optional.empty();
            }
            Map<String, Object> set = new LinkedHashMap<>(changes);
            set.put("updated_at", now());
            set.put("updated_by", by);
            if (set.containsKey("valid_until")) {
                set.put("expiry_announced", false);
            }
            StringBuilder sql = new StringBuilder("UPDATE coupons SET ");
            set.keySet().forEach(k -> sql.append(k).append(" = ?, "));
            sql.setLength(sql.length() - 2);
            sql.append(" WHERE id = ?");
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                List<Object> args = new ArrayList<>(set.values());
                args.add(id);
                Jdbc.bind(ps, args);
                ps.executeUpdate();
            }
            Row after = find(c, id).orElseThrow();
            return Optional.of(new Row[] {before.get(), after});
        });
    }

    /**
     * Redeems atomically: one conditional UPDATE of the counter and the redemption INSERT (UNIQUE per
     * user, coupon and order: an order id is the user's own) in one transaction (or, with group commit, behind a
     * savepoint of its own in a transaction shared with other redemptions); concurrent redemptions never exceed the
     * limit, and the result is returned only once committed.
     *
     * @throws Refused when the coupon cannot be redeemed for this user's order (nothing is changed)
     */
    Redemption redeem(String couponId, String orderId, String userId, BigDecimal orderAmount) {
        try {
            return redeemOnce(couponId, orderId, userId,
                    orderAmount == null ? null : orderAmount.setScale(2, RoundingMode.HALF_UP));
        } finally {
            pages.invalidate();
        }
    }

    /** A redemption's row; {@link RedemptionJournal} inserts the same when it applies a line again. */
    static final String INSERT_REDEMPTION = "INSERT INTO redemptions (id, coupon_id, order_id, user_id, "
            + "discount_percent, order_amount, discount_amount, status, redeemed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private Redemption redeemOnce(String couponId, String orderId, String userId, BigDecimal orderAmount) {
        // three statements, the fewest that decide it: with group commit they run one after the other on the
        // committer thread, so a statement fewer there is a redemption more a second (docs/performance.md)
        Jdbc.Statements<Redemption> statements = c -> {
            OffsetDateTime now = now();
            int updated; // decides active, not expired and under its limit, and holds the coupon's row until the end
            try (PreparedStatement ps = c.prepareStatement("UPDATE coupons SET usage_count = usage_count + 1 "
                    + "WHERE id = ? AND active = TRUE AND (valid_until IS NULL OR valid_until > ?) "
                    + "AND (usage_limit IS NULL OR usage_count < usage_limit)")) {
                ps.setString(1, couponId);
                ps.setObject(2, now);
                updated = ps.executeUpdate();
            }
            if (updated == 0) {
                throw refusal(c, couponId, orderId, userId, now);
            }
            Row after = find(c, couponId).orElseThrow();
            String id = TimeOrderedIds.next().toString();
            BigDecimal discount = discount(orderAmount, after.discountPercent);
            // the user's own state: 'used' when this redemption took the last use; nobody else's use changes it
            String status = after.exhausted() ? "used" : "active";
            try (PreparedStatement ps = c.prepareStatement(INSERT_REDEMPTION)) {
                Jdbc.bind(ps, Arrays.asList(id, couponId, orderId, userId, after.discountPercent,
                        orderAmount, discount, status, now));
                ps.executeUpdate();
            } catch (SQLException e) {
                if (StorageException.isUniqueViolation(e)) { // the order redeemed it before (the UPDATE rolls back)
                    throw new Refused(Refusal.ALREADY_REDEEMED, after);
                }
                throw e;
            }
            return new Redemption(id, after, orderId, orderAmount, after.discountPercent, discount, now, userId, status);
        };
        return redemptions == null ? jdbc.transaction(statements) : redemptions.transaction(statements);
    }

    /**
     * Why the conditional UPDATE changed nothing, in the order a caller is told: an unknown coupon, then this order's
     * earlier redemption, then an inactive, expired or used-up coupon.
     */
    private static Refused refusal(Connection c, String couponId, String orderId, String userId, OffsetDateTime now)
            throws SQLException {
        Row current = find(c, couponId).orElse(null);
        if (current == null) {
            return new Refused(Refusal.NOT_FOUND, null);
        }
        if (redeemed(c, couponId, orderId, userId)) {
            return new Refused(Refusal.ALREADY_REDEEMED, current);
        }
        refuseIfInvalid(current, now.toInstant());
        return new Refused(Refusal.USAGE_LIMIT_REACHED, current); // a race the re-read no longer shows
    }

    private static void refuseIfInvalid(Row coupon, Instant now) throws Refused {
        if (!coupon.active) {
            throw new Refused(Refusal.COUPON_INACTIVE, coupon);
        }
        if (coupon.expiredAt(now)) {
            throw new Refused(Refusal.COUPON_EXPIRED, coupon);
        }
        if (coupon.exhausted()) {
            throw new Refused(Refusal.USAGE_LIMIT_REACHED, coupon);
        }
    }

    private static boolean redeemed(Connection c, String couponId, String orderId, String userId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT 1 FROM redemptions WHERE coupon_id = ? AND order_id = ? AND user_id = ?")) {
            ps.setString(1, couponId);
            ps.setString(2, orderId);
            ps.setString(3, userId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }


    Page<UserCoupon> userCoupons(String userId, int limit, int offset, Optional<UserCouponStatus> status) {
        // the stored state of the user's own redemption; only the coupon's end (not others' use) overrides it
        String inner = "SELECT r.id AS rid, r.coupon_id, c.title, r.order_id, r.discount_percent, r.order_amount, "
                + "r.discount_amount, r.redeemed_at, "
                + "CASE WHEN c.active = FALSE OR (c.valid_until IS NOT NULL AND c.valid_until <= ?) THEN 'expired' "
                + "ELSE r.status END AS status "
                + "FROM redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE r.user_id = ?";
        String where = status.isPresent() ? " WHERE t.status = ?" : "";
        OffsetDateTime now = now();
        List<Object> args = new ArrayList<>(List.of(now, userId));
        status.ifPresent(s -> args.add(s.toString()));
        return jdbc.call(c -> {
            int total;
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM (" + inner + ") t" + where)) {
                Jdbc.bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    total = rs.getInt(1);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT t.coupon_id, t.title, t.order_id, "
                    + "t.discount_percent, t.order_amount, t.discount_amount, t.redeemed_at, t.status FROM ("
                    + inner + ") t" + where
                    + " ORDER BY t.redeemed_at DESC, t.rid LIMIT ? OFFSET ?")) {
                List<Object> all = new ArrayList<>(args);
                all.add(limit);
                all.add(offset);
                Jdbc.bind(ps, all);
                try (ResultSet rs = ps.executeQuery()) {
                    List<UserCoupon> out = new ArrayList<>();
                    while (rs.next()) {
                        UserCoupon u = new UserCoupon();
                        u.setCouponId(rs.getString(1));
                        u.setTitle(rs.getString(2));
                        u.setOrderId(rs.getString(3));
                        u.setDiscountPercent(rs.getInt(4));
                        u.setOrderAmount(money(rs.getBigDecimal(5)));
                        u.setDiscountAmount(money(rs.getBigDecimal(6)));
                        u.setRedeemedAt(utc(rs.getObject(7, OffsetDateTime.class)));
                        u.setStatus(UserCouponStatus.fromValue(rs.getString(8)));
                        out.add(u);
                    }
                    return new Page<>(out, total, now.toInstant());
                }
            }
        });
    }

    /**
     * Marks active coupons whose {@code valid_until} has passed as announced, once each.
     *
     * @return the coupons that expired since the last call
     */
    List<Row> takeNewlyExpired() {
        OffsetDateTime now = now();
        return jdbc.call(c -> {
            List<Row> candidates = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM coupons "
                    + "WHERE expiry_announced = FALSE AND valid_until IS NOT NULL AND valid_until <= ?")) {
                ps.setObject(1, now);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        candidates.add(read(rs));
                    }
                }
            }
            List<Row> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE coupons SET expiry_announced = TRUE WHERE id = ? AND expiry_announced = FALSE")) {
                for (Row r : candidates) {
                    ps.setString(1, r.id);
                    if (ps.executeUpdate() == 1 && r.active) { // another replica may have announced it
                        out.add(r);
                    }
                }
            }
            if (!candidates.isEmpty()) {
                pages.invalidate(); // before coupon_expired goes out: no cached page shows these as active after it
            }
            return out;
        });
    }

    /** @return when an external user was first seen (recorded now if never) */
    OffsetDateTime firstSeen(String userId) {
        return jdbc.call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT first_seen FROM coupon_users_seen WHERE id = ?")) {
                ps.setString(1, userId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return utc(rs.getObject(1, OffsetDateTime.class));
                    }
                }
            }
            OffsetDateTime now = now();
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO coupon_users_seen (id, first_seen) VALUES (?, ?)")) {
                ps.setString(1, userId);
                ps.setObject(2, now);
                ps.executeUpdate();
            } catch (SQLException e) {
                if (!StorageException.isUniqueViolation(e)) { // else another request recorded it first
                    throw e;
                }
            }
            return now;
        });
    }

    private static Row read(ResultSet rs) throws SQLException {
        return new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5),
                utc(rs.getObject(6, OffsetDateTime.class)), rs.getBoolean(7), (Integer) rs.getObject(8, Integer.class),
                rs.getInt(9), rs.getString(10), utc(rs.getObject(11, OffsetDateTime.class)),
                utc(rs.getObject(12, OffsetDateTime.class)), rs.getString(13), rs.getString(14));
    }

    /** @return the amount as the contract's number (null stays null: the field is omitted) */
    static Double money(BigDecimal amount) {
        return amount == null ? null : amount.doubleValue();
    }

    private static OffsetDateTime utc(OffsetDateTime t) {
        return t == null ? null : t.withOffsetSameInstant(ZoneOffset.UTC);
    }
}
