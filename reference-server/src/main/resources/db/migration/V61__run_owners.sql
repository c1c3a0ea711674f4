-- Issue 21: which replica (process) owns an unfinished agent run or exec task, and that replica's heartbeat, so
-- that a surviving replica (or the next start) ends the runs and tasks of one that died.
CREATE TABLE kit_leases (
    replica_id   VARCHAR(100) PRIMARY KEY,
    started_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    heartbeat_at TIMESTAMP WITH TIME ZONE NOT NULL
);

ALTER TABLE agent_runs ADD COLUMN owner VARCHAR(100);
ALTER TABLE agent_runs ADD COLUMN reason VARCHAR(500);
CREATE INDEX agent_runs_unfinished ON agent_runs (status, owner);

ALTER TABLE exec_tasks ADD COLUMN owner VARCHAR(100);
CREATE INDEX exec_tasks_owner ON exec_tasks (status, owner);
