package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mock-only provider contracts, the eleven AI providers' usage endpoints and the model providers' chat
 * completions: the mock must pass the suite for each, credentials enforced.
 */
class ProvidersMockConformanceTest {
    static final String KEY = "provider-key-1";
    static final List<Api> APIS = Stream.concat(Api.inGroup(Api.Group.PROVIDERS).stream(),
            Api.inGroup(Api.Group.MODELS).stream()).toList();
    static MockServers mock;

    @BeforeAll
    static void start() {
        MockOptions.Builder b = MockOptions.builder().apis(APIS);
        APIS.forEach(a -> b.port(a, 0).credential(a, KEY));
        mock = MockServers.start(b.build());
    }

    @AfterAll
    static void stop() {
        if (mock != null) {
            mock.close();
        }
    }

    @TestFactory
    List<DynamicTest> everyProviderMockPassesTheSuite() {
        assertThat(APIS).extracting(Api::id).contains("chat-completions");
        return APIS.stream().map(api -> DynamicTest.dynamicTest(api.id(), () -> {
            IndependentValidator validator = IndependentValidator.of(api, "mock");
            Report report = Conformance.run(validator.watch(ConformanceTarget.builder(api)).baseUrl(mock.url(api)).credential(KEY).build());
            assertThat(report.violations()).as(report.toString()).isEmpty();
            assertThat(report.errors()).isEmpty();
            assertThat(report.results()).filteredOn(r -> r.check() == Check.IGNORED_AUTH)
                    .allSatisfy(r -> assertThat(r.passed()).isPositive());
            validator.assertEveryResponseValid(report);
        })).toList();
    }
}
