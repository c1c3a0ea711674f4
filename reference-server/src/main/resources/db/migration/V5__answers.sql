-- The answer service's API keys (only a SHA-256 hash of each key is kept) and their quota usage.
CREATE TABLE answer_keys (
    id             VARCHAR(40)  PRIMARY KEY,
    name           VARCHAR(100) NOT NULL,
    key_hash       VARCHAR(64)  NOT NULL UNIQUE,
    total_limit    INTEGER      NOT NULL,
    window_seconds BIGINT       NOT NULL,
    created_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    revoked_at     TIMESTAMP WITH TIME ZONE
);

-- used = answer requests processed in the window that starts at window_start
CREATE TABLE answer_usage (
    key_id       VARCHAR(40) NOT NULL REFERENCES answer_keys (id),
    window_start TIMESTAMP WITH TIME ZONE NOT NULL,
    used         INTEGER     NOT NULL,
    PRIMARY KEY (key_id, window_start)
);
