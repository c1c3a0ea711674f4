package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.Excerpts;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.Verdict;

import static dev.contractkit.conformance.cases.Exchange.STATUS;

/** {@code not_a_server_error}. */
final class NotAServerErrorCheck implements Judge {
    @Override
    public Verdict judge(Exchange e) {
        if (e.status() < 500) {
            return Verdict.PASS;
        }
        return Verdict.fail(STATUS, Integer.toString(e.status()), "the server failed with " + e.status()
                + " (" + Excerpts.abbreviate(e.body()) + ")");
    }
}
