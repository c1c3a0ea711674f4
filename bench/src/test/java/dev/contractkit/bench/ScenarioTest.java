package dev.contractkit.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScenarioTest {
    @Test
    void theDefaultRunHasEveryScenarioMeasuredAgainstABaselineAndTheReplicasAndTheCorpusOnlyWhenNamed() {
        assertThat(Scenario.names(true)).containsAll(ReferenceScenarios.AGAINST_BASELINES)
                .contains("durable", "mock", "sdk", "streams", "tools", "growth").doesNotContain("replicas");
        assertThat(Scenario.names(false)).containsExactly("replicas", "corpus");
    }

    @Test
    void everyScenarioSaysWhatItMeasuresAndIsListedOnce() {
        assertThat(Scenario.ALL).allSatisfy(s -> assertThat(s.what()).isNotBlank());
        assertThat(Scenario.ALL).extracting(Scenario::name).doesNotHaveDuplicates();
    }
}
