package dev.contractkit.reference.coupons;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class LoginThrottleTest {
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T10:00:00Z"));
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

    @Test
    void pastTheLimitAttemptsWaitUntilTheWindowEnds() {
        LoginThrottle t = new LoginThrottle(clock, 2, 100, Duration.ofMinutes(1), 100);
        assertThat(t.attempt("alice", "1.2.3.4")).isZero();
        now.set(now.get().plusSeconds(15));
        assertThat(t.attempt("alice", "1.2.3.4")).isZero();
        assertThat(t.attempt("alice", "1.2.3.4")).isEqualTo(45);
        now.set(now.get().plusSeconds(45));
        assertThat(t.attempt("alice", "1.2.3.4")).isZero();
    }

    @Test
    void aSuccessClearsTheUserAndGivesTheAddressItsAttemptBack() {
        LoginThrottle t = new LoginThrottle(clock, 2, 2, Duration.ofMinutes(1), 100);
        t.attempt("alice", "a");
        t.succeeded("alice", "a");
        t.attempt("alice", "a");
        assertThat(t.attempt("alice", "a")).isZero();
        assertThat(t.attempt("bob", "a")).isPositive();
    }

    @Test
    void theCountersAreBounded() {
        LoginThrottle t = new LoginThrottle(clock, 5, 5, Duration.ofMinutes(1), 100);
        for (int i = 0; i < 10_000; i++) {
            t.attempt("user-" + i, "10.0." + (i / 250) + "." + (i % 250));
        }
        assertThat(t.tracked()).isLessThanOrEqualTo(100);
    }

    @Test
    void aHugeUsernameCostsABoundedKey() {
        LoginThrottle t = new LoginThrottle(clock, 1, 100, Duration.ofMinutes(1), 100);
        String huge = "x".repeat(1_000_000);
        t.attempt(huge, "a");
        assertThat(t.attempt(huge + "y", "a")).as("the same 128-character key").isPositive();
    }
}
