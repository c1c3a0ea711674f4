package dev.contractkit.conformance;

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
 * servers are set up, and adds the tests of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BothImplementationsPass {
    BothImplementations both;

    /** @return the API */
    abstract Api api();

    /** @return the credential both servers accept */
    abstract String credential();

    /** @return the reference server's settings besides ports and data directory */
    abstract Map<String, String> settings();

    /** @return the checks the API has nothing for (they may have run zero cases) */
    abstract Set<Check> notApplicable();

    /** @return checks left out of the run against the mock (it keeps no state without --stateful) */
    Set<Check> notOnTheMock() {
        return Set.of();
    }

    @BeforeAll
    void runTheSuiteAgainstBoth(@TempDir Path data) {
        both = BothImplementations.run(List.of(api()), credential(), settings(), data, Map.of(api(), notOnTheMock()));
    }

    @AfterAll
    void stop() {
        if (both != null) {
            both.close();
        }
    }

    Report reference() {
        return both.reference(api());
    }

    Report mocked() {
        return both.mock(api());
    }

    @Test
    void referenceServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(reference(), notApplicable());
    }

    @Test
    void mockServerPassesEveryApplicableCheck() {
        ReportAssertions.passesEveryApplicableCheck(mocked(), notApplicable());
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
