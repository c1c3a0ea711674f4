package dev.contractkit.conformance;

import dev.contractkit.reference.KitServer;
import dev.contractkit.reference.forms.FormsModule;
import dev.contractkit.reference.platform.Settings;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole suite against the real reference server: it must pass, and every check must actually have run. */
class ReferenceServerConformanceTest {
    @TempDir
    static Path data;
    static KitServer server;
    static Report report;
    static final IndependentValidator VALIDATOR = IndependentValidator.of(Api.FORMS, "reference");

    @BeforeAll
    static void runTheSuiteAgainstTheReferenceServer() {
        server = KitServer.start(Settings.of(Map.of("forms.port", "0", "data-dir", data.toString())), List.of(Api.FORMS));
        report = Conformance.run(VALIDATOR.watch(Target.builder(Api.FORMS))
                .baseUrl(server.url(Api.FORMS))
                .credential(FormsModule.DEMO_KEY)
                .build());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
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
        VALIDATOR.assertEveryResponseValid(report);
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
        Report again = Conformance.run(Target.builder(Api.FORMS).baseUrl(server.url(Api.FORMS))
                .credential(FormsModule.DEMO_KEY).build());

        assertThat(again.requests()).isEqualTo(report.requests());
        assertThat(again.results()).isEqualTo(report.results());
    }
}
