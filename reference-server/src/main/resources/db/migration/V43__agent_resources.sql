-- The agent's resources registered through the API (knowledge bases, MCP servers, skills); the built-in ones stay
-- in agent/workspace.json. `body` holds the kind's fields as JSON (documents, url, instructions); `secret` holds
-- an MCP server's token, which never leaves the server (not in a response, not in an event).
CREATE TABLE agent_resources (
    kind        VARCHAR(10)   NOT NULL,
    id          VARCHAR(64)   NOT NULL,
    name        VARCHAR(200)  NOT NULL,
    description VARCHAR(1000) NOT NULL,
    enabled     BOOLEAN       NOT NULL,
    body        TEXT          NOT NULL,
    secret      VARCHAR(2000),
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (kind, id)
);
