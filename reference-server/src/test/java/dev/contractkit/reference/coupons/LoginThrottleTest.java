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

    @Test
    void anIpv6AddressCountsByItsSlash64AndAnIpv4AddressExactly() {
        assertThat(LoginThrottle.addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).isEqualTo("2001:db8:1:2::/64");
        assertThat(LoginThrottle.addressKey("2001:db8:1:2::1")).isEqualTo(LoginThrottle.addressKey("2001:0db8:0001:0002:ffff::9"));
        assertThat(LoginThrottle.addressKey("2001:db8:1:3::1")).isNotEqualTo(LoginThrottle.addressKey("2001:db8:1:2::1"));
        assertThat(LoginThrottle.addressKey("fe80:0:0:0:1:2:3:4%eth0")).isEqualTo("fe80::/64");
        assertThat(LoginThrottle.addressKey("::ffff:198.51.100.7")).isEqualTo("198.51.100.7");
        assertThat(LoginThrottle.addressKey("198.51.100.7")).isEqualTo("198.51.100.7");
        assertThat(LoginThrottle.addressKey("not:an:address:zz")).isEqualTo("not:an:address:zz");
    }

    @Test
    void steppingThroughOneSlash64GainsNoAttempts() {
        LoginThrottle t = new LoginThrottle(clock, 100, 3, Duration.ofMinutes(1), 100);
        for (int i = 1; i <= 3; i++) {
            assertThat(t.attempt("user-" + i, "2001:db8:1:2::" + Integer.toHexString(i))).isZero();
        }
        assertThat(t.attempt("user-4", "2001:db8:1:2:ffff:ffff:ffff:fffe")).isPositive();
        assertThat(t.attempt("user-5", "2001:db8:1:3::1")).as("another /64").isZero();
    }
}
