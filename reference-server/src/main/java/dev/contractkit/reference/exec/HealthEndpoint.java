package dev.contractkit.reference.exec;

import dev.contractkit.reference.platform.Admission;
import dev.contractkit.reference.platform.Principal;

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
    HealthEndpoint(ControlPlane plane) {
        this.plane = plane;
    }

    @Override
    protected void handleHealth(ServerRequest request, ServerResponse response) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("status", "ok");
        n.put("schema_version", "adapter.v1");
        // a public operation: its admission still knows a caller who sent the kit token
        if (Admission.caller(request).map(Admission.Caller::principal).filter(Principal.OPERATOR::equals).isEmpty()) {
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
