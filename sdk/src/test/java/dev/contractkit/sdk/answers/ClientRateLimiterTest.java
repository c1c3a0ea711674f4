package dev.contractkit.sdk.answers;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The limiter on a fake clock: every wait it asks for is recorded and "slept" by moving the clock. */
class ClientRateLimiterTest {
    final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    final AtomicLong millis = new AtomicLong(1_795_000_000_000L);
    final List<Duration> waits = new ArrayList<>();

    ClientRateLimiter limiter(int limit, Duration window) {
        return new ClientRateLimiter(limit, window, nanos::get, millis::get, n -> {
            waits.add(Duration.ofNanos(n));
            nanos.addAndGet(n);
            millis.addAndGet(n / 1_000_000);
        });
    }

    @Test
    void fiveRequestsStartAtOnceAndTheSixthWaitsForTheOldestToLeaveTheWindow() throws InterruptedException {
        ClientRateLimiter l = limiter(5, Duration.ofMinutes(1));
        for (int i = 0; i < 5; i++) {
            l.acquire();
            nanos.addAndGet(Duration.ofSeconds(1).toNanos());
        }
        assertThat(waits).isEmpty();
        l.acquire();
        assertThat(waits).containsExactly(Duration.ofSeconds(55));
    }

    @Test
    void windowSlidesSoSpreadRequestsNeverWait() throws InterruptedException {
        ClientRateLimiter l = limiter(5, Duration.ofMinutes(1));
        for (int i = 0; i < 20; i++) {
            l.acquire();
            nanos.addAndGet(Duration.ofSeconds(12).toNanos());
        }
        assertThat(waits).isEmpty();
    }

    @Test
    void serverSayingNoneRemainHoldsTheNextRequestUntilItsReset() throws InterruptedException {
        ClientRateLimiter l = limiter(5, Duration.ofMinutes(1));
        l.acquire();
        l.observe("0", Long.toString(millis.get() / 1000 + 20));
        l.acquire();
        assertThat(waits).hasSize(1);
        assertThat(waits.get(0)).isBetween(Duration.ofSeconds(19), Duration.ofSeconds(20));
    }

    @Test
    void remainingRequestsOrUnreadableHeadersChangeNothing() throws InterruptedException {
        ClientRateLimiter l = limiter(5, Duration.ofMinutes(1));
        l.observe("3", Long.toString(millis.get() / 1000 + 20));
        l.observe("0", "soon");
        l.acquire();
        assertThat(waits).isEmpty();
    }

    @Test
    void limitBelowOneIsRefused() {
        assertThatThrownBy(() -> limiter(0, Duration.ofMinutes(1))).isInstanceOf(IllegalArgumentException.class);
    }
}
