package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

/** {@code response_schema_conformance}: successful responses only; error bodies are {@code error_envelope}'s. */
final class ResponseSchemaConformanceCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.status() >= 400 || ResponseRules.isHead(e)) {
            return Verdict.SKIP;
        }
        return e.declaredResponse()
                .flatMap(r -> e.contract().jsonSchema(r, e.mediaType()))
                .map(schema -> ResponseRules.validate(e, schema))
                .orElse(Verdict.SKIP);
    }
}
