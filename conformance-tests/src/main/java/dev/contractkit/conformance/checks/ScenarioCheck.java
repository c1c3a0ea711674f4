package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

/**
 * A check that needs more than one exchange (a chain, a stream, a socket): no single exchange decides it, so it
 * does not apply to one. The scenario named in the subclass sends its requests; the subclass judges what the scenario
 * observed ({@link #judge(Observation)}).
 */
abstract class ScenarioCheck implements Judge {
    @Override
    public abstract Verdict judge(Observation observation);

    @Override
    public final Verdict judge(Exchange exchange) {
        return Verdict.SKIP;
    }

    @Override
    public final boolean judgesSingleExchanges() {
        return false;
    }
}
