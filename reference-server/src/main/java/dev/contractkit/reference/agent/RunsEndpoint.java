package dev.contractkit.reference.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.reference.platform.ApiError;
import dev.contractkit.reference.platform.Bus;
import dev.contractkit.reference.platform.ContractRules;
import dev.contractkit.reference.platform.Principal;
import dev.contractkit.reference.platform.Signals;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * {@code POST /api/agent} (the SSE run stream), {@code GET /api/v1/threads/{threadId}/runs/{runId}/events}
 * (re-attach), {@code POST /api/v1/runs/{runId}/cancel}, {@code GET /api/v1/threads/{threadId}/history} and the
 * threads' lifecycle ({@code GET /api/v1/threads}, {@code DELETE /api/v1/threads/{threadId}}: {@link ThreadList});
 * extends the stub generated from {@code specs/openapi/agent.yaml}. The run executes on the request's own
 * (virtual) thread and writes each event as it happens; when its client goes away it goes on, storing the events
 * for a re-attach, which reads them from the database (so it works on every replica). A thread is the principal's whose
 * run started it (issue 35.5): another named principal gets 404 for it, its runs and their events, as if they did not
 * exist; a run request is checked against what its principal was granted ({@link GrantCheck}).
 *
 * <pre>
 * curl -N -H 'Content-Type: application/json' -H 'Accept: text/event-stream' \
 *      -d '{"threadId":"t1","runId":"r1","messages":[{"id":"m1","role":"user","content":"Revenue by region?"}]}' \
 *      http://127.0.0.1:8090/api/agent
 * curl -N -H 'Last-Event-ID: 7' http://127.0.0.1:8090/api/v1/threads/t1/runs/r1/events
 * </pre>
 */
final class RunsEndpoint extends RunsService {
    private static final Logger LOG = Logger.getLogger(RunsEndpoint.class.getName());
    /** How long a re-attached reader waits for a signal before it reads the database again (other replicas' runs). */
    private static final Duration POLL = Duration.ofMillis(200);

    /**
     * @param owner   this replica's id, stored with each run it starts
     * @param signals wakes re-attached readers when a run stores an event
     */
    record Attach(String owner, Signals signals) {
    }

    private final ObjectMapper mapper;
    private final ContractRules rules;
    private final AgentStore store;
    private final RunConfigResolver resolver;
    private final Analyst analyst;
    private final ActiveRun.Registry registry;
    private final InputLimits limits;
    private final Bus bus;
    private final Attach attach;
    private final ThreadList threads;
    private final Principals principals;

