package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.RateLimiter;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The coupons limits come from the contract's x-kit-rate-limits (read by specs' RateLimits), then the overrides. */
class CouponsRateLimitRulesTest {
    private static final ContractDocument COUPONS = ContractDocument.load("openapi/coupons.yaml");

    @Test
    void theContractsCategoriesAreTheRulesInDocumentOrder() {
        Map<String, RateLimiter.Rule> rules = CouponsModule.rateLimits(COUPONS, "");

        assertThat(rules.get("public-read")).isEqualTo(new RateLimiter.Rule("public-read", 1000, Duration.ofHours(1)));
        assertThat(rules.get("write")).isEqualTo(new RateLimiter.Rule("write", 100, Duration.ofHours(1)));
        assertThat(rules).containsKeys("authenticated-read", "admin");
    }

    @Test
    void anOverrideReplacesOneCategoryAndAnUnknownOneIsRefusedNamingTheCategories() {
        assertThat(CouponsModule.rateLimits(COUPONS, "write=5/60").get("write"))
                .isEqualTo(new RateLimiter.Rule("write", 5, Duration.ofSeconds(60)));
        assertThatThrownBy(() -> CouponsModule.rateLimits(COUPONS, "writes=5/60"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[public-read, authenticated-read, write");
    }

    @Test
    void aLimitIsAnyPositiveIntAsTheBenchGivesAndALargerOneIsRefused() {
        // the bench's effectively-unlimited override (ReferenceScenarios.RATE_LIMITS): a start refused it once
        assertThat(CouponsModule.rateLimits(COUPONS, "public-read=2000000000/3600").get("public-read").limit())
                .isEqualTo(2_000_000_000);
        assertThat(CouponsModule.rateLimits(COUPONS, "write=2147483647/1s").get("write").limit()).isEqualTo(Integer.MAX_VALUE);
        assertThatThrownBy(() -> CouponsModule.rateLimits(COUPONS, "write=2147483648/60"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a limit from 1 to 2147483647");
        assertThatThrownBy(() -> CouponsModule.rateLimits(COUPONS, "write=0/60")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theAuthenticatedReadLimitAllows2000RequestsPerUserPerHourAndRefusesThe2001st() {
        RateLimiter.Rule rule = CouponsModule.rateLimits(COUPONS, "").get("authenticated-read");
        assertThat(rule).isEqualTo(new RateLimiter.Rule("authenticated-read", 2000, Duration.ofHours(1)));
        MovingClock clock = new MovingClock(Instant.parse("2026-06-15T10:00:00Z"));
        RateLimiter limiter = new RateLimiter(clock);

        for (int i = 1; i <= 2000; i++) {
            RateLimiter.Decision d = limiter.acquire(rule, "user:alice");
            assertThat(d.allowed()).as("request %d", i).isTrue();
            assertThat(d.remaining()).isEqualTo(2000 - i);
        }
        RateLimiter.Decision refused = limiter.acquire(rule, "user:alice");
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.limit()).isEqualTo(2000);
        assertThat(refused.retryAfterSeconds()).isEqualTo(3600);
        assertThat(limiter.acquire(rule, "user:bob").allowed()).as("counted per user").isTrue();

        clock.now = clock.now.plus(Duration.ofHours(1));
        assertThat(limiter.acquire(rule, "user:alice").allowed()).as("a new hour, a new window").isTrue();
    }

    /** A clock the test moves. */
    private static final class MovingClock extends Clock {
        Instant now;

        MovingClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
