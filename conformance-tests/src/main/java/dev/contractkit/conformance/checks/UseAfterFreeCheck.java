package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Chains;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

/**
 * {@code use_after_free}: a deleted resource is gone (404, or 410). The scenario {@code ChainScenario} hands over the
 * delete and the read after it ({@link Observation.ChainStep}) of a chain whose delete is hard; a soft delete is
 * {@code state_transitions}'.
 */
final class UseAfterFreeCheck extends ScenarioCheck {

    @Override
    public Verdict judge(Observation observation) {
        if (!(observation instanceof Observation.ChainStep step) || step.chain().softDelete().isPresent()) {
            return Verdict.SKIP;
        }
        Chains.Chain chain = step.chain();
        Exchange e = step.exchange();
        return switch (step.step()) {
            case DELETE -> ChainValues.success(e) ? Verdict.SKIP : ChainValues.deleteFailed(step);
            case READ_AFTER_DELETE -> e.status() == 404 || e.status() == 410 ? Verdict.PASS : Verdict.fail(Exchange.STATUS,
                    Integer.toString(e.status()), chain.read().operationId() + " of " + step.id() + " after "
                            + chain.delete().orElseThrow().operationId() + " answered " + e.status()
                            + "; a deleted resource answers 404 (or 410)");
            default -> Verdict.SKIP;
        };
    }
}
