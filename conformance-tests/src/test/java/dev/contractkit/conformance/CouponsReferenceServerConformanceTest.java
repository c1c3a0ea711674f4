package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole suite, with tokens from the contract's token endpoint, against the coupons reference server. Every
 * request passes, handshakes included: a handshake with another {@code Sec-WebSocket-Version} than 13 is refused by
 * the coupons route in the contract's shape (Helidon's own upgrader would answer a bare 400;
 * {@code ContractWsUpgradeProvider} routes it instead).
 */
class CouponsReferenceServerConformanceTest extends ReferenceServerPasses {
    /** No SSE here; the delete is soft (state_transitions judges it, not use_after_free); one version only. */
    static final Set<Check> NOT_FOR_COUPONS = Set.of(Check.SSE_EVENT_SCHEMA, Check.AGUI_EVENT_ORDER,
            Check.USE_AFTER_FREE, Check.VERSION_REMOVALS);

    CouponsReferenceServerConformanceTest() {
        super(Api.COUPONS, target -> target.user("admin", "admin-password").user("alice", "alice-password"),
                NOT_FOR_COUPONS);
    }

    @Test
    void theNewChecksJudgedWhatTheyAreFor() {
        Report report = report();
        assertThat(report.result(Check.FORBIDDEN_ROLE).passed()).as("create, update, delete").isGreaterThanOrEqualTo(3);
        assertThat(report.result(Check.STATE_TRANSITIONS).passed()).as("the update reads back; the soft delete").isEqualTo(2);
        assertThat(report.result(Check.WEBSOCKET_MESSAGE_SCHEMA).passed()).as("coupon_created and coupon_expired")
                .isGreaterThanOrEqualTo(2);
        assertThat(report.result(Check.PAGINATION_LINKS).passed()).isPositive();
        assertThat(report.result(Check.RATE_LIMIT_HEADERS).passed()).isGreaterThan(50);
    }
}
