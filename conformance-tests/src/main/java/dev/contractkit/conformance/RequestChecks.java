package dev.contractkit.conformance;

/** The checks that judge how the server treats requests it should refuse. */
final class RequestChecks {
    static final String ALLOW = "/response/headers/allow";

    private RequestChecks() {
    }

    /** {@code negative_data_rejection}: whether the status is declared is {@code status_code_conformance}'s job. */
    static Outcome negativeDataRejection(Exchange e) {
        if (e.testCase().kind() != Kind.NEGATIVE) {
            return Outcome.SKIP;
        }
        if (e.status() >= 400 && e.status() < 500) {
            return Outcome.PASS;
        }
        TestCase.Negation n = e.testCase().negation().orElseThrow();
        return Outcome.fail(n.pointer(), n.valueText(), "the request breaks the contract (" + n.reason()
                + ") but was answered " + e.status() + "; expected a 4xx");
    }

    /** {@code ignored_auth}. */
    static Outcome ignoredAuth(Exchange e) {
        if (e.testCase().kind() != Kind.UNAUTHENTICATED) {
            return Outcome.SKIP;
        }
        if (e.status() == 401) {
            return Outcome.PASS;
        }
        return Outcome.fail(ResponseChecks.STATUS, Integer.toString(e.status()), "called " + e.testCase().what()
                + " and answered " + e.status() + "; a secured operation must answer 401");
    }

    /**
     * {@code unsupported_method}: 405 only (404 would say the path does not exist, 501 that the server knows no
     * such method at all), with {@code Allow}. A 401 or 403 is not judged: a server may check credentials or
     * scopes before it routes.
     */
    static Outcome unsupportedMethod(Exchange e) {
        if (e.testCase().kind() != Kind.UNSUPPORTED_METHOD || e.status() == 401 || e.status() == 403) {
            return Outcome.SKIP;
        }
        if (e.status() != 405) {
            return Outcome.fail(ResponseChecks.STATUS, Integer.toString(e.status()), e.testCase().call().method()
                    + " is not declared for " + e.testCase().call().template() + " (" + e.testCase().what()
                    + ") but was answered " + e.status() + "; expected 405");
        }
        if (e.header("Allow").isEmpty()) {
            return Outcome.fail(ALLOW, "", "405 without an Allow header; expected Allow: "
                    + e.testCase().what().replace("declared: ", ""));
        }
        return Outcome.PASS;
    }

    /**
     * {@code forbidden_role}: an operation that needs a role ({@code x-kit-required-role}) called with a valid
     * token lacking it answers 403 (a 401 would say the token is invalid; a 2xx that the role is not enforced).
     */
    static Outcome forbiddenRole(Exchange e) {
        if (e.testCase().kind() != Kind.INSUFFICIENT_ROLE) {
            return Outcome.SKIP;
        }
        if (e.status() == 403) {
            return Outcome.PASS;
        }
        return Outcome.fail(ResponseChecks.STATUS, Integer.toString(e.status()), "called " + e.testCase().what()
                + " and answered " + e.status() + "; an operation needing a role the token lacks must answer 403");
    }
}
