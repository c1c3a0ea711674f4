package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import java.util.Optional;

/** {@code error_envelope}: the declared error schema for the status, else the one every declared error shares. */
final class ErrorEnvelopeCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.status() < 400 || ResponseRules.isHead(e)) {
            return Verdict.SKIP;
        }
        Optional<String> declared = e.declaredResponse();
        if (declared.isEmpty() && !e.contract().usesKitDialect()) {
            // an undeclared status (or an undeclared method or path): without the kit's dialect, nothing says the
            // document's error schemas cover it
            return e.testCase().operation().isEmpty() ? Verdict.SKIP : Verdict.notChecked("the document declares no"
                    + " response " + e.status() + " for " + e.testCase().label() + ", so no body to hold it to");
        }
        Optional<String> schema = declared.isPresent()
                ? declared.flatMap(r -> e.contract().jsonSchema(r, e.mediaType())
                        .or(() -> e.contract().firstJsonSchema(r)))
                : e.contract().errorSchema();
        Verdict shape = schema.map(s -> ResponseRules.validate(e, s)).orElse(Verdict.SKIP);
        return shape == Verdict.PASS ? ResponseRules.conflictReason(e) : shape;
    }
}
