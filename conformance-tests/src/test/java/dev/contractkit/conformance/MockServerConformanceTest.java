package dev.contractkit.conformance;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The same suite against the mock server: a mock that breaks its own contract would lie to its users. */
class MockServerConformanceTest {
    static MockServers mock;
    static Report report;
    static final IndependentValidator VALIDATOR = IndependentValidator.of(Api.FORMS, "mock");

    @BeforeAll
    static void runTheSuiteAgainstTheMockServer() {
        // told which key is valid, the mock refuses every other one like a real server (ignored_auth can run)
        mock = MockServers.start(MockOptions.builder().apis(Api.FORMS).port(Api.FORMS, 0)
                .credential(Api.FORMS, "ci-key").build());
        report = Conformance.run(VALIDATOR.watch(ConformanceTarget.builder(Api.FORMS)).baseUrl(mock.url(Api.FORMS)).credential("ci-key").build());
    }

    @AfterAll
    static void stop() {
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    void mockServerHasNoViolations() {
        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).isEmpty();
        assertThat(report.passed()).isTrue();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheMockValid() {
        VALIDATOR.assertEveryResponseValid(report);
    }

    @Test
    void everyCheckRanAgainstTheMock() {
        assertThat(report.results()).filteredOn(r -> !TestContracts.NOT_FOR_FORMS.contains(r.check())).allSatisfy(r -> assertThat(r.total()).as(r.check().key()).isPositive());
    }
}
