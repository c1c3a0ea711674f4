-- Issue 36: a redemption keeps its own amounts and the redeeming user's state, so that a user's coupon status comes
-- from that user's redemption, not from the coupon's global usage. Runs on H2 (PostgreSQL mode) and PostgreSQL.
--   discount_percent: the coupon's percentage at redemption (what discount_amount held until now);
--   order_amount:     the order total the request gave (NULL: none given, or recorded before this migration);
--   discount_amount:  the discount in money of the order's currency (NULL when the order amount is unknown);
--   status:           'active', or 'used' when this redemption took the coupon's last use.
ALTER TABLE redemptions ADD COLUMN discount_percent INTEGER;
UPDATE redemptions SET discount_percent = discount_amount;
ALTER TABLE redemptions ALTER COLUMN discount_percent SET NOT NULL;
ALTER TABLE redemptions ALTER COLUMN discount_amount SET DATA TYPE NUMERIC(14, 2);
ALTER TABLE redemptions ALTER COLUMN discount_amount DROP NOT NULL;
UPDATE redemptions SET discount_amount = NULL;
ALTER TABLE redemptions ADD COLUMN order_amount NUMERIC(14, 2);
ALTER TABLE redemptions ADD COLUMN status VARCHAR(16) DEFAULT 'active' NOT NULL;
-- An earlier redemption that took a coupon's last use (the newest redemption of an exhausted coupon) is 'used'.
UPDATE redemptions SET status = 'used' WHERE id IN (
    SELECT r.id FROM redemptions r JOIN coupons c ON c.id = r.coupon_id
    WHERE c.usage_limit IS NOT NULL AND c.usage_count >= c.usage_limit
      AND r.redeemed_at = (SELECT MAX(r2.redeemed_at) FROM redemptions r2 WHERE r2.coupon_id = r.coupon_id));
