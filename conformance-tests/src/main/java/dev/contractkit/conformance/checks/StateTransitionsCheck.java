package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code state_transitions}: a declared chain has the effect the contract states. The scenario {@code ChainScenario}
 * hands over each step of a chain ({@link Observation.ChainStep}): an update succeeds and a read shows what it set; a
 * soft delete succeeds and a read shows what the contract says a soft-deleted resource shows. The scenario
 * {@code CancelMachine} drives a control plane's cancel state table and hands over each answer
 * ({@link Observation.CancelStep}, {@link Observation.CancelWait}), judged as {@link CancelStates} says.
 */
final class StateTransitionsCheck extends ScenarioCheck {

    @Override
    public Verdict judge(Observation observation) {
        if (observation instanceof Observation.CancelStep cancel) {
            return CancelStates.judge(cancel);
        }
        if (observation instanceof Observation.CancelWait wait) {
            return CancelStates.judge(wait);
        }
        if (!(observation instanceof Observation.ChainStep step)) {
            return Verdict.SKIP;
        }
        Exchange e = step.exchange();
        boolean soft = step.chain().softDelete().isPresent();
        return switch (step.step()) {
            case UPDATE -> ChainValues.success(e) ? Verdict.SKIP : Verdict.fail(Exchange.STATUS,
                    Integer.toString(e.status()), step.chain().update().orElseThrow().operationId()
                            + " of a resource just created and read answered " + e.status()
                            + " to its example body; expected 2xx (" + Excerpts.abbreviate(e.body()) + ")");
            case READ_AFTER_UPDATE -> readAfterUpdate(step);
            case DELETE -> !soft || ChainValues.success(e) ? Verdict.SKIP : ChainValues.deleteFailed(step);
            case READ_AFTER_DELETE -> soft ? readAfterSoftDelete(step) : Verdict.SKIP;
            default -> Verdict.SKIP;
        };
    }

    private static Verdict readAfterUpdate(Observation.ChainStep step) {
        if (step.sent().isEmpty() || !(step.sent().get() instanceof ObjectNode sent)) {
            return Verdict.SKIP;
        }
        Chains.Chain chain = step.chain();
        String update = chain.update().orElseThrow().operationId();
        Exchange a = step.exchange();
        if (a.status() != 200) {
            return Verdict.fail(Exchange.STATUS, Integer.toString(a.status()), chain.read().operationId()
                    + " after " + update + " answered " + a.status() + "; expected 200");
        }
        List<Verdict.Problem> problems = new ArrayList<>();
        JsonNode read = ChainValues.body(a);
        sent.fields().forEachRemaining(f -> {
            JsonNode got = read.path(f.getKey());
            if (f.getValue().isValueNode() && !f.getValue().isNull() && !got.isMissingNode()
                    && !ChainValues.sameValue(f.getValue(), got)) {
                problems.add(new Verdict.Problem(Exchange.BODY + "/" + f.getKey(), got.toString(),
                        chain.read().operationId() + " after " + update + " shows " + f.getKey() + " = "
                                + got + "; the update set it to " + f.getValue()));
            }
        });
        return Verdict.of(problems);
    }

    private static Verdict readAfterSoftDelete(Observation.ChainStep step) {
        Chains.Chain chain = step.chain();
        String read = chain.read().operationId();
        String delete = chain.delete().orElseThrow().operationId();
        ObjectNode want = chain.softDelete().orElseThrow();
        Exchange a = step.exchange();
        if (a.status() != 200) {
            return Verdict.fail(Exchange.STATUS, Integer.toString(a.status()), read + " after " + delete + " answered "
                    + a.status() + "; the delete is soft (" + chain.source() + "), so the read answers 200 with " + want);
        }
        JsonNode body = ChainValues.body(a);
        List<Verdict.Problem> problems = new ArrayList<>();
        want.fields().forEachRemaining(f -> {
            JsonNode got = body.path(f.getKey());
            if (!ChainValues.sameValue(f.getValue(), got)) {
                problems.add(new Verdict.Problem(Exchange.BODY + "/" + f.getKey(),
                        got.isMissingNode() ? "" : got.toString(), read + " after " + delete
                        + " shows " + f.getKey() + " = " + (got.isMissingNode() ? "(absent)" : got)
                        + "; a soft-deleted resource shows " + f.getValue()));
            }
        });
        return Verdict.of(problems);
    }
}
