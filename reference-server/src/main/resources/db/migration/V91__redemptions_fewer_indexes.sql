-- Issue 37.4: every durable commit of the embedded file rewrites the last leaf (and its path) of each index of
-- `redemptions`; an index no query needs is a cost per redemption. `redemptions_user (user_id, redeemed_at DESC)`
-- served a user's coupons (`WHERE r.user_id = ?`, ordered by redeemed_at and id); the unique constraint
-- `redemptions_user_coupon_order (user_id, coupon_id, order_id)` (V62) starts with user_id and serves that look-up
-- the same, and the order (redeemed_at, then id) is sorted either way. Runs on H2 (PostgreSQL mode) and PostgreSQL.
DROP INDEX redemptions_user;
