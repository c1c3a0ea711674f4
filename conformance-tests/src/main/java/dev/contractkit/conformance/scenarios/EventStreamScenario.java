package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.agui.EventOrder;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.ExampleBodies;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.agui.EventSchemas;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code sse_event_schema} and {@code agui_event_order}: runs each POST operation that answers
 * {@code text/event-stream} once with its example body and judges the events.
 */
final class EventStreamScenario {
    private final Contract contract;
    private final CaseGenerator cases;
    private final ScenarioRunner runner;

    EventStreamScenario(Contract contract, CaseGenerator cases, ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.runner = runner;
    }

    void run() {
        contract.document().operations().forEach(this::judgeEventStream);
    }

    /** Runs an SSE operation once with its example body (fresh threadId/runId) and judges every event. */
    private void judgeEventStream(Operation op) {
        if (!op.method().equalsIgnoreCase("POST") || op.node().path("responses").findParents("text/event-stream").isEmpty()) {
            return;
        }
        String label = "event stream: " + op.operationId();
        if (!op.node().path("responses").toString().contains("RUN_STARTED")) {
            // the event schemas the suite knows are AG-UI's; another stream's events have no schema here to judge
            runner.note(Check.SSE_EVENT_SCHEMA.key() + " and " + Check.AGUI_EVENT_ORDER.key() + " of " + op
                    + ": not checked: its text/event-stream does not show AG-UI events (RUN_STARTED ...), the only"
                    + " event schemas the suite knows");
            return;
        }
        if (cases.lacksCredential(op)) {
            runner.note(Check.SSE_EVENT_SCHEMA.key() + " and " + Check.AGUI_EVENT_ORDER.key() + " of " + op + ": "
                    + cases.notChecked(op));
            return;
        }
        Optional<JsonNode> body = ExampleBodies.of(contract.document(), op).map(b -> {
            if (b instanceof ObjectNode o) {
                String fresh = "conformance-" + UUID.randomUUID().toString().substring(0, 8);
                if (o.has("threadId")) {
                    o.put("threadId", fresh);
                }
                if (o.has("runId")) {
                    o.put("runId", fresh + "-run");
                }
            }
            return b;
        });
        Optional<Exchange> sent = runner.send(cases.scenario(op, Map.of(), body, label), Optional.empty());
        if (sent.isEmpty()) {
            return;
        }
        Exchange e = sent.get();
        boolean stream = e.header("Content-Type").orElse("").startsWith("text/event-stream");
        if (e.status() != 200 || !stream) {
            Verdict fail = Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), op.operationId()
                    + " answered " + e.status() + " " + e.header("Content-Type").orElse("") + " to its example body, not a"
                    + " text/event-stream (" + Excerpts.abbreviate(e.body()) + ")");
            runner.verdict(Check.SSE_EVENT_SCHEMA, label, op.operationId(), e.request(), e.status(), fail);
            runner.verdict(Check.AGUI_EVENT_ORDER, label, op.operationId(), e.request(), e.status(), fail);
            return;
        }
        List<JsonNode> events;
        try {
            events = EventSchemas.parseSse(e.body());
        } catch (IllegalArgumentException bad) {
            Verdict fail = Verdict.fail(Exchange.BODY, "", bad.getMessage());
            runner.verdict(Check.SSE_EVENT_SCHEMA, label, op.operationId(), e.request(), e.status(), fail);
            return;
        }
        EventSchemas schemas = EventSchemas.load();
        List<Verdict.Problem> problems = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            for (String p : schemas.validate(events.get(i))) {
                problems.add(new Verdict.Problem(Exchange.BODY + "/events/" + i, events.get(i).toString(), p));
            }
        }
        if (events.isEmpty()) {
            problems.add(new Verdict.Problem(Exchange.BODY, "", "the stream holds no event"));
        }
        runner.verdict(Check.SSE_EVENT_SCHEMA, label, op.operationId(), e.request(), e.status(), Verdict.of(problems));
        List<Verdict.Problem> order = EventOrder.check(events).stream()
                .map(v -> new Verdict.Problem(Exchange.BODY + "/events", "", v)).toList();
        runner.verdict(Check.AGUI_EVENT_ORDER, label, op.operationId(), e.request(), e.status(), Verdict.of(order));
    }
}
