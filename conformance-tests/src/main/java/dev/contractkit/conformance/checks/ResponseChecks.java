package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.CredentialPlacer;
import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Routes;
import dev.contractkit.conformance.cases.Verdict;

import static dev.contractkit.conformance.cases.Exchange.BODY;
import static dev.contractkit.conformance.cases.Exchange.CONTENT_TYPE;
import static dev.contractkit.conformance.cases.Exchange.STATUS;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.contractkit.specs.check.AccessModes;
import dev.contractkit.specs.check.Finding;
import dev.contractkit.specs.check.Pointers;
import dev.contractkit.specs.dialect.ConflictReasons;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The checks that judge a response against what the contract declares for it. */
final class ResponseChecks {

    private ResponseChecks() {
    }

    /** {@code status_code_conformance}. */
    static Verdict statusCode(Exchange e) {
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
        if ((e.status() == 401 || e.status() == 403) && !e.contract().usesKitDialect() && withoutCredential(e)) {
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

    /** @return true when the request went to a secured operation without anything where its credential goes */
    static boolean withoutCredential(Exchange e) {
        return e.testCase().operation().filter(op -> !op.isPublic())
                .filter(op -> !new CredentialPlacer(e.contract(), Optional.empty()).carried(op, e.testCase().call()))
                .isPresent();
    }

    /** {@code content_type_conformance}; also a body where the declared response has none (no {@code content}). */
    static Verdict contentType(Exchange e) {
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

    /** {@code response_schema_conformance}: successful responses only; error bodies are {@code error_envelope}'s. */
    static Verdict responseSchema(Exchange e) {
        if (e.status() >= 400 || isHead(e)) {
            return Verdict.SKIP;
        }
        return e.declaredResponse()
                .flatMap(r -> e.contract().jsonSchema(r, e.mediaType()))
                .map(schema -> validate(e, schema))
                .orElse(Verdict.SKIP);
    }

    /**
     * @return true for an answer to HEAD: it has no content (RFC 9110 9.3.2) whatever schema the document gives the
     *         operation's responses, so there is no body to validate ({@code head_without_content} judges that)
     */
    static boolean isHead(Exchange e) {
        return e.testCase().call().method().equals("HEAD");
    }

    /** {@code not_a_server_error}. */
    static Verdict notAServerError(Exchange e) {
        if (e.status() < 500) {
            return Verdict.PASS;
        }
        return Verdict.fail(STATUS, Integer.toString(e.status()), "the server failed with " + e.status()
                + " (" + Excerpts.abbreviate(e.body()) + ")");
    }

    /** {@code error_envelope}: the declared error schema for the status, else the one every declared error shares. */
    static Verdict errorEnvelope(Exchange e) {
        if (e.status() < 400 || isHead(e)) {
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
        Verdict shape = schema.map(s -> validate(e, s)).orElse(Verdict.SKIP);
        return shape == Verdict.PASS ? conflictReason(e) : shape;
    }

    /**
     * A 409 of an operation that lists its conflict reasons ({@code x-kit-conflict-reasons}) gives one of them as
     * {@code details} (of the {@code error} object, or of the body).
     */
    private static Verdict conflictReason(Exchange e) {
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

    private static Verdict validate(Exchange e, String schemaPointer) {
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
