package dev.contractkit.conformance;

import dev.contractkit.mock.MockOptions;
import dev.contractkit.mock.MockServers;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole suite against the stateful coupons mock, users logged in at the mock's own token endpoint: the mock
 * must pass every check the reference server passes (roles, rate-limit headers, Link paging, the soft-delete
 * chain, handshake refusals, WebSocket messages).
 */
class CouponsMockConformanceTest {
    static MockServers mock;
    static Report report;
    static final IndependentValidator VALIDATOR = IndependentValidator.of(Api.COUPONS, "mock");

    @BeforeAll
    static void runTheSuiteAgainstTheStatefulMock() {
        mock = MockServers.start(MockOptions.builder().apis(Api.COUPONS).port(Api.COUPONS, 0).stateful(true).build());
        report = Conformance.run(VALIDATOR.watch(ConformanceTarget.builder(Api.COUPONS)).baseUrl(mock.url(Api.COUPONS))
                .user("admin", "any-password").user("alice", "any-password").build());
    }

    @AfterAll
    static void stop() {
        if (mock != null) {
            mock.close();
        }
    }

    @Test
    void theStatefulMockHasNoViolationsAndNoErrors() {
        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).as(String.join("\n", report.errors())).isEmpty();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseOfTheMockValid() {
        VALIDATOR.assertEveryResponseValid(report);
    }

    @Test
    void theChecksThatNeedStateRolesAndPagingReallyRan() {
        assertThat(report.result(Check.FORBIDDEN_ROLE).passed()).as("create, update, delete").isGreaterThanOrEqualTo(3);
        assertThat(report.result(Check.STATE_TRANSITIONS).passed()).as("the update reads back; the soft delete").isEqualTo(2);
        assertThat(report.result(Check.PAGINATION_LINKS).passed()).isPositive();
        assertThat(report.result(Check.RATE_LIMIT_HEADERS).passed()).isGreaterThan(50);
        assertThat(report.result(Check.IGNORED_AUTH).passed()).isGreaterThanOrEqualTo(7);
        assertThat(report.result(Check.WEBSOCKET_MESSAGE_SCHEMA).passed()).isGreaterThanOrEqualTo(2);
    }
}
