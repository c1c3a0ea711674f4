package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.Routes;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Verdict;

import dev.contractkit.specs.dialect.RateLimits;
import dev.contractkit.specs.dialect.Refusals;

import java.util.Optional;
import java.util.Set;

/** The checks that judge how the server treats requests it should refuse. */
final class RequestChecks {
    static final String ALLOW = "/response/headers/allow";

    private RequestChecks() {
    }

    /** {@code negative_data_rejection}: whether the status is declared is {@code status_code_conformance}'s job. */
    static Verdict negativeDataRejection(Exchange e) {
        if (e.testCase().kind() != RequestKind.NEGATIVE || leavesOutAHeader(e.testCase())) {
            return Verdict.SKIP;
        }
        if (e.status() >= 400 && e.status() < 500) {
            return Verdict.PASS;
        }
        Optional<String> other = alsoFor(e);
        if (other.isPresent() && e.status() < 400) {
            return Verdict.notChecked(e.testCase().label() + ": a request that breaks it was answered " + e.status()
                    + ", but its URL " + Routes.concrete(e.testCase().call()) + " is also one of " + other.get()
                    + " (the templates overlap; OpenAPI leaves the choice to the server)");
        }
        TestCase.Negation n = e.testCase().negation().orElseThrow();
        return Verdict.fail(n.pointer(), n.valueText(), "the request breaks the contract (" + n.reason()
                + ") but was answered " + e.status() + "; expected a 4xx");
    }

    /** @return another operation of the same method whose path template the request's URL matches too */
    static Optional<String> alsoFor(Exchange e) {
        return Routes.of(e.contract()).other(e.testCase().call().method(), e.testCase().call(), e.testCase().operation())
                .map(Object::toString);
    }


    /**
     * {@code ignored_auth}: 401. The one other answer allowed is the one a contract declares for callers without
     * a valid credential: when the operation's rate-limit category names an {@code unauthenticated-key} (e.g.
     * {@code client-address}), such requests count against that limit and, once it is used up, get 429, which
     * must then say so: {@code Retry-After} and {@code X-RateLimit-Remaining: 0}.
     */
    static Verdict ignoredAuth(Exchange e) {
        if (e.testCase().kind() != RequestKind.UNAUTHENTICATED) {
            return Verdict.SKIP;
        }
        if (e.status() == 401) {
            return Verdict.PASS;
        }
        String expected = "a secured operation must answer 401";
        if (e.status() == 429) {
            Optional<String> key = unauthenticatedLimit(e);
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

    /** @return the key of the limit on requests without a valid credential the operation's category declares */
    static Optional<String> unauthenticatedLimit(Exchange e) {
        return e.testCase().operation()
                .flatMap(o -> RateLimits.of(e.contract().document().root()).forOperation(o.node()))
                .flatMap(RateLimits.Category::unauthenticatedKey);
    }

    /**
     * {@code unsupported_method}: 405 only (404 would say the path does not exist, 501 that the server knows no
     * such method at all), with {@code Allow}. A 401 or 403 is not judged: a server may check credentials or
     * scopes before it routes.
     */
    static Verdict unsupportedMethod(Exchange e) {
        if (e.testCase().kind() != RequestKind.UNSUPPORTED_METHOD || e.status() == 401 || e.status() == 403) {
            return Verdict.SKIP;
        }
        if (e.status() != 405) {
            return Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), e.testCase().call().method()
                    + " is not declared for " + e.testCase().call().template() + " (" + e.testCase().what()
                    + ") but was answered " + e.status() + "; expected 405");
        }
        if (e.header("Allow").isEmpty()) {
            return Verdict.fail(ALLOW, "", "405 without an Allow header; expected Allow: "
                    + e.testCase().what().replace("declared: ", ""));
        }
        return Verdict.PASS;
    }

    /**
     * {@code forbidden_role}: an operation that needs a role ({@code x-kit-required-role}) called with a valid
     * token lacking it answers 403 (a 401 would say the token is invalid; a 2xx that the role is not enforced).
     */
    static Verdict forbiddenRole(Exchange e) {
        if (e.testCase().kind() != RequestKind.INSUFFICIENT_ROLE) {
            return Verdict.SKIP;
        }
        if (e.status() == 403) {
            return Verdict.PASS;
        }
        return Verdict.fail(Exchange.STATUS, Integer.toString(e.status()), "called " + e.testCase().what()
                + " and answered " + e.status() + "; an operation needing a role the token lacks must answer 403");
    }

    /** {@code missing_required_header}: a negative request that leaves out a required header parameter gets 4xx. */
    static Verdict missingRequiredHeader(Exchange e) {
        if (e.testCase().kind() != RequestKind.NEGATIVE || !leavesOutAHeader(e.testCase())) {
            return Verdict.SKIP;
        }
        if (e.status() >= 400 && e.status() < 500) {
            return Verdict.PASS;
        }
        TestCase.Negation n = e.testCase().negation().orElseThrow();
        return Verdict.fail(n.pointer(), "", "the request left out a required header (" + n.reason()
                + ") and was answered " + e.status() + "; expected a 4xx");
    }

    private static boolean leavesOutAHeader(TestCase c) {
        return c.negation().filter(n -> n.pointer().startsWith("/request/header/") && n.value().isMissingNode())
                .isPresent();
    }

    /**
     * {@code positive_data_acceptance}: a request the contract allows must not be refused as invalid. Accepted:
     * any status below 400; 401, 403, 404, 409 and 429 (the request was understood: a credential, a missing
     * resource, a conflict, a limit); a response the contract marks {@code x-kit-refusal: true} (a business rule
     * said no, e.g. an answer service declining a question); a body matching one of the operation's
     * {@code x-kit-refusals} patterns (refusals the schema cannot express: an unknown action kind, a directory
     * that does not exist). 5xx is {@code not_a_server_error}'s.
     */
    static Verdict positiveDataAcceptance(Exchange e) {
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
        Optional<String> other = alsoFor(e);
        if (other.isPresent()) { // xero: /Attachments/{AttachmentID} (a uuid) and /Attachments/{FileName}, both GET
            return Verdict.notChecked(e.testCase().label() + ": a request it allows was refused with " + s
                    + ", but its URL " + Routes.concrete(e.testCase().call()) + " is also one of " + other.get()
                    + " (the templates overlap; OpenAPI leaves the choice to the server)");
        }
        return Verdict.fail(Exchange.STATUS, Integer.toString(s), "a request the contract allows ("
                + e.testCase().what() + ") was refused with " + s + ": " + Excerpts.abbreviate(e.body()));
    }

    /**
     * {@code media_type_acceptance}: a request the contract allows, with its body in a media type the operation
     * declares, is not refused with 415. The suite sends the example body once in every declared media type it can
     * build from it (JSON, form-encoded, multipart), so a contract that declares an encoding the server does not
     * parse, or a server that forgot one, fails here; a 400 for such a body is {@code positive_data_acceptance}'s.
     */
    static Verdict mediaTypeAcceptance(Exchange e) {
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

    private static final Set<Integer> ACCEPTED = Set.of(401, 403, 404, 409, 429);
}
