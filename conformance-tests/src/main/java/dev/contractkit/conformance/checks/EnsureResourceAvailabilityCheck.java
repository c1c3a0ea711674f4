package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

/**
 * {@code ensure_resource_availability}: a created resource is there at once. The scenario {@code ChainScenario} runs a
 * declared chain and hands over each step ({@link Observation.ChainStep}): the create answers the new id, and the read
 * right after it answers 200.
 */
final class EnsureResourceAvailabilityCheck extends ScenarioCheck {

    @Override
    public Verdict judge(Observation observation) {
        if (!(observation instanceof Observation.ChainStep step)) {
            return Verdict.SKIP;
        }
        Chains.Chain chain = step.chain();
        Exchange e = step.exchange();
        return switch (step.step()) {
            case CREATE -> step.id().isValueNode() ? Verdict.SKIP : Verdict.fail(Exchange.BODY + chain.idPointer(), "",
                    chain.create().operationId() + " answered " + e.status() + " without the new id at "
                            + chain.idPointer() + " (" + chain.source() + ")");
            case READ_AFTER_CREATE -> e.status() == 200 ? Verdict.PASS : Verdict.fail(Exchange.STATUS,
                    Integer.toString(e.status()), chain.read().operationId() + " of " + step.id() + ", just created by "
                            + chain.create().operationId() + " (" + step.createdStatus() + "), answered " + e.status()
                            + "; a created resource is available at once (200)");
            default -> Verdict.SKIP;
        };
    }
}
