package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

/**
 * The logic of one check of the catalogue: one class per check, as a JSON Schema validator has one class per
 * keyword. {@link Checks} finds the class of a {@link Check} by its name. A check judges single exchanges
 * ({@link #judge(Exchange)}), or what a scenario observed over several ({@link #judge(Observation)}); the scenarios
 * send the requests, the verdicts are the checks'.
 */
public interface Judge {
    /**
     * @param exchange one request sent and the response received
     * @return {@link Verdict#PASS}, a failure with its problems, or a skip when the check does not apply to it (a
     *         non-empty reason becomes a note of the run)
     */
    Verdict judge(Exchange exchange);

    /**
     * @param observation what a scenario saw over several exchanges (a chain, a stream, a connection of its own)
     * @return the check's verdict on it; {@link Verdict#SKIP} when the check does not judge that kind of observation
     *         (every check that judges single exchanges)
     */
    default Verdict judge(Observation observation) {
        return Verdict.SKIP;
    }

    /**
     * @return true when the check judges single exchanges (the per-operation and undeclared-method requests); false
     *         for a check only a scenario judges, which sends the requests it needs
     */
    default boolean judgesSingleExchanges() {
        return true;
    }
}
