package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.agent.model.RunAgentInput;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Bus;
import dev.contractkit.reference.platform.ContractRules;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.OutputStream;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * {@code POST /api/agent} (the SSE run stream), {@code POST /api/v1/runs/{runId}/cancel} and
 * {@code GET /api/v1/threads/{threadId}/history}; extends the stub generated from {@code specs/openapi/agent.yaml}.
 * The run executes on the request's own (virtual) thread and writes each event as it happens.
 *
 * <pre>
 * curl -N -H 'Content-Type: application/json' -H 'Accept: text/event-stream' \
 *      -d '{"threadId":"t1","runId":"r1","messages":[{"id":"m1","role":"user","content":"Revenue by region?"}]}' \
 *      http://127.0.0.1:8090/api/agent
 * </pre>
 */
final class RunsEndpoint extends RunsService {
    private static final Logger LOG = Logger.getLogger(RunsEndpoint.class.getName());

    private final ObjectMapper mapper;
    private final ContractRules rules;
    private final AgentStore store;
    private final RunConfigResolver resolver;
    private final Analyst analyst;
    private final ActiveRun.Registry registry;
    private final InputLimits limits;
    private final Bus bus;

    RunsEndpoint(ObjectMapper mapper, ContractRules rules, AgentStore store, RunConfigResolver resolver, Analyst analyst,
                 ActiveRun.Registry registry, InputLimits limits, Bus bus) {
        this.limits = limits;
        this.bus = bus;
        this.mapper = mapper;
        this.rules = rules;
        this.store = store;
        this.resolver = resolver;
        this.analyst = analyst;
        this.registry = registry;
    }

    @Override
    protected void runAgent(ServerRequest request, ServerResponse response) {
        JsonNode input = ContractRules.jsonBody(request, mapper);
        limits.check(input);
        Map<String, String> problems = rules.body("RunAgentInput", input);
        JsonNode fp = input.path("forwardedProps").path("run_config");
        JsonNode st = input.path("state").path("run_config");
        for (JsonNode rc : List.of(fp, st)) {
            if (!rc.isMissingNode() && !rc.isNull()) {
                String where = rc == fp ? "forwardedProps.run_config" : "state.run_config";
                rules.body("RunConfig", rc).forEach((k, v) -> problems.putIfAbsent(where + "." + k, v));
            }
        }
        if (!problems.isEmpty()) {
            throw ApiError.invalid(problems.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        String secret = Credentials.find(input);
        if (secret != null) {
            throw new ApiError(Status.BAD_REQUEST_400, "CREDENTIALS_NOT_ALLOWED", secret
                    + ": credentials are not accepted in a run request; register them with the data source or MCP "
                    + "server on the server");
        }
        String runId = input.path("runId").asText();
        String threadId = input.path("threadId").asText();
        ActiveRun run = registry.open(runId, threadId);
        if (run == null) {
            throw new ApiError(Status.CONFLICT_409, "RUN_ALREADY_ACTIVE", "run '" + runId + "' is already running");
        }
        try {
            if (!store.startRun(runId, threadId)) {
                throw new ApiError(Status.CONFLICT_409, "RUN_EXISTS", "run '" + runId
                        + "' has already run; every run needs a new runId");
            }
            RunConfigResolver.Resolution config = resolver.resolve(input, store.datasources(),
                    store.files().stream().map(AgentStore.StoredFile::id).collect(Collectors.toSet()));
            response.status(Status.OK_200);
            response.header(HeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
            response.header(HeaderNames.CACHE_CONTROL, "no-cache");
            response.header("X-Accel-Buffering", "no");
            OutputStream out = response.outputStream();
            EventSink sink = new EventSink(mapper, store, run, out, store.secrets());
            Analyst.Outcome outcome = analyst.run(input, config, sink, run);
            String status = switch (outcome) {
                case COMPLETED -> "completed";
                case CANCELED -> "canceled";
                case FAILED -> "failed";
            };
            store.status(runId, status, true);
            sink.close();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "agent: run " + runId + " failed", e);
            throw new ApiError(Status.INTERNAL_SERVER_ERROR_500, "INTERNAL_ERROR", "internal error");
        } finally {
            registry.close(run);
        }
    }

    @Override
    protected void handleRunAgent(ServerRequest request, ServerResponse response, RunAgentInput runAgentInput) {
        throw new IllegalStateException("runAgent is handled above");
    }

    @Override
    protected void handleCancelRun(ServerRequest request, ServerResponse response, String runId) {
        ActiveRun run = registry.get(runId);
        ObjectNode body = mapper.createObjectNode().put("runId", runId);
        try {
            if (run != null) {
                store.status(runId, "canceling", false);
                run.cancel("cancel");
                body.put("threadId", run.threadId()).put("status", "canceling");
                response.status(Status.ACCEPTED_202).send(body);
                return;
            }
            AgentStore.Run stored = store.run(runId).orElseThrow(() -> ApiError.notFound("no run '" + runId + "'"));
            if (stored.status().equals("started") || stored.status().equals("canceling")) {
                // streaming on another replica: the one that runs it acts on the bus message (AgentModule)
                store.status(runId, "canceling", false);
                try {
                    bus.publish(CANCEL_CHANNEL, runId);
                } catch (IllegalStateException e) {
                    throw ApiError.unavailable("the cancel cannot reach the replica that streams run '" + runId
                            + "' (the bus is down); try again");
                }
                body.put("threadId", stored.threadId()).put("status", "canceling");
                response.status(Status.ACCEPTED_202).send(body);
                return;
            }
            body.put("threadId", stored.threadId()).put("status", stored.status());
            response.status(Status.OK_200).send(body);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bus channel of cancel requests for runs streaming on another replica. */
    static final String CANCEL_CHANNEL = "agent-cancel";

    /** @param runId a run another replica was asked to cancel; cancels it if it streams here */
    void cancelledElsewhere(String runId) {
        ActiveRun run = registry.get(runId);
        if (run != null) {
            run.cancel("cancel");
        }
    }

    @Override
    protected void handleGetThreadHistory(ServerRequest request, ServerResponse response, String threadId) {
        try {
            List<ObjectNode> runs = store.history(threadId);
            if (runs.isEmpty()) {
                throw ApiError.notFound("no runs in thread '" + threadId + "'");
            }
            ObjectNode body = mapper.createObjectNode().put("threadId", threadId);
            body.putArray("runs").addAll(runs);
            response.send(body);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
