package dev.contractkit.conformance;

import dev.contractkit.conformance.report.Report;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole suite against one API of the mock server (a mock that breaks its own contract would lie to its users):
 * no violation, no error, and the independent validator finds every response valid. A subclass names the API, how
 * the mock is started and how the run authenticates (its constructor's arguments), and adds the tests of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class MockServerPasses {
    private final Api api;
    private final UnaryOperator<MockOptions.Builder> options;
    private final UnaryOperator<ConformanceTarget.Builder> credentials;
    private final IndependentValidator validator;
    private MockServers mock;
    private Report report;

    /**
     * @param api         the API, served alone on a free port
     * @param options     the rest of the mock's options ({@code stateful}, {@code credential(...)})
     * @param credentials how the run authenticates ({@code credential(...)}, {@code user(...)})
     */
    MockServerPasses(Api api, UnaryOperator<MockOptions.Builder> options,
                     UnaryOperator<ConformanceTarget.Builder> credentials) {
        this.api = api;
        this.options = options;
        this.credentials = credentials;
        this.validator = IndependentValidator.of(api, "mock");
    }

    @BeforeAll
    void runTheSuiteAgainstTheMock() {
        mock = MockServers.start(options.apply(MockOptions.builder().apis(api).port(api, 0)).build());
        report = Conformance.run(credentials.apply(validator.watch(ConformanceTarget.builder(api)).baseUrl(mock.url(api)))
                .build());
    }

    @AfterAll
    void stop() {
        if (mock != null) {
            mock.close();
        }
    }

    Report report() {
        return report;
    }

    @Test
    void theMockHasNoViolationsAndNoErrors() {
        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).as(String.join("\n", report.errors())).isEmpty();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheMockValid() {
        validator.assertEveryResponseValid(report);
    }
}
