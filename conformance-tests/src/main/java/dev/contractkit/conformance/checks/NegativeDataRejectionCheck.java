package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Routes;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Verdict;

import java.util.Optional;

/** {@code negative_data_rejection}: whether the status is declared is {@code status_code_conformance}'s job. */
final class NegativeDataRejectionCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.NEGATIVE || RequestRules.leavesOutAHeader(e.testCase())) {
            return Verdict.SKIP;
        }
        if (e.status() >= 400 && e.status() < 500) {
            return Verdict.PASS;
        }
        Optional<String> other = RequestRules.alsoFor(e);
        if (other.isPresent() && e.status() < 400) {
            return Verdict.notChecked(e.testCase().label() + ": a request that breaks it was answered " + e.status()
                    + ", but its URL " + Routes.concrete(e.testCase().call()) + " is also one of " + other.get()
                    + " (the templates overlap; OpenAPI leaves the choice to the server)");
        }
        TestCase.Negation n = e.testCase().negation().orElseThrow();
        return Verdict.fail(n.pointer(), n.valueText(), "the request breaks the contract (" + n.reason()
                + ") but was answered " + e.status() + "; expected a 4xx");
    }
}
