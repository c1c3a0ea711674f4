package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.KitToken;
import io.helidon.http.HeaderNames;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code GET /health}: liveness, open to anyone; the runtime URL, the number of unfinished tasks, the queue depths
 * (tasks in the runtime's queue, tasks waiting for a retry) and the retention only for a caller with the kit token (details are not for anonymous callers, docs/security.md).
 */
final class HealthEndpoint extends HealthService {
    private final ControlPlane plane;
    private final KitToken token;

    HealthEndpoint(ControlPlane plane, KitToken token) {
        this.plane = plane;
        this.token = token;
    }

    @Override
    protected void handleHealth(ServerRequest request, ServerResponse response) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("status", "ok");
        n.put("schema_version", "adapter.v1");
        if (!token.matchesBearer(request.headers().first(HeaderNames.AUTHORIZATION).orElse(null))) {
            response.send(n);
            return;
        }
        n.put("runtime_url", plane.settings().runtimeUrl());
        n.put("tasks_unfinished", plane.unfinished());
        n.put("runtime_queued", plane.runtimeQueued());
        n.put("retry_waiting", plane.retryWaiting());
        n.put("retention_ms", plane.settings().retentionMs());
        response.send(n);
    }
}
