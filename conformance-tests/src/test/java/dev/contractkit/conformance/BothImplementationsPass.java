package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The suite against one API's reference server and mock ({@link BothImplementations}): both pass every applicable
 * check, and the independent validator finds every response of both valid. A subclass names the API and how the
 * servers are set up (its constructor's arguments), and adds the tests of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BothImplementationsPass {
    private final Api api;
    private final String credential;
    private final Map<String, String> settings;
    private final Set<Check> notApplicable;
    private final Set<Check> notOnTheMock;
    BothImplementations both;

    /**
     * @param api           the API
     * @param credential    the credential both servers accept
     * @param settings      the reference server's settings besides ports and data directory
     * @param notApplicable the checks the API has nothing for (they may have run zero cases)
     * @param notOnTheMock  checks left out of the run against the mock (it keeps no state without --stateful)
     */
    BothImplementationsPass(Api api, String credential, Map<String, String> settings, Set<Check> notApplicable,
                            Set<Check> notOnTheMock) {
        this.api = api;
        this.credential = credential;
        this.settings = settings;
        this.notApplicable = notApplicable;
        this.notOnTheMock = notOnTheMock;
    }

    @BeforeAll
    void runTheSuiteAgainstBoth(@TempDir Path data) {
        both = BothImplementations.run(List.of(api), credential, settings, data, Map.of(api, notOnTheMock));
    }

    @AfterAll
    void stop() {
        if (both != null) {
            both.close();
        }
    }

    Report reference() {
        return both.reference(api);
    }

    Report mocked() {
        return both.mock(api);
    }

    @Test
    void referenceServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(reference(), notApplicable);
    }

    @Test
    void mockServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(mocked(), notApplicable);
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheReferenceServerValid() {
        both.assertEveryReferenceResponseValid();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheMockValid() {
        both.assertEveryMockResponseValid();
    }
}
