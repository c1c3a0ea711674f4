package dev.contractkit.mock.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.agui.EventOrder;
import dev.contractkit.specs.agui.EventSchemas;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.Finding;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import dev.contractkit.mock.http.DeclaredResponses;
import dev.contractkit.mock.http.Json;
import dev.contractkit.mock.http.JsonAnswer;
import dev.contractkit.mock.http.OperationIds;
import dev.contractkit.mock.http.Reply;

/**
 * Responses set through the control API for one operation ({@code PUT /mockserver/kit/responses}): until reset
 * (or for {@code times} requests, after which the response set before it, if any, answers again), the operation answers with the chosen declared status and example, or with a
 * body of the caller's, which must fit the contract's schema for that status: the mock never serves a response
 * that breaks its contract. An operation id several documents of the API share (codehost's v4 and v5) sets each
 * of them, from its own document; a document-qualified id ({@code codehost-v4#getRunner}) sets that one.
 */
public final class Overrides {
    private final Map<ContractDocument.Operation, Operation> operations = new LinkedHashMap<>();
    private final Map<ContractDocument.Operation, Override> active = new ConcurrentHashMap<>();
    private volatile OperationIds ids;

    /** One operation the control API can set. */
    record Operation(ContractDocument.Operation operation, DeclaredResponses responses) {
    }

    /** {@code below}: what a timed override was set over, answering again once it is used up. */
    private record Override(JsonNode request, Reply reply, AtomicInteger remaining, Override below) {
    }

    /** A reply for one operation, or why it cannot be set. */
    private record Prepared(Reply reply, String problem) {
    }

    public synchronized void register(ContractDocument.Operation operation, DeclaredResponses responses) {
        operations.put(operation, new Operation(operation, responses));
        ids = null;
    }

    /** The ids of the registered operations' documents, built when first asked (every operation is known by then). */
    private synchronized OperationIds ids() {
        if (ids == null) {
            ids = new OperationIds(operations.keySet().stream().map(ContractDocument.Operation::document).distinct().toList());
        }
        return ids;
    }

    /** @return the reply set for this operation, counting one use */
    public Optional<Reply> take(ContractDocument.Operation operation) {
        Override o = active.isEmpty() ? null : active.get(operation); // none set: no hashing per request
        if (o == null) {
            return Optional.empty();
        }
        if (o.remaining() != null && o.remaining().getAndDecrement() <= 0) {
            if (o.below() == null) {
                active.remove(operation, o);
                return Optional.empty();
            }
            active.replace(operation, o, o.below());
            return take(operation);
        }
        return Optional.of(o.reply());
    }

    void reset() {
        active.clear();
    }

    public JsonAnswer control(String method, String body) {
        return switch (method) {
            case "GET" -> new JsonAnswer(200, list());
            case "DELETE" -> {
                reset();
                yield new JsonAnswer(200, list());
            }
            case "PUT", "POST" -> set(body);
            default -> new JsonAnswer(405, JsonAnswer.errorBody("METHOD_NOT_ALLOWED", "allowed: GET, PUT, POST, DELETE"));
        };
    }

    private ArrayNode list() {
        ArrayNode out = Json.MAPPER.createArrayNode();
        active.values().stream().map(Override::request).distinct().forEach(out::add);
        return out;
    }

