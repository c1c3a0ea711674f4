package dev.contractkit.conformance;

import dev.contractkit.specs.Api;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The whole suite, with tokens from the contract's token endpoint, against the coupons reference server. */
class CouponsReferenceServerConformanceTest {
    @TempDir
    static Path data;
    static ReferenceServerRun run;
    static Report report;

    @BeforeAll
    static void runTheSuiteAgainstTheReferenceServer() {
        run = ReferenceServerRun.start(Api.COUPONS, data,
                target -> target.user("admin", "admin-password").user("alice", "alice-password"));
        report = run.report();
    }

    @AfterAll
    static void stop() {
        if (run != null) {
            run.close();
        }
    }

    /**
     * Every request passes, handshakes included: a handshake with another {@code Sec-WebSocket-Version} than 13
     * is refused by the coupons route in the contract's shape (Helidon's own upgrader would answer a bare 400;
     * {@code ContractWsUpgradeProvider} routes it instead).
     */
    @Test
    void referenceServerHasNoViolationsAndNoErrors() {
        assertThat(report.violations()).as(report.toString()).isEmpty();
        assertThat(report.errors()).as(String.join("\n", report.errors())).isEmpty();
    }

    @Test
    void theIndependentValidatorFindsEveryResponseValid() {
        run.assertEveryResponseValid();
    }

    @Test
    void everyCheckRanAtLeastOneCase() {
        assertThat(report.results()).hasSize(Check.values().length)
                .filteredOn(r -> r.check() != Check.SSE_EVENT_SCHEMA && r.check() != Check.AGUI_EVENT_ORDER // no SSE here
                        && r.check() != Check.USE_AFTER_FREE // the delete is soft: state_transitions judges it
                        && r.check() != Check.VERSION_REMOVALS) // one version only
                .allSatisfy(r -> assertThat(r.passed()).as(r.check().key()).isPositive());
    }

    @Test
    void theNewChecksJudgedWhatTheyAreFor() {
        assertThat(report.result(Check.FORBIDDEN_ROLE).passed()).as("create, update, delete").isGreaterThanOrEqualTo(3);
        assertThat(report.result(Check.STATE_TRANSITIONS).passed()).as("the update reads back; the soft delete").isEqualTo(2);
        assertThat(report.result(Check.WEBSOCKET_MESSAGE_SCHEMA).passed()).as("coupon_created and coupon_expired")
                .isGreaterThanOrEqualTo(2);
        assertThat(report.result(Check.PAGINATION_LINKS).passed()).isPositive();
        assertThat(report.result(Check.RATE_LIMIT_HEADERS).passed()).isGreaterThan(50);
    }
}
