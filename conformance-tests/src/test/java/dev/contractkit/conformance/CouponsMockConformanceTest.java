package dev.contractkit.conformance;

import dev.contractkit.conformance.checks.Check;
import dev.contractkit.conformance.report.Report;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole suite against the stateful coupons mock, users logged in at the mock's own token endpoint: the mock
 * must pass every check the reference server passes (roles, rate-limit headers, Link paging, the soft-delete
 * chain, handshake refusals, WebSocket messages).
 */
class CouponsMockConformanceTest extends MockServerPasses {
    CouponsMockConformanceTest() {
        super(Api.COUPONS, mock -> mock.stateful(true),
                target -> target.user("admin", "any-password").user("alice", "any-password"));
    }

    @Test
    void theChecksThatNeedStateRolesAndPagingReallyRan() {
        Report report = report();
        assertThat(report.result(Check.FORBIDDEN_ROLE).passed()).as("create, update, delete").isGreaterThanOrEqualTo(3);
        assertThat(report.result(Check.STATE_TRANSITIONS).passed()).as("the update reads back; the soft delete").isEqualTo(2);
        assertThat(report.result(Check.PAGINATION_LINKS).passed()).isPositive();
        assertThat(report.result(Check.RATE_LIMIT_HEADERS).passed()).isGreaterThan(50);
        assertThat(report.result(Check.IGNORED_AUTH).passed()).isGreaterThanOrEqualTo(7);
        assertThat(report.result(Check.WEBSOCKET_MESSAGE_SCHEMA).passed()).isGreaterThanOrEqualTo(2);
    }
}
