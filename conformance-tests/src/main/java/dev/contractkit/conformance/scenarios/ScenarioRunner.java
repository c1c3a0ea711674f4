package dev.contractkit.conformance.scenarios;

import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.conformance.checks.Check;
import okhttp3.HttpUrl;

import java.util.Optional;

/** What the engine offers a check that needs more than one exchange (the scenarios, version removals, cancel machine). */
public interface ScenarioRunner {
    /** Sends a case (to the given URL, else the case's), judges it with the per-exchange checks. */
    Optional<Exchange> send(TestCase c, Optional<HttpUrl> url);

    /** Records one verdict of a scenario check. */
    void verdict(Check check, String label, String operationId, String request, int status, Verdict outcome);

    /** A note for the report. */
    void note(String note);
}
