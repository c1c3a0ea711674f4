package dev.contractkit.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class WarmUpTest {
    @Test
    void oneWindowIsNeverSteady() {
        assertThat(Harness.steady(List.of(5000.0))).isFalse();
    }

    @Test
    void aWindowStillGainingMoreThanFivePercentIsNotSteady() {
        assertThat(Harness.steady(List.of(2200.0, 3800.0))).isFalse();
        assertThat(Harness.steady(List.of(2200.0, 3800.0, 4300.0))).isFalse();
    }

    @Test
    void aWindowWithinFivePercentOfTheBestBeforeItIsSteady() {
        assertThat(Harness.steady(List.of(2200.0, 3800.0, 4300.0, 4400.0))).isTrue();
    }

    @Test
    void aSlowerWindowAfterAFastOneIsSteady() {
        assertThat(Harness.steady(List.of(2200.0, 4600.0, 4100.0))).isTrue();
    }

    @Test
    void theBestEarlierWindowCountsNotOnlyTheLast() {
        assertThat(Harness.steady(List.of(4600.0, 3000.0, 4700.0))).isTrue();
        assertThat(Harness.steady(List.of(4000.0, 3000.0, 4700.0))).isFalse();
    }
}
