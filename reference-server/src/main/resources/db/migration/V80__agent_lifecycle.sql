-- Issue 35.4: the agent's data has a lifecycle. Threads are listed newest first (by the start of their latest run)
-- and deleted with their runs, events and artifacts; the retention sweep (KIT_AGENT_RETENTION_DAYS) removes old
-- threads, files and artifacts. One row per thread that has runs, kept by the run start; the existing threads are
-- taken from their runs (no title: it is new).
CREATE TABLE agent_threads (
    thread_id  VARCHAR(200) PRIMARY KEY,
    title      VARCHAR(200),
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX agent_threads_newest ON agent_threads (updated_at, thread_id);

INSERT INTO agent_threads (thread_id, created_at, updated_at)
    SELECT thread_id, MIN(started_at), MAX(started_at) FROM agent_runs GROUP BY thread_id;

-- the retention sweep finds old files and artifacts by their age
CREATE INDEX agent_files_created ON agent_files (created_at);
CREATE INDEX agent_artifacts_created ON agent_artifacts (created_at);
-- a thread delete removes a run's artifacts by the run
CREATE INDEX agent_artifacts_run ON agent_artifacts (run_id);
