package dev.contractkit.sdk;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetryPolicyTest {
    private static RetryPolicy policy(RetryPolicy.Jitter jitter) {
        return RetryPolicy.builder().initialBackoff(Duration.ofMillis(100)).maxBackoff(Duration.ofMillis(1000)).jitter(jitter).build();
    }

    @Test
    void withoutJitterTheBackoffDoublesPerRetryUpToTheCap() {
        RetryPolicy p = policy(RetryPolicy.Jitter.NONE);
        assertThat(p.backoff(1, 0.3)).isEqualTo(Duration.ofMillis(100));
        assertThat(p.backoff(2, 0.3)).isEqualTo(Duration.ofMillis(200));
        assertThat(p.backoff(3, 0.3)).isEqualTo(Duration.ofMillis(400));
        assertThat(p.backoff(4, 0.3)).isEqualTo(Duration.ofMillis(800));
        assertThat(p.backoff(5, 0.3)).isEqualTo(Duration.ofMillis(1000));
        assertThat(p.backoff(60, 0.3)).isEqualTo(Duration.ofMillis(1000));
    }

    @Test
    void fullJitterSpreadsTheBackoffOverZeroToTheCap() {
        RetryPolicy p = policy(RetryPolicy.Jitter.FULL);
        assertThat(p.backoff(3, 0.0)).isEqualTo(Duration.ZERO);
        assertThat(p.backoff(3, 0.5)).isEqualTo(Duration.ofMillis(200));
        assertThat(p.backoff(3, 0.999999)).isEqualTo(Duration.ofMillis(400));
        assertThat(p.backoff(9, 0.25)).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void equalJitterKeepsAtLeastHalfTheBackoff() {
        RetryPolicy p = policy(RetryPolicy.Jitter.EQUAL);
        assertThat(p.backoff(3, 0.0)).isEqualTo(Duration.ofMillis(200));
        assertThat(p.backoff(3, 0.5)).isEqualTo(Duration.ofMillis(300));
        assertThat(p.backoff(3, 0.999999)).isEqualTo(Duration.ofMillis(400));
        assertThat(p.backoff(8, 0.0)).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void theDefaultIsFullJitterWithThreeAttempts() {
        RetryPolicy d = RetryPolicy.defaults();
        assertThat(d.jitter()).isEqualTo(RetryPolicy.Jitter.FULL);
        assertThat(d.maxAttempts()).isEqualTo(3);
        assertThat(d.retryNonIdempotent()).isFalse();
        assertThat(RetryPolicy.none().maxAttempts()).isEqualTo(1);
    }

    @Test
    void nonsenseSettingsAreRefused() {
        assertThatThrownBy(() -> RetryPolicy.builder().maxAttempts(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RetryPolicy.builder().initialBackoff(Duration.ofSeconds(10)).maxBackoff(Duration.ofSeconds(1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxBackoff");
        assertThatThrownBy(() -> RetryPolicy.builder().maxWait(Duration.ofSeconds(-1)).build())
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RetryPolicy.defaults().backoff(0, 0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RetryPolicy.defaults().backoff(1, 1.0)).isInstanceOf(IllegalArgumentException.class);
    }
}
