package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Verdict;

/**
 * {@code unsupported_method}: 405 only (404 would say the path does not exist, 501 that the server knows no
 * such method at all), with {@code Allow}. A 401 or 403 is not judged: a server may check credentials or
 * scopes before it routes.
 */
final class UnsupportedMethodCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.UNSUPPORTED_METHOD || e.status() == 401 || e.status() == 403) {
            return Verdict.SKIP;
        }
        if (e.status() != 405) {
            return Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), e.testCase().call().method()
                    + " is not declared for " + e.testCase().call().template() + " (" + e.testCase().what()
                    + ") but was answered " + e.status() + "; expected 405");
        }
        if (e.header("Allow").isEmpty()) {
            return Verdict.fail(RequestRules.ALLOW, "", "405 without an Allow header; expected Allow: "
                    + e.testCase().what().replace("declared: ", ""));
        }
        return Verdict.PASS;
    }
}
