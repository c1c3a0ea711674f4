package dev.contractkit.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.ExampleBodies;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.checks.Checks;
import dev.contractkit.conformance.checks.Observation;
import dev.contractkit.conformance.checks.Observation.ChainStep.Step;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a declared chain of operations ({@link Chains}) and hands each step to {@code ensure_resource_availability},
 * {@code use_after_free} and {@code state_transitions}, which give the verdicts ({@link Observation.ChainStep}).
 */
final class ChainScenario {
    private static final List<Check> CHECKS = List.of(Check.ENSURE_RESOURCE_AVAILABILITY, Check.STATE_TRANSITIONS,
            Check.USE_AFTER_FREE);
    private final Contract contract;
    private final CaseGenerator cases;
    private final ScenarioRunner runner;

    ChainScenario(Contract contract, CaseGenerator cases, ScenarioRunner runner) {
        this.contract = contract;
        this.cases = cases;
        this.runner = runner;
    }

    /**
     * Runs one declared chain: create (example body), read it back, update (example body) and read the change,
     * delete, read again.
     *
     * @return true when the create succeeded (so the channel owes its message)
     */
    boolean run(Chains.Chain chain) {
        String label = "chain: " + chain.name();
        Operation create = chain.create();
        if (cases.lacksCredential(create)) {
            runner.note("chain " + chain.name() + " (" + chain.source() + "): " + cases.notChecked(create));
            return false;
        }
        Optional<JsonNode> body = ExampleBodies.of(contract.document(), create).map(ExampleBodies::withoutPastTimes)
                .map(b -> cases.unique(create, b, "chain"));
        Optional<Exchange> created = runner.send(cases.scenario(create, Map.of(), body, label), Optional.empty());
        if (created.isEmpty()) {
            return false;
        }
        Exchange c = created.get();
        if (c.status() < 200 || c.status() >= 300) {
            runner.note("chain " + chain.name() + " (" + chain.source() + ") did not start: " + create.operationId()
                    + " answered " + c.status() + " to its example body (" + Excerpts.abbreviate(c.body()) + ")");
            return false;
        }
        JsonNode id = jsonAt(c, chain.idPointer());
        observe(chain, Step.CREATE, id, c, Optional.empty(), create, c);
        if (!id.isValueNode()) {
            return true;
        }
        Map<String, JsonNode> ids = Map.of(chain.idParam(), id);
        Operation read = chain.read();
        Optional<Exchange> first = runner.send(cases.scenario(read, ids, Optional.empty(), label), Optional.empty());
        if (first.isEmpty()) {
            return true;
        }
        observe(chain, Step.READ_AFTER_CREATE, id, c, Optional.empty(), read, first.get());
        if (first.get().status() != 200) {
            return true;
        }
        if (chain.update().isPresent() && !update(chain, id, c, ids, label)) {
            return true;
        }
        if (chain.delete().isPresent()) {
            deleteAndRead(chain, id, c, ids, label);
        }
        return true;
    }

    /** @return false when the chain cannot go on */
    private boolean update(Chains.Chain chain, JsonNode id, Exchange created, Map<String, JsonNode> ids, String label) {
        Operation update = chain.update().orElseThrow();
        Optional<JsonNode> body = ExampleBodies.of(contract.document(), update).map(ExampleBodies::withoutPastTimes);
        Optional<Exchange> updated = runner.send(cases.scenario(update, ids, body, label), Optional.empty());
        if (updated.isEmpty()) {
            return false;
        }
        Exchange u = updated.get();
        observe(chain, Step.UPDATE, id, created, body, update, u);
        if (u.status() < 200 || u.status() >= 300) {
            return false;
        }
        Optional<Exchange> after = runner.send(cases.scenario(chain.read(), ids, Optional.empty(), label), Optional.empty());
        if (after.isEmpty()) {
            return false;
        }
        observe(chain, Step.READ_AFTER_UPDATE, id, created, body, chain.read(), after.get());
        // after an update whose body is no object there is nothing to compare: the chain goes on whatever the read answered
        return !(body.isPresent() && body.get() instanceof ObjectNode) || after.get().status() == 200;
    }

    private void deleteAndRead(Chains.Chain chain, JsonNode id, Exchange created, Map<String, JsonNode> ids, String label) {
        Operation delete = chain.delete().orElseThrow();
        Optional<Exchange> deleted = runner.send(cases.scenario(delete, ids, Optional.empty(), label), Optional.empty());
        if (deleted.isEmpty()) {
            return;
        }
        observe(chain, Step.DELETE, id, created, Optional.empty(), delete, deleted.get());
        if (deleted.get().status() < 200 || deleted.get().status() >= 300) {
            return;
        }
        runner.send(cases.scenario(chain.read(), ids, Optional.empty(), label), Optional.empty()).ifPresent(a ->
                observe(chain, Step.READ_AFTER_DELETE, id, created, Optional.empty(), chain.read(), a));
    }

    private static JsonNode jsonAt(Exchange e, String pointer) {
        try {
            return e.json().at(pointer);
        } catch (IOException | IllegalArgumentException ex) {
            return MissingNode.getInstance();
        }
    }

    /** Each chain check judges the step (at most one of them has a verdict on it). */
    private void observe(Chains.Chain chain, Step step, JsonNode id, Exchange created, Optional<JsonNode> sent,
                         Operation op, Exchange e) {
        Observation.ChainStep observed = new Observation.ChainStep(chain, step, id, created.status(), sent, e);
        for (Check check : CHECKS) {
            runner.verdict(check, CaseGenerator.label(op), op.operationId(), e.request(), e.status(),
                    Checks.of(check).judge(observed));
        }
    }
}
