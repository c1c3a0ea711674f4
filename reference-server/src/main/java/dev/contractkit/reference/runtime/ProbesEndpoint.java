package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code /readyz} (200 while a process slot or a queue place is free, else 503) and {@code /healthz}; both show
 * the running processes and the queue depth.
 *
 * <pre>
 * curl -i http://127.0.0.1:18080/readyz
 * </pre>
 */
final class ProbesEndpoint extends ProbesService {
    private final ProcessTable table;

    ProbesEndpoint(ProcessTable table) {
        this.table = table;
    }

    @Override
    protected void handleHealthz(ServerRequest request, ServerResponse response) {
        response.send(JsonNodeFactory.instance.objectNode().put("status", "ok").put("running", table.running())
                .put("capacity", table.capacity()).put("queued", table.queued()).put("queue_capacity", table.queueCapacity()));
    }

    @Override
    protected void handleReadyz(ServerRequest request, ServerResponse response) {
        var refusal = table.notReady();
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("status", refusal.isEmpty() ? "ready" : "not_ready");
        n.put("running", table.running());
        n.put("capacity", table.capacity());
        n.put("queued", table.queued());
        n.put("queue_capacity", table.queueCapacity());
        refusal.ifPresent(r -> n.put("reason", r));
        response.status(refusal.isEmpty() ? Status.OK_200 : Status.SERVICE_UNAVAILABLE_503).send(n);
    }
}
