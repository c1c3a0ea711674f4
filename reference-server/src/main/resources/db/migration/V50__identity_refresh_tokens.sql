-- Refresh tokens of the embedded identity provider, stored as SHA-256 hashes. Each refresh rotates the token
-- (the old one turns 'used'); presenting a used token again revokes its whole family (the login session).
CREATE TABLE idp_refresh_tokens (
    token_hash VARCHAR(64)  PRIMARY KEY,
    family_id  VARCHAR(40)  NOT NULL,
    user_id    VARCHAR(40)  NOT NULL,
    client_id  VARCHAR(100) NOT NULL,
    state      VARCHAR(10)  NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX idp_refresh_tokens_family ON idp_refresh_tokens (family_id);
CREATE INDEX idp_refresh_tokens_user ON idp_refresh_tokens (user_id);
CREATE INDEX idp_refresh_tokens_expiry ON idp_refresh_tokens (expires_at);
