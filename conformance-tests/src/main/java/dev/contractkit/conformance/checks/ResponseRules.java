package dev.contractkit.conformance.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.conformance.cases.CredentialPlacer;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.check.AccessModes;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;
import dev.contractkit.specs.dialect.ConflictReasons;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.contractkit.conformance.cases.Exchange.BODY;
import static dev.contractkit.conformance.cases.Exchange.CONTENT_TYPE;
import static dev.contractkit.conformance.cases.Exchange.STATUS;

/** The checks that judge a response against what the contract declares for it. */
final class ResponseRules {

    private ResponseRules() {
    }


    /** @return true when the request went to a secured operation without anything where its credential goes */
    static boolean withoutCredential(Exchange e) {
        return e.testCase().operation().filter(op -> !op.isPublic())
                .filter(op -> !new CredentialPlacer(e.contract(), Optional.empty()).carried(op, e.testCase().call()))
                .isPresent();
    }



    /**
     * @return true for an answer to HEAD: it has no content (RFC 9110 9.3.2) whatever schema the document gives the
     *         operation's responses, so there is no body to validate ({@code head_without_content} judges that)
     */
    static boolean isHead(Exchange e) {
        return e.testCase().call().method().equals("HEAD");
    }



    /**
     * A 409 of an operation that lists its conflict reasons ({@code x-kit-conflict-reasons}) gives one of them as
     * {@code details} (of the {@code error} object, or of the body).
     */
    static Verdict conflictReason(Exchange e) {
        List<String> reasons = e.testCase().operation().map(o -> ConflictReasons.of(o.node())).orElse(List.of());
        if (e.status() != 409 || reasons.isEmpty()) {
            return Verdict.PASS;
        }
        JsonNode body;
        try {
            body = e.json();
        } catch (IOException ex) {
            return Verdict.PASS; // validate() judged the body already
        }
        boolean wrapped = body.path("error").isObject();
        JsonNode details = wrapped ? body.path("error").path("details") : body.path("details");
        if (details.isTextual() && reasons.contains(details.asText())) {
            return Verdict.PASS;
        }
        return Verdict.fail(BODY + (wrapped ? "/error" : "") + "/details", details.toString(), "a 409 of "
                + e.testCase().label() + " gives one of the reasons the contract lists (" + String.join(", ", reasons)
                + ") as details");
    }

    static Verdict validate(Exchange e, String schemaPointer) {
        JsonNode body;
        try {
            body = e.json();
        } catch (IOException ex) {
            return Verdict.fail(BODY, Excerpts.quote(Excerpts.abbreviate(e.body())), "the body is not JSON (Content-Type "
                    + (e.mediaType().isEmpty() ? "none" : e.mediaType()) + "); the contract declares a JSON schema");
        }
        List<Finding> findings = AccessModes.filter(e.contract().document(), schemaPointer, "writeOnly",
                e.contract().validator().validate(schemaPointer, body, e.testCase().label()));
        return Verdict.of(findings.stream().map(f -> Verdict.Problem.of(BODY, f)).toList());
    }
}