    /**
     * Sets the response of every operation the id names (an operation id: each document's operation of that id;
     * a document-qualified one: that document's), each checked against its own document; all or none.
     */
    private JsonAnswer set(String body) {
        JsonNode req;
        try {
            req = Json.MAPPER.readTree(body == null ? "" : body);
        } catch (Exception e) {
            req = null;
        }
        if (req == null || !req.isObject()) {
            return bad("the body must be a JSON object: {\"operation\": \"<operationId>\", \"status\": 404, "
                    + "\"example\": \"<name>\"} or {..., \"body\": {...}, \"headers\": {...}, \"times\": 1}");
        }
        String id = req.path("operation").asText("");
        OperationIds known = ids();
        List<ContractDocument.Operation> targets;
        try {
            targets = known.resolve(id);
        } catch (IllegalArgumentException e) {
            return bad("'operation' must name an operation of this API; known: " + String.join(", ", known.known()));
        }
        Map<ContractDocument.Operation, Prepared> prepared = new LinkedHashMap<>();
        for (ContractDocument.Operation target : targets) {
            String name = known.several() ? known.qualified(target) : id;
            Prepared p = prepare(name, operations.get(target), req);
            if (p.problem() != null) {
                return bad(p.problem() + (targets.size() > 1 ? " (name one document's operation, e.g. "
                        + known.qualified(targets.get(0)) + ")" : ""));
            }
            prepared.put(target, p);
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        JsonNode request = req;
        // a timed response goes over the one set before, which answers again once the timed one is used up
        prepared.forEach((target, p) -> active.compute(target, (t, before) -> request.has("times")
                ? new Override(request, p.reply(), new AtomicInteger(Math.max(0, request.path("times").asInt())), before)
                : new Override(request, p.reply(), null, null)));
        Operation first = operations.get(targets.get(0));
        out.put("operation", id).put("status", req.path("status").asInt(first.responses().success().status()));
        if (req.has("events")) {
            out.put("events", req.get("events").size());
        }
        if (known.several()) {
            targets.forEach(t -> out.withArray("operations").add(known.qualified(t)));
        }
        return new JsonAnswer(200, out);
    }

    /** The reply the request asks of one operation ({@code name} in messages), or why it cannot be set. */
    private static Prepared prepare(String name, Operation op, JsonNode req) {
        int status = req.path("status").asInt(op.responses().success().status());
        if (status < 100 || status > 599 || op.responses().forCode(status).isEmpty()) {
            return refused("status " + req.path("status") + " is not declared for " + name + "; declared: "
                    + String.join(", ", op.responses().statuses()));
        }
        if (req.has("events")) {
            return events(name, op, status, req);
        }
        Optional<Reply> reply = req.has("body") ? own(op, status, req.get("body"))
                : req.has("example") ? op.responses().named(req.path("example").asText(), Optional.of(status))
                : op.responses().forCode(status).map(e -> e.reply(status));
        if (reply.isEmpty()) {
            return refused("example '" + req.path("example").asText() + "' is not an example of " + name + " under "
                    + status + "; its examples: " + String.join(", ", op.responses().exampleNames()));
        }
        if (req.has("body")) {
            List<Finding> problems = problems(op, status, req.get("body"));
            if (!problems.isEmpty()) {
                return refused("the body breaks the contract's schema for " + name + " " + status + ": "
                        + String.join("; ", problems.stream().map(f -> (f.pointer().isEmpty() ? "" : f.pointer() + ": ") + f.message()).toList()));
            }
        }
        Reply r = reply.get();
        for (Iterator<Map.Entry<String, JsonNode>> h = req.path("headers").fields(); h.hasNext(); ) {
            Map.Entry<String, JsonNode> e = h.next();
            r = r.withHeader(e.getKey(), e.getValue().asText());
        }
        return new Prepared(r, null);
    }

    /**
     * An event stream published on demand for an operation that answers {@code text/event-stream}: every event
     * is checked against the AG-UI event contract and the stream against its ordering rules, then the mock
     * replays exactly these events (as real SSE, with the request's thread and run ids) until reset.
     */
    private static Prepared events(String name, Operation op, int status, JsonNode req) {
        DeclaredResponses.Example declared = op.responses().forCode(status).orElseThrow();
        if (!Json.baseType(declared.mediaType()).equals("text/event-stream")) {
            return refused("'events' is for operations that answer text/event-stream; " + name + " " + status
                    + " answers '" + declared.mediaType() + "' (use 'body' or 'example')");
        }
        JsonNode events = req.get("events");
        if (!events.isArray() || events.isEmpty()) {
            return refused("'events' must be a non-empty array of event objects");
        }
        EventSchemas schemas = EventSchemas.load();
        List<String> problems = new ArrayList<>();
        List<JsonNode> list = new ArrayList<>();
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < events.size(); i++) {
            JsonNode event = events.get(i);
            list.add(event);
            int at = i;
            schemas.validate(event).forEach(p -> problems.add("event " + at + ": " + p));
            body.append("data: ").append(event).append("\n\n");
        }
        EventOrder.check(list).forEach(p -> problems.add("order: " + p));
        if (!problems.isEmpty()) {
            return refused("the events break the event contract: " + String.join("; ", problems));
        }
        return new Prepared(Reply.of(status, declared.mediaType(), body.toString().getBytes(StandardCharsets.UTF_8)), null);
    }

    private static Prepared refused(String problem) {
        return new Prepared(null, problem);
    }

    private static Optional<Reply> own(Operation op, int status, JsonNode body) {
        DeclaredResponses.Example declared = op.responses().forCode(status).orElseThrow();
        String media = declared.mediaType().isEmpty() ? "application/json" : declared.mediaType();
        return Optional.of(Reply.of(status, media, Json.bytes(body, media)));
    }

    private static List<Finding> problems(Operation op, int status, JsonNode body) {
        DeclaredResponses.Example declared = op.responses().forCode(status).orElseThrow();
        if (declared.mediaPointer().isEmpty()) {
            return List.of();
        }
        String schema = declared.mediaPointer() + "/schema";
        ContractDocument doc = op.operation().document();
        return doc.at(schema).isMissingNode() ? List.of() : doc.validator().validate(schema, body, "body");
    }

    private static JsonAnswer bad(String message) {
        return new JsonAnswer(400, JsonAnswer.errorBody("BAD_REQUEST", message));
    }
}
