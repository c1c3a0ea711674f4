package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.io.IOException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code state_transitions} for a control plane (operations {@code submitTaskGraph}, {@code getTask},
 * {@code cancelTask}): the cancel states exec's contract gives {@code cancelTask} ({@code specs/openapi/exec.yaml}). A pending task is cancelled at once; a
 * running one answers {@code cancelling} with the {@code task_cancel_requested} event and ends {@code cancelled};
 * a finished one answers 409. Only a live implementation can pass: a mock has no state.
 */
final class CancelMachine {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TERMINAL = Set.of("success", "failed", "cancelled", "skipped");
    private static final Duration PATIENCE = Duration.ofSeconds(15);

    private final CaseGenerator cases;
    private final ScenarioRunner runner;
    private final Operation submit;
    private final Operation get;
    private final Operation cancel;

    private CancelMachine(CaseGenerator cases, ScenarioRunner runner, Operation submit, Operation get, Operation cancel) {
        this.cases = cases;
        this.runner = runner;
        this.submit = submit;
        this.get = get;
        this.cancel = cancel;
    }

    static Optional<CancelMachine> of(ContractDocument doc, CaseGenerator cases, ScenarioRunner runner) {
        Optional<Operation> submit = doc.operation("submitTaskGraph");
        Optional<Operation> get = doc.operation("getTask");
        Optional<Operation> cancel = doc.operation("cancelTask");
        if (submit.isEmpty() || get.isEmpty() || cancel.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CancelMachine(cases, runner, submit.get(), get.get(), cancel.get()));
    }

    void run() {
        String label = "chain: cancel state machine";
        if (cases.lacksCredential(submit)) {
            runner.note(Check.STATE_TRANSITIONS.key() + " (the cancel state machine of " + submit.operationId() + ", "
                    + cancel.operationId() + "): " + cases.notChecked(submit));
            return;
        }
        String suffix = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        String running = "conformance-running-" + suffix;
        String pending = "conformance-pending-" + suffix;
        JsonNode graph;
        try {
            graph = JSON.readTree("{\"tasks\":[{\"id\":\"" + running + "\",\"type\":\"os.sleep\",\"params\":{\"duration_ms\":30000}},"
                    + "{\"id\":\"" + pending + "\",\"type\":\"os.noop\",\"depends_on\":[\"" + running + "\"]}]}");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Optional<Exchange> submitted = runner.send(cases.scenario(submit, Map.of(), Optional.of(graph), label), Optional.empty());
        if (submitted.isEmpty()) {
            return;
        }
        if (!expectStatus(submit, submitted.get(), 202, "submitting a sleep and a task that depends on it")) {
            return;
        }
        Optional<Exchange> cancelPending = send(cancel, pending, label);
        if (cancelPending.isEmpty() || !expectStatus(cancel, cancelPending.get(), 200, "cancel of a pending task")) {
            return;
        }
        JsonNode item = item(cancelPending.get());
        verdict(cancel, cancelPending.get(), check(item, "status", "cancelled", "a pending task is cancelled at once")
                .or(() -> check(item.path("event"), "type", "task_cancel_requested", "the cancel response carries the event"))
                .orElse(Verdict.PASS));

        Optional<Exchange> run = awaitStatus(running, Set.of("running"), label);
        if (run.isEmpty()) {
            return;
        }
        Optional<Exchange> cancelRunning = send(cancel, running, label);
        if (cancelRunning.isEmpty() || !expectStatus(cancel, cancelRunning.get(), 200, "cancel of a running task")) {
            return;
        }
        JsonNode r = item(cancelRunning.get());
        verdict(cancel, cancelRunning.get(), check(r, "status", "cancelling", "a running task reports cancelling")
                .or(() -> check(r, "task_id", running, "the item names the task"))
                .or(() -> check(r.path("runtime"), "status", "cancelling", "runtime.status is cancelling"))
                .or(() -> check(r.path("runtime").path("error"), "code", "cancelled", "runtime.error.code is cancelled"))
                .or(() -> check(r.path("event"), "type", "task_cancel_requested", "event.type is task_cancel_requested"))
                .or(() -> check(r.path("event"), "task_id", running, "event.task_id names the task"))
                .orElse(Verdict.PASS));

        Optional<Exchange> end = awaitStatus(running, TERMINAL, label);
        if (end.isEmpty()) {
            return;
        }
        JsonNode ended = body(end.get());
        verdict(get, end.get(), check(ended, "status", "cancelled", "a cancelling task ends cancelled").orElse(Verdict.PASS));
        Optional<Exchange> again = send(cancel, running, label);
        again.ifPresent(a -> expectStatus(cancel, a, 409, "cancel of a finished task"));
    }

    private Optional<Exchange> send(Operation op, String id, String label) {
        return runner.send(cases.scenario(op, Map.of("id", TextNode.valueOf(id)), Optional.empty(), label), Optional.empty());
    }

    /** Polls getTask until the status is one of {@code wanted}; a verdict says when it never was. */
    private Optional<Exchange> awaitStatus(String id, Set<String> wanted, String label) {
        long until = System.nanoTime() + PATIENCE.toNanos();
        while (true) {
            Optional<Exchange> e = send(get, id, label);
            if (e.isEmpty()) {
                return e;
            }
            String status = body(e.get()).path("status").asText();
            if (wanted.contains(status)) {
                return e;
            }
            if (System.nanoTime() > until || (e.get().status() != 200)) {
                verdict(get, e.get(), Verdict.fail(Exchange.BODY + "/status", status, "task " + id + " did not reach "
                        + wanted + " within " + PATIENCE.toSeconds() + " s (last status " + status + ")"));
                return Optional.empty();
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    private boolean expectStatus(Operation op, Exchange e, int want, String what) {
        if (e.status() == want) {
            verdict(op, e, Verdict.PASS);
            return true;
        }
        verdict(op, e, Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), what + " answered " + e.status()
                + "; the state table says " + want + " (" + Excerpts.abbreviate(e.body()) + ")"));
        return false;
    }

    private static Optional<Verdict> check(JsonNode node, String field, String want, String rule) {
        JsonNode got = node.path(field);
        if (got.isTextual() && got.asText().equals(want)) {
            return Optional.empty();
        }
        return Optional.of(Verdict.fail(Exchange.BODY + "/" + field, got.isMissingNode() ? "" : got.asText(),
                rule + "; got " + (got.isMissingNode() ? "(absent)" : got.toString())));
    }

    private static JsonNode item(Exchange e) {
        return body(e).path("tasks").path(0);
    }

    private static JsonNode body(Exchange e) {
        try {
            return e.json();
        } catch (IOException ex) {
            return MissingNode.getInstance();
        }
    }

    private void verdict(Operation op, Exchange e, Verdict outcome) {
        runner.verdict(Check.STATE_TRANSITIONS, CaseGenerator.label(op), op.operationId(), e.request(), e.status(), outcome);
    }
}
