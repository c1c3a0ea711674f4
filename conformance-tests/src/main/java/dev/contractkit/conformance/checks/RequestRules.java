package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Routes;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.specs.dialect.RateLimits;
import dev.contractkit.specs.dialect.Refusals;

import java.util.Optional;
import java.util.Set;

/** The checks that judge how the server treats requests it should refuse. */
final class RequestRules {
    static final String ALLOW = "/response/headers/allow";

    private RequestRules() {
    }


    /** @return another operation of the same method whose path template the request's URL matches too */
    static Optional<String> alsoFor(Exchange e) {
        return Routes.of(e.contract()).other(e.testCase().call().method(), e.testCase().call(), e.testCase().operation())
                .map(Object::toString);
    }



    /** @return the key of the limit on requests without a valid credential the operation's category declares */
    static Optional<String> unauthenticatedLimit(Exchange e) {
        return e.testCase().operation()
                .flatMap(o -> RateLimits.of(e.contract().document().root()).forOperation(o.node()))
                .flatMap(RateLimits.Category::unauthenticatedKey);
    }




    static boolean leavesOutAHeader(TestCase c) {
        return c.negation().filter(n -> n.pointer().startsWith("/request/header/") && n.value().isMissingNode())
                .isPresent();
    }



}
