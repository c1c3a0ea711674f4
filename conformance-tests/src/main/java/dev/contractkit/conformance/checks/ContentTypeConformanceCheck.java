package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import java.util.List;
import java.util.Optional;

import static dev.contractkit.conformance.cases.Exchange.BODY;
import static dev.contractkit.conformance.cases.Exchange.CONTENT_TYPE;

/** {@code content_type_conformance}; also a body where the declared response has none (no {@code content}). */
final class ContentTypeConformanceCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        Optional<String> response = e.declaredResponse();
        if (response.isEmpty()) {
            return Verdict.SKIP;
        }
        List<String> declared = e.contract().mediaTypes(response.get());
        if (declared.isEmpty()) {
            if (e.body().isEmpty()) {
                return Verdict.SKIP;
            }
            // the contract declares no body for this status: a response that has one breaks it all the same
            return Verdict.fail(BODY, Excerpts.quote(Excerpts.abbreviate(e.body())),
                    "the contract declares no body for status " + e.status() + " of " + e.testCase().label()
                    + ", but the response has one (Content-Type " + (e.mediaType().isEmpty() ? "none" : e.mediaType())
                    + ")");
        }
        if (e.mediaType().isEmpty()) {
            return Verdict.fail(CONTENT_TYPE, "", "the response has no Content-Type; declared for "
                    + e.status() + ": " + String.join(", ", declared));
        }
        if (e.contract().declaredMedia(response.get(), e.mediaType()).isPresent()) {
            return Verdict.PASS;
        }
        return Verdict.fail(CONTENT_TYPE, Excerpts.quote(e.header("Content-Type").orElse("")), "Content-Type "
                + e.mediaType() + " is not declared for status " + e.status() + "; declared: " + String.join(", ", declared));
    }
}
