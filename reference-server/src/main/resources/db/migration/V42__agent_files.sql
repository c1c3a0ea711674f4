-- The agent's workspace files (uploaded through POST /api/v1/files); content as base64 text, portable between
-- H2 and PostgreSQL.
CREATE TABLE agent_files (
    id         VARCHAR(64)  PRIMARY KEY,
    name       VARCHAR(200) NOT NULL,
    media_type VARCHAR(100) NOT NULL,
    size_bytes BIGINT       NOT NULL,
    content    TEXT         NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);
