package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Verdict;

/** {@code missing_required_header}: a negative request that leaves out a required header parameter gets 4xx. */
final class MissingRequiredHeaderCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.NEGATIVE || !RequestRules.leavesOutAHeader(e.testCase())) {
            return Verdict.SKIP;
        }
        if (e.status() >= 400 && e.status() < 500) {
            return Verdict.PASS;
        }
        TestCase.Negation n = e.testCase().negation().orElseThrow();
        return Verdict.fail(n.pointer(), "", "the request left out a required header (" + n.reason()
                + ") and was answered " + e.status() + "; expected a 4xx");
    }
}
