package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Routes;
import dev.contractkit.conformance.cases.Verdict;

import java.util.Optional;

import static dev.contractkit.conformance.cases.Exchange.STATUS;

/** {@code status_code_conformance}. */
final class StatusCodeConformanceCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().operation().isEmpty()) {
            return Verdict.SKIP;
        }
        if (e.declaredResponse().isPresent()) {
            return Verdict.PASS;
        }
        if (e.testCase().operation().orElseThrow().responses().isEmpty()) {
            return Verdict.SKIP; // OpenAPI 3.1 lets an operation declare no response: nothing to hold the status to
        }
        if (e.testCase().kind() != RequestKind.POSITIVE && e.status() >= 400 && e.status() < 500
                && !e.contract().usesKitDialect()) {
            // a request the suite broke on purpose, refused with a 4xx the document does not list: the document
            // does not say how it answers broken requests (the kit's dialect promises every error is declared)
            return Verdict.notChecked("the document declares no response " + e.status() + " for "
                    + e.testCase().label() + ", which the suite's deliberately invalid or unauthenticated requests got");
        }
        if ((e.status() == 401 || e.status() == 403) && !e.contract().usesKitDialect() && ResponseRules.withoutCredential(e)) {
            // a secured operation called without a credential (none was given to the run) and refused: the
            // refusal is right, and the document simply does not list it
            return Verdict.notChecked("the document declares no response " + e.status() + " for "
                    + e.testCase().label() + ", which requests without a credential got (none was given)");
        }
        Optional<String> other = Routes.of(e.contract()).other(e.testCase().call().method(), e.testCase().call(),
                e.testCase().operation()).map(Object::toString);
        if (other.isPresent() && e.status() >= 400 && e.status() < 500) {
            return Verdict.notChecked(e.testCase().label() + ": answered " + e.status() + ", but its URL "
                    + Routes.concrete(e.testCase().call()) + " is also one of " + other.get()
                    + " (the templates overlap; OpenAPI leaves the choice to the server)");
        }
        return Verdict.fail(STATUS, Integer.toString(e.status()), "status " + e.status() + " is not declared for "
                + e.testCase().label() + "; declared: " + String.join(", ",
                e.testCase().operation().orElseThrow().responses().keySet()));
    }
}