    RunsEndpoint(ObjectMapper mapper, ContractRules rules, AgentStore store, RunConfigResolver resolver, Analyst analyst,
                 ActiveRun.Registry registry, InputLimits limits, Bus bus, Attach attach, ThreadList threads,
                 Principals principals) {
        this.threads = threads;
        this.principals = principals;
        this.limits = limits;
        this.bus = bus;
        this.attach = attach;
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
        String secret = CredentialScanner.find(input);
        if (secret != null) {
            throw new ApiError(Status.BAD_REQUEST_400, "CREDENTIALS_NOT_ALLOWED", secret
                    + ": credentials are not accepted in a run request; register them with the data source or MCP "
                    + "server on the server");
        }
        String runId = input.path("runId").asText();
        String threadId = input.path("threadId").asText();
        Principal principal = Principal.of(request);
        Grants grants = principals.grants(principal);
        GrantCheck.require(input, grants);
        checkPinned(fp, st, threadId, principal);
        ActiveRun run = registry.open(runId, threadId);
        if (run == null) {
            throw new ApiError(Status.CONFLICT_409, "RUN_ALREADY_ACTIVE", "run '" + runId + "' is already running");
        }
        EventSink sink = null;
        try {
            Set<String> secrets = store.secrets();
            if (!store.startRun(runId, threadId, attach.owner(), ThreadList.title(Question.of(input), secrets), principal)) {
                throw new ApiError(Status.CONFLICT_409, "RUN_EXISTS", "run '" + runId
                        + "' has already run; every run needs a new runId");
            }
            response.status(Status.OK_200);
            response.header(HeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
            response.header(HeaderNames.CACHE_CONTROL, "no-cache");
            response.header("X-Accel-Buffering", "no");
            OutputStream out = response.outputStream();
            sink = new EventSink(mapper, store, run, out, secrets, attach.signals());
            Analyst.FinalStatus ended = analyst.run(input, () -> resolver.resolve(input, store.datasources(),
                    store.fileIds(principal), grants),
                    sink, run);
            String status = switch (ended) {
                case COMPLETED -> "completed";
                case CANCELED -> "canceled";
                case FAILED -> "failed";
            };
            store.status(runId, status, true);
            attach.signals().signal(runId);
        } finally {
            if (sink != null) {
                sink.close(); // an unexpected error too: what was sent gets stored, the writer ends
            }
            registry.close(run);
        }
    }

    /** 400 for a pinned path that names no uploaded file or artifact of this thread (the run-config layer that wins, as in {@link RunConfigResolver}). */
    private void checkPinned(JsonNode fp, JsonNode st, String threadId, Principal principal) {
        boolean inFp = fp.isObject() && fp.hasNonNull("pinnedPaths");
        JsonNode pinned = inFp ? fp.get("pinnedPaths") : st.path("pinnedPaths");
        if (!pinned.isArray()) {
            return;
        }
        List<String> paths = new ArrayList<>();
        pinned.forEach(p -> paths.add(p.asText()));
        PinnedPaths.check((inFp ? "forwardedProps" : "state") + ".run_config.pinnedPaths", paths, store, threadId, principal);
    }

    /**
     * Streams the run's stored events after {@code after}, then each new one, until RUN_FINISHED or RUN_ERROR (or
     * the client goes away again).
     */
    private void attach(ServerResponse response, AgentStore.Run run, int after) {
        response.status(Status.OK_200);
        response.header(HeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        response.header(HeaderNames.CACHE_CONTROL, "no-cache");
        response.header("X-Accel-Buffering", "no");
        Signals signals = attach.signals();
        int last = after;
        try (OutputStream out = response.outputStream()) {
            while (true) {
                long seen = signals.version(run.runId());
                List<AgentStore.StoredEvent> events = store.eventsAfter(run.runId(), last);
                for (AgentStore.StoredEvent e : events) {
                    out.write(("id: " + e.seq() + "\ndata: " + e.payload() + "\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    last = e.seq();
                    if (e.last()) {
                        return;
                    }
                }
                if (events.isEmpty() && store.run(run.runId()).map(r -> r.finishedAt() != null).orElse(true)
                        && store.eventsAfter(run.runId(), last).isEmpty()) {
                    return; // ended without a last event (a run stored before re-attach existed)
                }
                signals.await(run.runId(), seen, POLL);
            }
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.FINE, "agent: a re-attached client of run " + run.runId() + " went away", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    protected void handleStreamRunEvents(ServerRequest request, ServerResponse response, String threadId, String runId,
                                         Optional<Integer> after, Optional<String> lastEventId) {
        int from = after.orElseGet(() -> lastEventId.map(RunsEndpoint::sequence).orElse(-1));
        AgentStore.Run run = store.run(runId).filter(r -> r.threadId().equals(threadId))
                .filter(r -> threads.visible(r.threadId(), Principal.of(request)))
                .orElseThrow(() -> ApiError.notFound("no run '" + runId + "' in thread '" + threadId + "'"));
        attach(response, run, from);
    }

    private static int sequence(String lastEventId) {
        if (!lastEventId.trim().matches("-?[0-9]{1,9}")) {
            throw ApiError.invalid("Last-Event-ID: must be the sequence number of an event (the id: line), was '"
                    + lastEventId + "'");
        }
        return Math.max(-1, Integer.parseInt(lastEventId.trim()));
    }

    @Override
    protected void handleCancelRun(ServerRequest request, ServerResponse response, String runId) {
        Principal principal = Principal.of(request);
        ActiveRun run = registry.get(runId);
        ObjectNode body = mapper.createObjectNode().put("runId", runId);
        if (run != null && !threads.visible(run.threadId(), principal)) {
            throw ApiError.notFound("no run '" + runId + "'"); // another principal's: as a run that does not exist
        }
        if (run != null) {
            store.status(runId, "canceling", false);
            run.cancel("cancel");
            body.put("threadId", run.threadId()).put("status", "canceling");
            response.status(Status.ACCEPTED_202).send(body);
            return;
        }
        AgentStore.Run stored = store.run(runId).filter(r -> threads.visible(r.threadId(), principal))
                .orElseThrow(() -> ApiError.notFound("no run '" + runId + "'"));
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
        if (stored.reason() != null) {
            body.put("reason", stored.reason());
        }
        response.status(Status.OK_200).send(body);
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
    protected void handleListThreads(ServerRequest request, ServerResponse response, Optional<Integer> limit,
                                     Optional<Integer> offset) {
        threads.list(request, response, limit, offset);
    }

    @Override
    protected void handleDeleteThread(ServerRequest request, ServerResponse response, String threadId) {
        threads.delete(request, response, threadId);
    }

    @Override
    protected void handleGetThreadHistory(ServerRequest request, ServerResponse response, String threadId) {
        List<ObjectNode> runs = threads.visible(threadId, Principal.of(request)) ? store.history(threadId) : List.of();
        if (runs.isEmpty()) {
            throw ApiError.notFound("no runs in thread '" + threadId + "'");
        }
        ObjectNode body = mapper.createObjectNode().put("threadId", threadId);
        body.putArray("runs").addAll(runs);
        response.send(body);
    }
}
