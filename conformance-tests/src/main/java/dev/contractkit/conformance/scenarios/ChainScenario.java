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
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import dev.contractkit.specs.check.ContractDocument.Operation;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ensure_resource_availability}, {@code use_after_free} and {@code state_transitions} of a declared
 * chain of operations ({@link Chains}).
 */
final class ChainScenario {
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
        if (!id.isValueNode()) {
            verdict(Check.ENSURE_RESOURCE_AVAILABILITY, create, c, Verdict.fail(Exchange.BODY + chain.idPointer(),
                    "", create.operationId() + " answered " + c.status() + " without the new id at " + chain.idPointer()
                            + " (" + chain.source() + ")"));
            return true;
        }
        Map<String, JsonNode> ids = Map.of(chain.idParam(), id);
        Operation read = chain.read();
        Optional<Exchange> first = runner.send(cases.scenario(read, ids, Optional.empty(), label), Optional.empty());
        if (first.isEmpty()) {
            return true;
        }
        verdict(Check.ENSURE_RESOURCE_AVAILABILITY, read, first.get(), first.get().status() == 200 ? Verdict.PASS
                : Verdict.fail(Exchange.STATUS, Integer.toString(first.get().status()), read.operationId() + " of "
                + id + ", just created by " + create.operationId() + " (" + c.status() + "), answered "
                + first.get().status() + "; a created resource is available at once (200)"));
        if (first.get().status() != 200) {
            return true;
        }
        if (chain.update().isPresent() && !update(chain, ids, label)) {
            return true;
        }
        if (chain.delete().isPresent()) {
            deleteAndRead(chain, id, ids, label);
        }
        return true;
    }

    /** @return false when the chain cannot go on */
    private boolean update(Chains.Chain chain, Map<String, JsonNode> ids, String label) {
        Operation update = chain.update().orElseThrow();
        Optional<JsonNode> body = ExampleBodies.of(contract.document(), update).map(ExampleBodies::withoutPastTimes);
        Optional<Exchange> updated = runner.send(cases.scenario(update, ids, body, label), Optional.empty());
        if (updated.isEmpty()) {
            return false;
        }
        Exchange u = updated.get();
        if (u.status() < 200 || u.status() >= 300) {
            verdict(Check.STATE_TRANSITIONS, update, u, Verdict.fail(Exchange.STATUS, Integer.toString(u.status()),
                    update.operationId() + " of a resource just created and read answered " + u.status()
                            + " to its example body; expected 2xx (" + Excerpts.abbreviate(u.body()) + ")"));
            return false;
        }
        Optional<Exchange> after = runner.send(cases.scenario(chain.read(), ids, Optional.empty(), label), Optional.empty());
        if (after.isEmpty() || body.isEmpty() || !(body.get() instanceof ObjectNode sent)) {
            return after.isPresent();
        }
        Exchange a = after.get();
        List<Verdict.Problem> problems = new ArrayList<>();
        JsonNode read = jsonAt(a, "");
        sent.fields().forEachRemaining(f -> {
            JsonNode got = read.path(f.getKey());
            if (f.getValue().isValueNode() && !f.getValue().isNull() && !got.isMissingNode()
                    && !sameValue(f.getValue(), got)) {
                problems.add(new Verdict.Problem(Exchange.BODY + "/" + f.getKey(), got.toString(),
                        chain.read().operationId() + " after " + update.operationId() + " shows " + f.getKey() + " = "
                                + got + "; the update set it to " + f.getValue()));
            }
        });
        verdict(Check.STATE_TRANSITIONS, chain.read(), a, a.status() != 200
                ? Verdict.fail(Exchange.STATUS, Integer.toString(a.status()), chain.read().operationId()
                + " after " + update.operationId() + " answered " + a.status() + "; expected 200")
                : Verdict.of(problems));
        return a.status() == 200;
    }

    private void deleteAndRead(Chains.Chain chain, JsonNode id, Map<String, JsonNode> ids, String label) {
        Operation delete = chain.delete().orElseThrow();
        Operation read = chain.read();
        Optional<Exchange> deleted = runner.send(cases.scenario(delete, ids, Optional.empty(), label), Optional.empty());
        if (deleted.isEmpty()) {
            return;
        }
        Exchange d = deleted.get();
        Check judged = chain.softDelete().isPresent() ? Check.STATE_TRANSITIONS : Check.USE_AFTER_FREE;
        if (d.status() < 200 || d.status() >= 300) {
            verdict(judged, delete, d, Verdict.fail(Exchange.STATUS, Integer.toString(d.status()),
                    delete.operationId() + " of " + id + " (created and read just before) answered " + d.status()
                            + "; expected 2xx"));
            return;
        }
        Optional<Exchange> after = runner.send(cases.scenario(read, ids, Optional.empty(), label), Optional.empty());
        if (after.isEmpty()) {
            return;
        }
        Exchange a = after.get();
        if (chain.softDelete().isEmpty()) {
            verdict(Check.USE_AFTER_FREE, read, a, a.status() == 404 || a.status() == 410 ? Verdict.PASS
                    : Verdict.fail(Exchange.STATUS, Integer.toString(a.status()), read.operationId() + " of " + id
                    + " after " + delete.operationId() + " answered " + a.status()
                    + "; a deleted resource answers 404 (or 410)"));
            return;
        }
        ObjectNode want = chain.softDelete().get();
        if (a.status() != 200) {
            verdict(Check.STATE_TRANSITIONS, read, a, Verdict.fail(Exchange.STATUS, Integer.toString(a.status()),
                    read.operationId() + " after " + delete.operationId() + " answered " + a.status()
                            + "; the delete is soft (" + chain.source() + "), so the read answers 200 with " + want));
            return;
        }
        JsonNode body = jsonAt(a, "");
        List<Verdict.Problem> problems = new ArrayList<>();
        want.fields().forEachRemaining(f -> {
            JsonNode got = body.path(f.getKey());
            if (!sameValue(f.getValue(), got)) {
                problems.add(new Verdict.Problem(Exchange.BODY + "/" + f.getKey(),
                        got.isMissingNode() ? "" : got.toString(), read.operationId() + " after " + delete.operationId()
                        + " shows " + f.getKey() + " = " + (got.isMissingNode() ? "(absent)" : got)
                        + "; a soft-deleted resource shows " + f.getValue()));
            }
        });
        verdict(Check.STATE_TRANSITIONS, read, a, Verdict.of(problems));
    }

    private static boolean sameValue(JsonNode want, JsonNode got) {
        if (want.isNumber() && got.isNumber()) {
            return want.decimalValue().compareTo(got.decimalValue()) == 0;
        }
        if (want.isTextual() && got.isTextual()) {
            try {
                return OffsetDateTime.parse(want.asText()).isEqual(OffsetDateTime.parse(got.asText()));
            } catch (DateTimeParseException e) {
                return want.equals(got);
            }
        }
        return want.equals(got);
    }

    private static JsonNode jsonAt(Exchange e, String pointer) {
        try {
            return e.json().at(pointer);
        } catch (IOException | IllegalArgumentException ex) {
            return MissingNode.getInstance();
        }
    }

    private void verdict(Check check, Operation op, Exchange e, Verdict outcome) {
        runner.verdict(check, CaseGenerator.label(op), op.operationId(), e.request(), e.status(), outcome);
    }
}
