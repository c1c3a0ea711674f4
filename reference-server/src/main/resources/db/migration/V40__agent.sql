-- The agent (seed 000, part B): runs, their stored AG-UI events (for restore), registered data sources
-- (passwords stay here, never in a response or an event) and artifacts (CSV result tables).
CREATE TABLE agent_runs (
    run_id      VARCHAR(200) PRIMARY KEY,
    thread_id   VARCHAR(200) NOT NULL,
    status      VARCHAR(20)  NOT NULL,
    started_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    finished_at TIMESTAMP WITH TIME ZONE
);
CREATE INDEX agent_runs_thread ON agent_runs (thread_id, started_at);

CREATE TABLE agent_events (
    run_id    VARCHAR(200) NOT NULL REFERENCES agent_runs (run_id),
    seq       INTEGER      NOT NULL,
    thread_id VARCHAR(200) NOT NULL,
    type      VARCHAR(40)  NOT NULL,
    payload   TEXT         NOT NULL,
    PRIMARY KEY (run_id, seq)
);

CREATE TABLE agent_datasources (
    id         VARCHAR(64)   PRIMARY KEY,
    name       VARCHAR(200)  NOT NULL,
    jdbc_url   VARCHAR(2000) NOT NULL,
    username   VARCHAR(200),
    password   VARCHAR(500),
    enabled    BOOLEAN       NOT NULL,
    built_in   BOOLEAN       NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE agent_artifacts (
    id         VARCHAR(64)  PRIMARY KEY,
    thread_id  VARCHAR(200) NOT NULL,
    run_id     VARCHAR(200) NOT NULL,
    name       VARCHAR(200) NOT NULL,
    media_type VARCHAR(100) NOT NULL,
    content    TEXT         NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX agent_artifacts_thread ON agent_artifacts (thread_id, created_at);
