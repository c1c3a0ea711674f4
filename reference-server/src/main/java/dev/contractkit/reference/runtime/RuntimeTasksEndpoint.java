package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.runtime.model.RuntimeTaskRequest;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Processes: start, read, events, kill; extends the stub generated from {@code specs/openapi/runtime.yaml}.
 *
 * <pre>
 * curl -d '{"kind":"command","command":["echo","hi"]}' http://127.0.0.1:18080/api/v1/tasks
 * curl http://127.0.0.1:18080/api/v1/tasks/rt-3f2a9c
 * curl http://127.0.0.1:18080/api/v1/tasks/rt-3f2a9c/events
 * curl -X POST http://127.0.0.1:18080/api/v1/tasks/rt-3f2a9c/kill
 * </pre>
 */
final class RuntimeTasksEndpoint extends TasksService {
    private final ProcessTable table;
    private final ContractRules rules;
    private final ObjectMapper mapper;
    private final int maxBodyBytes;

    RuntimeTasksEndpoint(ProcessTable table, ContractRules rules, ObjectMapper mapper, int maxBodyBytes) {
        this.table = table;
        this.rules = rules;
        this.mapper = mapper;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void startTask(ServerRequest request, ServerResponse response) {
        JsonNode body = body(request);
        Map<String, String> problems = rules.body("RuntimeTaskRequest", body);
        if (!problems.isEmpty()) {
            throw ProcessTable.invalid(problems.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        response.status(Status.ACCEPTED_202).send(table.start(body).toJson());
    }

    private JsonNode body(ServerRequest request) {
        if (!request.content().hasEntity()) {
            throw ProcessTable.invalid("a JSON body is required");
        }
        byte[] bytes;
        try (InputStream in = request.content().inputStream()) {
            bytes = in.readNBytes(maxBodyBytes + 1);
        } catch (IOException e) {
            throw ProcessTable.invalid("cannot read the request body: " + e.getMessage());
        }
        if (bytes.length > maxBodyBytes) {
            throw new ApiError(Status.REQUEST_ENTITY_TOO_LARGE_413, "body_too_large",
                    "request body is larger than " + maxBodyBytes + " bytes");
        }
        try {
            JsonNode n = mapper.readTree(bytes);
            if (n == null || n.isMissingNode()) {
                throw ProcessTable.invalid("a JSON body is required");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw ProcessTable.invalid("malformed JSON body: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ProcessTable.invalid("malformed JSON body: " + e.getMessage());
        }
    }

    @Override
    protected void handleStartTask(ServerRequest request, ServerResponse response, RuntimeTaskRequest runtimeTaskRequest) {
        throw new IllegalStateException("startTask() reads the body itself");
    }

    @Override
    protected void handleGetRuntimeTask(ServerRequest request, ServerResponse response, String ref) {
        response.send(table.find(ref).toJson());
    }

    @Override
    protected void handleGetRuntimeTaskEvents(ServerRequest request, ServerResponse response, String ref) {
        response.send(table.find(ref).eventsJson());
    }

    @Override
    protected void handleKillTask(ServerRequest request, ServerResponse response, String ref) {
        RuntimeProcess p = table.find(ref);
        try {
            p.kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiError.unavailable("interrupted while ending the process tree");
        }
        response.send(p.toJson());
    }

    @Override
    public void afterStop() {
        // the generated stub prints a goodbye line; the kit stays quiet
    }
}
