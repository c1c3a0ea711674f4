package dev.contractkit.conformance;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The same suite against the forms mock; told which key is valid, it refuses every other one like a real server. */
class MockServerConformanceTest extends MockServerPasses {
    MockServerConformanceTest() {
        // the valid key lets ignored_auth run
        super(Api.FORMS, mock -> mock.credential(Api.FORMS, "ci-key"), target -> target.credential("ci-key"));
    }

    @Test
    void everyCheckRanAgainstTheMock() {
        assertThat(report().results()).filteredOn(r -> !TestContracts.NOT_FOR_FORMS.contains(r.check()))
                .allSatisfy(r -> assertThat(r.total()).as(r.check().key()).isPositive());
    }
}
