package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.ExampleBodies;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code sse_event_schema} and {@code agui_event_order}: runs each POST operation that answers
 * {@code text/event-stream} once with its example body; the two checks judge the run ({@code SseEventSchemaCheck},
 * {@code AguiEventOrderCheck}).
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

    /** Runs an SSE operation once with its example body (fresh threadId/runId); the checks judge its events. */
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
        Observation.EventStream run = new Observation.EventStream(op.operationId(), sent.get());
        for (Check check : List.of(Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER)) {
            runner.verdict(check, label, op.operationId(), run.exchange().request(), run.exchange().status(),
                    Checks.of(check).judge(run));
        }
    }
}
