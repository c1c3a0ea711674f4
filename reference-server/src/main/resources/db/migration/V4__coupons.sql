-- Coupons (seed 001, B2): the catalogue and the redemptions. Runs on H2 (PostgreSQL mode) and PostgreSQL.
CREATE TABLE coupons (
    id               VARCHAR(64)   PRIMARY KEY,
    title            VARCHAR(200)  NOT NULL,
    description      VARCHAR(2000),
    discount_percent INTEGER       NOT NULL CHECK (discount_percent BETWEEN 1 AND 100),
    category         VARCHAR(50),
    valid_until      TIMESTAMP WITH TIME ZONE,
    active           BOOLEAN       NOT NULL,
    usage_limit      INTEGER       CHECK (usage_limit >= 1),
    usage_count      INTEGER       NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
    terms_conditions VARCHAR(5000),
    created_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    created_by       VARCHAR(64)   NOT NULL,
    updated_by       VARCHAR(64)   NOT NULL,
    -- set once coupon_expired (reason expired) went out for the current valid_until
    expiry_announced BOOLEAN       NOT NULL DEFAULT FALSE
);
CREATE INDEX coupons_newest ON coupons (created_at DESC, id);
CREATE INDEX coupons_category ON coupons (category);
CREATE INDEX coupons_expiry ON coupons (expiry_announced, valid_until);

-- One row per redemption; an order redeems a coupon at most once (the UNIQUE constraint decides races).
CREATE TABLE redemptions (
    id              VARCHAR(64)  PRIMARY KEY,
    coupon_id       VARCHAR(64)  NOT NULL REFERENCES coupons (id),
    order_id        VARCHAR(128) NOT NULL,
    user_id         VARCHAR(64)  NOT NULL,
    discount_amount INTEGER      NOT NULL,
    redeemed_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT redemptions_coupon_order UNIQUE (coupon_id, order_id)
);
CREATE INDEX redemptions_user ON redemptions (user_id, redeemed_at DESC);

-- Users of an external identity provider, as first seen by the service (profile created_at).
CREATE TABLE coupon_users_seen (
    id         VARCHAR(64) PRIMARY KEY,
    first_seen TIMESTAMP WITH TIME ZONE NOT NULL
);
