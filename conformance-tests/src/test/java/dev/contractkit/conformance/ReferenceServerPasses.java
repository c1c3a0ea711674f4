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
import java.util.Set;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole suite against one API of the reference server alone ({@link ReferenceServerRun}): no violation, no
 * error, every check of the catalogue reported and every applicable one run, and the independent validator finds
 * every response valid. A subclass names the API, how the run authenticates and what does not apply (its
 * constructor's arguments), and adds the tests of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ReferenceServerPasses {
    private final Api api;
    private final UnaryOperator<ConformanceTarget.Builder> credentials;
    private final Set<Check> notApplicable;
    ReferenceServerRun run;

    /**
     * @param api           the API
     * @param credentials   how the run authenticates ({@code credential(...)}, {@code user(...)})
     * @param notApplicable the checks the API has nothing for (they may have run zero cases)
     */
    ReferenceServerPasses(Api api, UnaryOperator<ConformanceTarget.Builder> credentials, Set<Check> notApplicable) {
        this.api = api;
        this.credentials = credentials;
        this.notApplicable = notApplicable;
    }

    @BeforeAll
    void runTheSuiteAgainstTheReferenceServer(@TempDir Path data) {
        run = ReferenceServerRun.start(api, data, credentials);
    }

    @AfterAll
    void stop() {
        if (run != null) {
            run.close();
        }
    }

    Report report() {
        return run.report();
    }

    @Test
    void referenceServerPassesEveryApplicableCheck() {
        assertThat(report().results()).hasSize(Check.values().length);
        ReportAssertions.passesEveryApplicableCheck(report(), notApplicable);
    }

    @Test
    void theIndependentValidatorFindsEveryResponseValid() {
        run.assertEveryResponseValid();
    }
}
