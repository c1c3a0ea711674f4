package dev.contractkit.sdk.coupons;

import dev.contractkit.sdk.coupons.events.model.CouponCreatedData;
import dev.contractkit.sdk.coupons.events.model.CouponExpiredData;
import dev.contractkit.sdk.coupons.events.model.CouponUpdatedData;
import dev.contractkit.sdk.coupons.events.model.UsageUpdatedData;

import java.time.OffsetDateTime;

/**
 * One message of the real-time coupon channel ({@code /ws/coupons}, contract
 * {@code specs/asyncapi/coupon-updates.yaml}); {@code data} is the contract's payload, generated from the
 * AsyncAPI document.
 *
 * <pre>{@code
 * try (CouponSubscription updates = coupons.subscribe(event -> {
 *     switch (event) {
 *         case CouponEvent.Created c -> System.out.println("new: " + c.data().getTitle());
 *         case CouponEvent.Updated u -> System.out.println("changed: " + u.data().getId());
 *         case CouponEvent.Expired e -> System.out.println("gone: " + e.data().getReason());
 *         case CouponEvent.UsageUpdated u -> System.out.println("used " + u.data().getUsageCount() + " times");
 *         case CouponEvent.Unknown u -> { }   // a newer server's message type
 *     }
 * })) {
 *     ...
 * }
 * }</pre>
 */
public sealed interface CouponEvent {
    /** @return the message type, e.g. {@code coupon_created} */
    String type();

    /**
     * {@code coupon_created}: a new coupon is available.
     *
     * @param data      id, title and discount of the new coupon
     * @param timestamp when it was created
     */
    record Created(CouponCreatedData data, OffsetDateTime timestamp) implements CouponEvent {
        @Override
        public String type() {
            return "coupon_created";
        }
    }

    /**
     * {@code coupon_updated}: a coupon's details changed.
     *
     * @param data      id, {@code updated_at} and the changed fields (the others are null)
     * @param timestamp when the update happened
     */
    record Updated(CouponUpdatedData data, OffsetDateTime timestamp) implements CouponEvent {
        @Override
        public String type() {
            return "coupon_updated";
        }
    }

    /**
     * {@code coupon_expired}: a coupon can no longer be redeemed.
     *
     * @param data      id, reason ({@code expired}, {@code deactivated}, {@code deleted}, {@code exhausted}) and end of validity
     * @param timestamp when it stopped being valid
     */
    record Expired(CouponExpiredData data, OffsetDateTime timestamp) implements CouponEvent {
        @Override
        public String type() {
            return "coupon_expired";
        }
    }

    /**
     * {@code usage_updated}: a coupon was redeemed.
     *
     * @param data      id, usage count and limit
     * @param timestamp when the redemption happened
     */
    record UsageUpdated(UsageUpdatedData data, OffsetDateTime timestamp) implements CouponEvent {
        @Override
        public String type() {
            return "usage_updated";
        }
    }

    /**
     * A frame this SDK cannot map: a message type it does not know (a newer server), or a payload that breaks
     * the contract.
     *
     * @param type the frame's {@code type}, empty when it has none
     * @param json the frame as received
     */
    record Unknown(String type, String json) implements CouponEvent {
    }
}
