package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Optional;

/**
 * Task graphs, task state and lists, output (SSE), cancel and delete; extends the stub generated from {@code specs/openapi/exec.yaml}.
 *
 * <pre>
 * curl -d '{"tasks":[{"id":"a","type":"os.noop"},{"id":"b","type":"os.sleep","params":{"duration_ms":50},"depends_on":["a"]}]}' \
 *      http://127.0.0.1:8080/tasks
 * curl http://127.0.0.1:8080/tasks/b
 * curl 'http://127.0.0.1:8080/tasks?status=running,pending&limit=20'
 * curl -N http://127.0.0.1:8080/tasks/b/output
 * curl -X POST http://127.0.0.1:8080/tasks/b/cancel
 * curl -X DELETE http://127.0.0.1:8080/tasks/b
 * </pre>
 */
final class TasksEndpoint extends TasksService {
    private final ControlPlane plane;
    private final ObjectMapper mapper;
    private final TaskOutput output;

    TasksEndpoint(ControlPlane plane, ObjectMapper mapper, TaskOutput output) {
        this.plane = plane;
        this.mapper = mapper;
        this.output = output;
    }

    @Override
    protected void handleListTasks(ServerRequest request, ServerResponse response, Optional<String> status,
                                   Optional<Integer> limit, Optional<Integer> offset) {
        response.send(plane.list(status, limit.orElse(50), offset.orElse(0)));
    }

    @Override
    protected void handleStreamTaskOutput(ServerRequest request, ServerResponse response, String id) {
        TaskStore.Row row = plane.row(id);
        response.status(Status.OK_200);
        response.header(HeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        response.header(HeaderNames.CACHE_CONTROL, "no-cache");
        response.header("X-Accel-Buffering", "no");
        output.stream(row, response::outputStream);
    }

    @Override
    protected void submitTaskGraph(ServerRequest request, ServerResponse response) {
        var body = JsonBodyReader.json(request, mapper, plane.settings().maxBodyBytes());
        response.status(Status.ACCEPTED_202).send(plane.submit(body));
    }

    @Override
    protected void handleGetTask(ServerRequest request, ServerResponse response, String id) {
        response.send(plane.task(id));
    }

    @Override
    protected void handleDeleteTask(ServerRequest request, ServerResponse response, String id) {
        plane.delete(id);
        response.status(Status.NO_CONTENT_204).send();
    }

    @Override
    protected void handleCancelTask(ServerRequest request, ServerResponse response, String id) {
        response.send(plane.cancel(id));
    }
}
