package dev.contractkit.reference.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.util.Arrays;
import java.util.TreeSet;

/**
 * The adapter.v1 endpoints; extends the stub generated from {@code specs/openapi/exec.yaml}.
 *
 * <pre>
 * curl http://127.0.0.1:8080/adapters/capabilities
 * curl http://127.0.0.1:8080/adapters/tools
 * curl -d '{"action":{"kind":"sleep","input":{"duration_ms":100}}}' http://127.0.0.1:8080/adapters/translate
 * curl -d '{"action_id":"a1","action":{"kind":"os.noop"}}' http://127.0.0.1:8080/adapters/actions
 * </pre>
 */
final class AdaptersEndpoint extends AdaptersService {
    private final ControlPlane plane;
    private final ObjectMapper mapper;

    AdaptersEndpoint(ControlPlane plane, ObjectMapper mapper) {
        this.plane = plane;
        this.mapper = mapper;
    }

    @Override
    protected void act(ServerRequest request, ServerResponse response) {
        var body = JsonBodyReader.json(request, mapper, plane.settings().maxBodyBytes());
        response.status(Status.ACCEPTED_202).send(plane.act(body));
    }

    @Override
    protected void translate(ServerRequest request, ServerResponse response) {
        response.send(plane.translate(JsonBodyReader.json(request, mapper, plane.settings().maxBodyBytes())));
    }

    @Override
    protected void handleGetCapabilities(ServerRequest request, ServerResponse response) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("schema_version", "adapter.v1");
        n.put("translation_version", "agent.v1");
        n.putArray("profiles").add("generic").add("claudecode").add("codex").add("openclaw");
        ArrayNode kinds = n.putArray("action_kinds");
        Arrays.stream(ActionKind.values()).forEach(k -> kinds.add(k.id()));
        ObjectNode aliases = n.putObject("aliases");
        ActionKind.aliasTable().forEach(aliases::put);
        ArrayNode enabled = n.putArray("enabled_kinds");
        plane.settings().enabledKinds().forEach(k -> enabled.add(k.id()));
        n.putArray("compatibility_notes")
                .add("act executes, translate only translates; both answer the agent.v1 translation")
                .add("kinds outside enabled_kinds translate but act refuses them with 403 action_disabled")
                .add("cancel is the means of execution control; DELETE /tasks/{id} is state clean-up only")
                .add("runtime.* actions run on the runtime service at " + plane.settings().runtimeUrl());
        response.send(n);
    }

    @Override
    protected void handleGetTools(ServerRequest request, ServerResponse response) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("schema_version", "adapter.v1");
        ArrayNode tools = n.putArray("tools");
        // only what can run here: a kind the operator did not enable is not offered to an agent as a tool
        for (ActionKind k : plane.settings().enabledKinds()) {
            ObjectNode t = tools.addObject();
            t.put("name", k.aliases().isEmpty() ? k.id() : k.aliases().get(0));
            t.put("action_kind", k.id());
            t.put("category", k.category());
            t.put("description", k.description());
            try {
                ObjectNode schema = (ObjectNode) mapper.readTree(k.inputSchema());
                if (k == ActionKind.MCP_CALL) { // the servers it can call
                    ArrayNode names = ((ObjectNode) schema.path("properties").path("server")).putArray("enum");
                    new TreeSet<>(plane.settings().mcp().servers().keySet()).forEach(names::add);
                }
                t.set("input_schema", schema);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            ArrayNode a = t.putArray("aliases");
            k.aliases().forEach(a::add);
        }
        response.send(n);
    }
}
