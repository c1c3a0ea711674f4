package dev.contractkit.conformance;

import dev.contractkit.reference.forms.FormsModule;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole suite against the real reference server: it must pass, and every check must actually have run. */
class ReferenceServerConformanceTest {
    @TempDir
    static Path data;
    static ReferenceServerRun run;
    static Report report;

    @BeforeAll
    static void runTheSuiteAgainstTheReferenceServer() {
        run = ReferenceServerRun.start(Api.FORMS, data, target -> target.credential(FormsModule.DEMO_KEY));
        report = run.report();
    }

    @AfterAll
    static void stop() {
        if (run != null) {
            run.close();
        }
    }

    @Test
    void referenceServerHasNoViolations() {
        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).isEmpty();
        assertThat(report.passed()).isTrue();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseValid() {
        run.assertEveryResponseValid();
    }

    @Test
    void everyCheckRanAtLeastOneCase() {
        assertThat(report.results()).hasSize(Check.values().length)
                .filteredOn(r -> !TestContracts.NOT_FOR_FORMS.contains(r.check()))
                .allSatisfy(r -> assertThat(r.passed()).as(r.check().key()).isPositive());
        assertThat(report.notes()).isEmpty();
    }

    @Test
    void sameSeedGivesTheSameRunAgainstTheSameServer() {
        Report again = Conformance.run(ConformanceTarget.builder(Api.FORMS).baseUrl(run.url())
                .credential(FormsModule.DEMO_KEY).build());

        assertThat(again.requests()).isEqualTo(report.requests());
        assertThat(again.results()).isEqualTo(report.results());
    }
}
