package dev.contractkit.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class WarmUpTest {
    @Test
    void oneOrTwoWindowsAreNeverSteady() {
        assertThat(Harness.steady(List.of(5000.0))).isFalse();
        assertThat(Harness.steady(List.of(5000.0, 5000.0))).isFalse();
    }

    @Test
    void aWindowStillGainingMoreThanFivePercentIsNotSteady() {
        assertThat(Harness.steady(List.of(2200.0, 3800.0, 4300.0))).isFalse();
        assertThat(Harness.steady(List.of(2200.0, 3800.0, 4300.0, 4400.0, 4700.0))).isFalse();
    }

    @Test
    void twoWindowsInARowWithinFivePercentOfTheBestBeforeThemAreSteady() {
        assertThat(Harness.steady(List.of(2200.0, 3800.0, 4300.0, 4400.0, 4450.0))).isTrue();
    }

    @Test
    void onePlateauWindowIsNotSteadyWhenTheNextGainsAgain() {
        // the answer's server: a window that held while C2 was still compiling, then twice the throughput
        assertThat(Harness.steady(List.of(979.0, 3391.0, 3300.0))).isFalse(); // one window that held: not yet
        assertThat(Harness.steady(List.of(979.0, 3391.0, 3300.0, 8849.0))).isFalse();
        assertThat(Harness.steady(List.of(979.0, 3391.0, 3300.0, 8849.0, 8800.0, 8900.0))).isTrue();
    }

    @Test
    void slowerWindowsAfterAFastOneAreSteady() {
        assertThat(Harness.steady(List.of(2200.0, 4600.0, 4100.0, 4300.0))).isTrue();
    }

    @Test
    void theBestEarlierWindowCountsNotOnlyTheLast() {
        assertThat(Harness.steady(List.of(4600.0, 3000.0, 4700.0, 4650.0))).isTrue();
        assertThat(Harness.steady(List.of(4000.0, 3000.0, 4700.0, 4650.0))).isFalse();
    }
}
