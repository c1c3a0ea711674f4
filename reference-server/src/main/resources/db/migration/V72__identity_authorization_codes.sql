-- The embedded identity provider's authorization-code flow (issue 36.8): codes are stored only as SHA-256
-- hashes, single-use (used turns true once), short-lived, bound to the client, the redirect URI and the PKCE
-- challenge (S256). Profile fields become optional: they come from KIT_COUPONS_USERS, and the values the
-- provider used to make up (<username>@example.com, last name "Kit") are cleared so the configured ones can
-- replace them. Runs on H2 (PostgreSQL mode) and PostgreSQL. Numbered 70 to stay clear of other changes' numbers.
CREATE TABLE idp_auth_codes (
    code_hash      VARCHAR(64)   PRIMARY KEY,
    client_id      VARCHAR(100)  NOT NULL,
    redirect_uri   VARCHAR(2000) NOT NULL,
    user_id        VARCHAR(40)   NOT NULL,
    code_challenge VARCHAR(128)  NOT NULL,
    nonce          VARCHAR(500),
    scope          VARCHAR(200)  NOT NULL,
    session_id     VARCHAR(40)   NOT NULL,
    auth_time      TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    used           BOOLEAN       NOT NULL
);
CREATE INDEX idp_auth_codes_expiry ON idp_auth_codes (expires_at);

ALTER TABLE idp_users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE idp_users ALTER COLUMN first_name DROP NOT NULL;
ALTER TABLE idp_users ALTER COLUMN last_name DROP NOT NULL;
UPDATE idp_users SET email = NULL, first_name = NULL, last_name = NULL
    WHERE last_name = 'Kit' AND email = CONCAT(username, '@example.com');
