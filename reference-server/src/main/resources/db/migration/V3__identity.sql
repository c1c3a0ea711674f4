-- The coupon service's embedded identity provider: users with hashed passwords, and the RS256 signing key.
CREATE TABLE idp_users (
    id            VARCHAR(40)  PRIMARY KEY,
    username      VARCHAR(100) NOT NULL UNIQUE,
    email         VARCHAR(200) NOT NULL,
    first_name    VARCHAR(100) NOT NULL,
    last_name     VARCHAR(100) NOT NULL,
    roles         VARCHAR(400) NOT NULL,
    password_hash VARCHAR(200) NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    last_login    TIMESTAMP WITH TIME ZONE
);

CREATE TABLE idp_keys (
    kid        VARCHAR(64)   PRIMARY KEY,
    jwk        VARCHAR(8000) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);
