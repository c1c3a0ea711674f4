package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.conformance.checks.Observation.CancelStep.Step;
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
 * a finished one answers 409. Only a live implementation can pass: a mock has no state. This class sends the requests
 * and polls; the check ({@code StateTransitionsCheck}) judges each answer against the table.
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
        if (submitted.isEmpty() || !judge(submit, Step.SUBMIT, running, submitted.get())) {
            return;
        }
        Optional<Exchange> cancelPending = send(cancel, pending, label);
        if (cancelPending.isEmpty() || !judge(cancel, Step.CANCEL_PENDING, pending, cancelPending.get())) {
            return;
        }
        judge(cancel, Step.PENDING_CANCELLED, pending, cancelPending.get());

        Optional<Exchange> run = awaitStatus(running, Set.of("running"), label);
        if (run.isEmpty()) {
            return;
        }
        Optional<Exchange> cancelRunning = send(cancel, running, label);
        if (cancelRunning.isEmpty() || !judge(cancel, Step.CANCEL_RUNNING, running, cancelRunning.get())) {
            return;
        }
        judge(cancel, Step.RUNNING_CANCELLING, running, cancelRunning.get());

        Optional<Exchange> end = awaitStatus(running, TERMINAL, label);
        if (end.isEmpty()) {
            return;
        }
        judge(get, Step.ENDED, running, end.get());
        send(cancel, running, label).ifPresent(a -> judge(cancel, Step.CANCEL_FINISHED, running, a));
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
                verdict(get, e.get(), Checks.of(Check.STATE_TRANSITIONS)
                        .judge(new Observation.CancelWait(id, wanted, status, PATIENCE, e.get())));
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

    /** @return true when the check passed the answer (the table goes on only then) */
    private boolean judge(Operation op, Step step, String taskId, Exchange e) {
        Verdict outcome = Checks.of(Check.STATE_TRANSITIONS).judge(new Observation.CancelStep(step, taskId, e));
        verdict(op, e, outcome);
        return outcome instanceof Verdict.Pass;
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
