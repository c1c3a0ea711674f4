package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Verdict;

import java.util.Optional;

/**
 * {@code ignored_auth}: 401. The one other answer allowed is the one a contract declares for callers without
 * a valid credential: when the operation's rate-limit category names an {@code unauthenticated-key} (e.g.
 * {@code client-address}), such requests count against that limit and, once it is used up, get 429, which
 * must then say so: {@code Retry-After} and {@code X-RateLimit-Remaining: 0}.
 */
final class IgnoredAuthCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.UNAUTHENTICATED) {
            return Verdict.SKIP;
        }
        if (e.status() == 401) {
            return Verdict.PASS;
        }
        String expected = "a secured operation must answer 401";
        if (e.status() == 429) {
            Optional<String> key = RequestRules.unauthenticatedLimit(e);
            if (key.isPresent()) {
                boolean exhausted = e.header("X-RateLimit-Remaining").map(String::trim).filter("0"::equals).isPresent();
                if (exhausted && e.header("Retry-After").isPresent()) {
                    return Verdict.PASS;
                }
                return Verdict.fail(Exchange.STATUS, "429", "called " + e.testCase().what() + " and answered 429"
                        + " without " + (exhausted ? "Retry-After" : "X-RateLimit-Remaining: 0") + "; the contract"
                        + " limits requests without a valid credential per " + key.get() + ", so 429 is allowed only"
                        + " when that limit is used up, and says so; otherwise 401");
            }
            expected += " (the contract declares no limit per caller without a valid credential, which alone would"
                    + " allow 429)";
        }
        return Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), "called " + e.testCase().what()
                + " and answered " + e.status() + "; " + expected);
    }
}
