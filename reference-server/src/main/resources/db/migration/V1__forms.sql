-- Payment forms (seed 001, B1). Money in cents of the form's currency.
CREATE TABLE forms (
    id                        BIGINT PRIMARY KEY,
    title                     VARCHAR(200) NOT NULL,
    access_token              VARCHAR(64)  NOT NULL UNIQUE,
    currency                  CHAR(3)      NOT NULL,
    payment_volume            BIGINT       NOT NULL DEFAULT 0 CHECK (payment_volume >= 0),
    successful_checkout_count BIGINT       NOT NULL DEFAULT 0 CHECK (successful_checkout_count >= 0),
    created_at                TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at                TIMESTAMP WITH TIME ZONE NOT NULL
);
