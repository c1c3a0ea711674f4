package dev.contractkit.reference.exec;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BackOffTest {
    final BackOff backOff = new BackOff(400, 3_000);
    final Random random = new Random(7);

    @Test
    void eachRetryWaitsBetweenHalfAndAllOfADoublingDelayUpToTheMaximum() {
        long[] full = {400, 800, 1_600, 3_000, 3_000};
        for (int retry = 1; retry <= full.length; retry++) {
            for (int i = 0; i < 200; i++) {
                assertThat(backOff.delayMillis(retry, random)).as("retry " + retry)
                        .isBetween(full[retry - 1] / 2, full[retry - 1]);
            }
        }
    }

    @Test
    void tasksThatFailedTogetherDoNotRetryTogether() {
        Set<Long> delays = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            delays.add(backOff.delayMillis(1, random));
        }
        assertThat(delays).hasSizeGreaterThan(10);
    }

    @Test
    void aMaximumBelowTheBaseIsRefusedWithTheSettingsNames() {
        assertThatThrownBy(() -> new BackOff(1_000, 10)).hasMessageContaining("KIT_EXEC_RETRY_BASE_MS")
                .hasMessageContaining("KIT_EXEC_RETRY_MAX_MS");
    }
}
