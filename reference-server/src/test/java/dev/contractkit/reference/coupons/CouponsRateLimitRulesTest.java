package dev.contractkit.reference.coupons;

import dev.contractkit.reference.platform.RateLimiter;
import dev.contractkit.specs.check.ContractDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
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
}
