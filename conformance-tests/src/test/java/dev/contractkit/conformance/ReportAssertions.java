package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What "passes the suite" means in the API tests: no violation, no error, and every applicable check really ran. */
final class ReportAssertions {
    private ReportAssertions() {
    }

    /**
     * @param report        a run of the suite
     * @param notApplicable checks the API has nothing for (they may have run zero cases)
     */
    static void passesEveryApplicableCheck(Report report, Set<Check> notApplicable) {
        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).as(report.toString()).isEmpty();
        assertThat(report.results()).filteredOn(r -> !notApplicable.contains(r.check()))
                .allSatisfy(r -> assertThat(r.passed()).as(r.check().key()).isPositive());
    }
}
