package dev.contractkit.reference.platform;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimiterTest {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T10:15:00Z"));
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };
    private final RateLimiter limiter = new RateLimiter(clock);
    private final RateLimiter.Rule threePerHour = new RateLimiter.Rule("write", 3, Duration.ofHours(1));

    @Test
    void countsDownAndRefusesPastTheLimitUntilTheWindowResets() {
        assertThat(limiter.acquire(threePerHour, "u").remaining()).isEqualTo(2);
        assertThat(limiter.acquire(threePerHour, "u").remaining()).isEqualTo(1);
        RateLimiter.Decision third = limiter.acquire(threePerHour, "u");
        assertThat(third.allowed()).isTrue();
        assertThat(third.remaining()).isZero();
        RateLimiter.Decision fourth = limiter.acquire(threePerHour, "u");
        assertThat(fourth.allowed()).isFalse();
        assertThat(fourth.resetEpochSec()).isEqualTo(Instant.parse("2026-01-01T11:00:00Z").getEpochSecond());
        assertThat(fourth.retryAfterSeconds()).isEqualTo(45 * 60);

        now.set(Instant.parse("2026-01-01T11:00:00Z"));
        assertThat(limiter.acquire(threePerHour, "u").allowed()).isTrue();
    }

    @Test
    void clientsAndCategoriesHaveSeparateCounters() {
        for (int i = 0; i < 3; i++) {
            limiter.acquire(threePerHour, "a");
        }
        assertThat(limiter.acquire(threePerHour, "a").allowed()).isFalse();
        assertThat(limiter.acquire(threePerHour, "b").allowed()).isTrue();
        assertThat(limiter.acquire(new RateLimiter.Rule("admin", 3, Duration.ofHours(1)), "a").allowed()).isTrue();
    }

    @Test
    void headersCarryLimitRemainingAndResetInUnixSeconds() {
        assertThat(limiter.acquire(threePerHour, "u").headers())
                .containsEntry("X-RateLimit-Limit", "3")
                .containsEntry("X-RateLimit-Remaining", "2")
                .containsEntry("X-RateLimit-Reset", Long.toString(Instant.parse("2026-01-01T11:00:00Z").getEpochSecond()));
    }

    @Test
    void theCountersStayBoundedAndBusyClientsKeepTheirCounts() {
        RateLimiter small = new RateLimiter(clock, 100);
        for (int i = 0; i < 5; i++) {
            small.acquire(threePerHour, "busy");
        }
        for (int i = 0; i < 10_000; i++) {
            small.acquire(threePerHour, "address-" + i);
        }
        assertThat(small.size()).isLessThanOrEqualTo(100);
        assertThat(small.acquire(threePerHour, "busy").allowed()).as("one-request clients are evicted first").isFalse();
    }

    @Test
    void endedWindowsOfALongerRuleAreNotEvictedByAShorterOne() {
        RateLimiter small = new RateLimiter(clock, 10);
        for (int i = 0; i < 4; i++) {
            small.acquire(threePerHour, "u");
        }
        RateLimiter.Rule tenSeconds = new RateLimiter.Rule("burst", 100, Duration.ofSeconds(10));
        now.set(now.get().plusSeconds(30));
        for (int i = 0; i < 12; i++) {
            small.acquire(tenSeconds, "c" + i); // past the cap: the sweep must judge "u" by its own one-hour window
        }
        assertThat(small.acquire(threePerHour, "u").allowed()).isFalse();
    }
}
