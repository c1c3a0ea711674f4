package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Verdict;

/**
 * {@code forbidden_role}: an operation that needs a role ({@code x-kit-required-role}) called with a valid
 * token lacking it answers 403 (a 401 would say the token is invalid; a 2xx that the role is not enforced).
 */
final class ForbiddenRoleCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.INSUFFICIENT_ROLE) {
            return Verdict.SKIP;
        }
        if (e.status() == 403) {
            return Verdict.PASS;
        }
        return Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), "called " + e.testCase().what()
                + " and answered " + e.status() + "; an operation needing a role the token lacks must answer 403");
    }
}
