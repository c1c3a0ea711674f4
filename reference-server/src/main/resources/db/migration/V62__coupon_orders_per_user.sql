-- An order id is the caller's own (issue 34.9): a coupon is redeemed once per user and order, so another user's
-- order with the same id is another order (and no user learns or blocks another's order ids). Runs on H2
-- (PostgreSQL mode) and PostgreSQL.
ALTER TABLE redemptions DROP CONSTRAINT redemptions_coupon_order;
ALTER TABLE redemptions ADD CONSTRAINT redemptions_user_coupon_order UNIQUE (user_id, coupon_id, order_id);
