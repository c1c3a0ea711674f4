-- execution control plane: listing newest first (GET /tasks) and the retention sweep of finished tasks
CREATE INDEX exec_tasks_created ON exec_tasks (created_at, id);
CREATE INDEX exec_tasks_status_updated ON exec_tasks (status, updated_at);
