package dev.contractkit.sdk.coupons;

import java.util.Objects;
import java.util.Optional;

/**
 * Filters of the public coupon list: by category (exact, case-sensitive) and by active state (only active coupons
 * unless asked otherwise: the contract's default). Immutable.
 *
 * <pre>{@code
 * CouponList seasonal = coupons.list(CouponFilter.any().category("seasonal").active(true), 20, 0).execute();
 * }</pre>
 */
public final class CouponFilter {
    private static final CouponFilter ANY = new CouponFilter(null, null);

    private final String category;
    private final Boolean active;

    private CouponFilter(String category, Boolean active) {
        this.category = category;
        this.active = active;
    }

    /**
     * @return no filter of its own: every category, and the contract's default for {@code active} (true: the
     * catalogue lists active coupons; {@code active(false)} for the inactive ones)
     */
    public static CouponFilter any() {
        return ANY;
    }

    /**
     * @param category the category, 1 to 50 characters
     * @return this filter, restricted to one category
     */
    public CouponFilter category(String category) {
        return new CouponFilter(Objects.requireNonNull(category, "category == null"), active);
    }

    /**
     * @param active true: only active coupons; false: only inactive ones
     * @return this filter, restricted by active state
     */
    public CouponFilter active(boolean active) {
        return new CouponFilter(category, active);
    }

    /** @return the category, if filtered */
    public Optional<String> category() {
        return Optional.ofNullable(category);
    }

    /** @return the active state, if filtered */
    public Optional<Boolean> active() {
        return Optional.ofNullable(active);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CouponFilter f && Objects.equals(category, f.category) && Objects.equals(active, f.active);
    }

    @Override
    public int hashCode() {
        return Objects.hash(category, active);
    }

    @Override
    public String toString() {
        return "CouponFilter{category=" + category + ", active=" + active + "}";
    }
}
