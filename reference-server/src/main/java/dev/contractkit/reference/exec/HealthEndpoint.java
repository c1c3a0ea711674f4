package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.SQLException;

/** {@code GET /health}: liveness, with the runtime URL and the number of unfinished tasks. */
final class HealthEndpoint extends HealthService {
    private final ControlPlane plane;

    HealthEndpoint(ControlPlane plane) {
        this.plane = plane;
    }

    @Override
    protected void handleHealth(ServerRequest request, ServerResponse response) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("status", "ok");
        n.put("schema_version", "adapter.v1");
        n.put("runtime_url", plane.settings().runtimeUrl());
        try {
            n.put("tasks_unfinished", plane.unfinished());
        } catch (SQLException e) {
            throw ApiError.unavailable("the task store is not reachable: " + e.getMessage());
        }
        response.send(n);
    }

    @Override
    public void afterStop() {
        // the generated stub prints a goodbye line; the kit stays quiet
    }
}
