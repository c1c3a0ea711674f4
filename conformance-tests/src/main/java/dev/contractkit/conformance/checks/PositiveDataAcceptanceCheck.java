package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Routes;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.dialect.Refusals;

import java.util.Optional;
import java.util.Set;

/**
 * {@code positive_data_acceptance}: a request the contract allows must not be refused as invalid. Accepted:
 * any status below 400; 401, 403, 404, 409 and 429 (the request was understood: a credential, a missing
 * resource, a conflict, a limit); a response the contract marks {@code x-kit-refusal: true} (a business rule
 * said no, e.g. an answer service declining a question); a body matching one of the operation's
 * {@code x-kit-refusals} patterns (refusals the schema cannot express: an unknown action kind, a directory
 * that does not exist). 5xx is {@code not_a_server_error}'s.
 */
final class PositiveDataAcceptanceCheck implements Judge {
    private static final Set<Integer> ACCEPTED = Set.of(401, 403, 404, 409, 429);

    @Override
    public Verdict judge(Exchange e) {
        if (e.testCase().kind() != RequestKind.POSITIVE || e.status() >= 500) {
            return Verdict.SKIP;
        }
        int s = e.status();
        if (s < 400 || ACCEPTED.contains(s)) {
            return Verdict.PASS;
        }
        boolean refusal = e.declaredResponse().map(p -> Refusals.marked(e.contract().document().at(p))).orElse(false)
                || Refusals.patterns(e.testCase().operation().orElseThrow().node()).stream()
                        .anyMatch(p -> p.matcher(e.body()).find());
        if (refusal) {
            return Verdict.PASS;
        }
        Optional<String> other = RequestRules.alsoFor(e);
        if (other.isPresent()) { // xero: /Attachments/{AttachmentID} (a uuid) and /Attachments/{FileName}, both GET
            return Verdict.notChecked(e.testCase().label() + ": a request it allows was refused with " + s
                    + ", but its URL " + Routes.concrete(e.testCase().call()) + " is also one of " + other.get()
                    + " (the templates overlap; OpenAPI leaves the choice to the server)");
        }
        return Verdict.fail(Exchange.STATUS, Integer.toString(s), "a request the contract allows ("
                + e.testCase().what() + ") was refused with " + s + ": " + Excerpts.abbreviate(e.body()));
    }
}
