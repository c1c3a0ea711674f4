-- execution control plane: tasks and their state (seed 000 A)
CREATE TABLE exec_tasks (
    id          VARCHAR(128) PRIMARY KEY,
    type        VARCHAR(32)  NOT NULL,
    spec        TEXT         NOT NULL,
    status      VARCHAR(16)  NOT NULL,
    handle_id   VARCHAR(200),
    progress    DOUBLE PRECISION NOT NULL DEFAULT 0,
    attempts    INTEGER      NOT NULL DEFAULT 0,
    result      TEXT,
    runtime     TEXT,
    error       TEXT,
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX exec_tasks_status ON exec_tasks (status);
