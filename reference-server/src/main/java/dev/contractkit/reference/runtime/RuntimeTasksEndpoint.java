package dev.contractkit.reference.runtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Processes: start (queued while every slot is busy), read, events, kill; extends the stub generated from {@code specs/openapi/runtime.yaml}.
 *
 * <p>Starting a task is refused with 403 {@code commands_disabled} unless {@code KIT_RUNTIME_ALLOW_COMMANDS=true};
 * every operation needs the kit token (checked by the listener's filter before this class sees the request).
 *
 * <pre>
 * H="Authorization: Bearer $(cat data/kit-token)"
 * curl -H "$H" -H 'Content-Type: application/json' -d '{"kind":"command","command":["echo","hi"]}' \
 *      http://127.0.0.1:18080/api/v1/tasks
 * curl -H "$H" http://127.0.0.1:18080/api/v1/tasks/rt-6f1c2a0e-...
 * curl -H "$H" http://127.0.0.1:18080/api/v1/tasks/rt-6f1c2a0e-.../events
 * curl -H "$H" -X POST http://127.0.0.1:18080/api/v1/tasks/rt-6f1c2a0e-.../kill
 * </pre>
 */
final class RuntimeTasksEndpoint extends TasksService {
    private final ProcessTable table;
    private final ContractRules rules;
    private final ObjectMapper mapper;
    private final int maxBodyBytes;
    private final boolean allowCommands;

    RuntimeTasksEndpoint(ProcessTable table, ContractRules rules, ObjectMapper mapper, int maxBodyBytes, boolean allowCommands) {
        this.table = table;
        this.rules = rules;
        this.mapper = mapper;
        this.maxBodyBytes = maxBodyBytes;
        this.allowCommands = allowCommands;
    }

    @Override
    protected void startTask(ServerRequest request, ServerResponse response) {
        if (!allowCommands) {
            throw new ApiError(Status.FORBIDDEN_403, "commands_disabled", "command and script tasks are disabled on this "
                    + "runtime service; the operator enables them with KIT_RUNTIME_ALLOW_COMMANDS=true (every call then "
                    + "also needs Authorization: Bearer <kit token>, from KIT_TOKEN or the data directory's kit-token file)");
        }
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
            table.kill(p);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiError.unavailable("interrupted while ending the process tree");
        }
        response.send(p.toJson());
    }
}
