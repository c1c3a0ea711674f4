package dev.contractkit.conformance;

import dev.contractkit.conformance.report.Report;
import dev.contractkit.reference.forms.FormsModule;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole suite against the real reference server: it must pass, and every check must actually have run. */
class ReferenceServerConformanceTest extends ReferenceServerPasses {
    ReferenceServerConformanceTest() {
        super(Api.FORMS, target -> target.credential(FormsModule.DEMO_KEY), TestContracts.NOT_FOR_FORMS);
    }

    @Test
    void theRunLeavesNoNotes() {
        assertThat(report().notes()).isEmpty();
    }

    @Test
    void sameSeedGivesTheSameRunAgainstTheSameServer() {
        Report again = Conformance.run(ConformanceTarget.builder(Api.FORMS).baseUrl(run.url())
                .credential(FormsModule.DEMO_KEY).build());

        assertThat(again.requests()).isEqualTo(report().requests());
        assertThat(again.results()).isEqualTo(report().results());
    }
}
