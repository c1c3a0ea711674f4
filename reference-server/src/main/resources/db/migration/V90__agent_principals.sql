-- Issue 35.5: ownership. Every request has a principal: the kit token's holder is 'operator'; each named token
-- (KIT_AGENT_TOKENS, source 'env', or made through POST /api/v1/principals, source 'api') names one principal.
-- Only a token's SHA-256 (hex) is stored; NULL for a principal of KIT_AGENT_TOKENS that the setting no longer has.
-- `grants` is the JSON array of the resources its runs may use ({kind, id, tools?}).
CREATE TABLE agent_principals (
    name       VARCHAR(64)  PRIMARY KEY,
    token_hash VARCHAR(64),
    source     VARCHAR(10)  NOT NULL,
    grants     TEXT         NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE UNIQUE INDEX agent_principals_token ON agent_principals (token_hash);

-- a thread (with its runs, events and artifacts) belongs to the principal whose run started it, a file to its
-- uploader; what existed before is the operator's
ALTER TABLE agent_threads ADD COLUMN principal VARCHAR(64) DEFAULT 'operator' NOT NULL;
ALTER TABLE agent_files ADD COLUMN principal VARCHAR(64) DEFAULT 'operator' NOT NULL;
CREATE INDEX agent_threads_principal ON agent_threads (principal, updated_at);
CREATE INDEX agent_files_principal ON agent_files (principal, created_at);
