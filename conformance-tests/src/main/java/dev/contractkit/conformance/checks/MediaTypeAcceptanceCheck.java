package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Verdict;

/**
 * {@code media_type_acceptance}: a request the contract allows, with its body in a media type the operation
 * declares, is not refused with 415. The suite sends the example body once in every declared media type it can
 * build from it (JSON, form-encoded, multipart), so a contract that declares an encoding the server does not
 * parse, or a server that forgot one, fails here; a 400 for such a body is {@code positive_data_acceptance}'s.
 */
final class MediaTypeAcceptanceCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.POSITIVE || e.testCase().call().body().isEmpty()) {
            return Verdict.SKIP;
        }
        if (e.status() != 415) {
            return Verdict.PASS;
        }
        String media = e.testCase().call().body().get().mediaType();
        return Verdict.fail("/request/header/content-type", media, "the operation declares request bodies in "
                + media + " (" + e.testCase().what() + ") but the server refused the body with 415: "
                + Excerpts.abbreviate(e.body()));
    }
}
