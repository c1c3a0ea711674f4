package dev.contractkit.conformance.checks;

import dev.contractkit.conformance.cases.CaseGenerator;
import dev.contractkit.conformance.cases.Contract;
import dev.contractkit.conformance.cases.Exchange;
import dev.contractkit.conformance.cases.RelativeRequest;
import dev.contractkit.conformance.cases.RequestKind;
import dev.contractkit.conformance.cases.TestCase;
import dev.contractkit.conformance.cases.Verdict;
import dev.contractkit.specs.check.ContractDocument;
import dev.contractkit.specs.check.ContractDocument.Operation;
import dev.contractkit.specs.dialect.ConflictReasons;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code error_envelope}: a 409 of an operation with {@code x-kit-conflict-reasons} gives one of them as details. */
class ConflictReasonsCheckTest {
    private static final ContractDocument COUPONS = ContractDocument.load("openapi/coupons.yaml");

    @Test
    void aConflictWithAListedReasonPasses() {
        assertThat(new ErrorEnvelopeCheck().judge(conflict("already_redeemed"))).isEqualTo(Verdict.PASS);
    }

    @Test
    void aConflictWithAReasonTheContractDoesNotListFailsAtTheDetails() {
        Verdict outcome = new ErrorEnvelopeCheck().judge(conflict("out_of_stock"));

        assertThat(outcome).isInstanceOfSatisfying(Verdict.Fail.class, f -> assertThat(f.problems()).singleElement()
                .satisfies(p -> {
                    assertThat(p.pointer()).isEqualTo("/response/body/error/details");
                    assertThat(p.value()).isEqualTo("\"out_of_stock\"");
                    assertThat(p.message()).contains("already_redeemed, coupon_inactive, coupon_expired, usage_limit_reached");
                }));
    }

    private static Exchange conflict(String details) {
        Operation redeem = COUPONS.operations().stream().filter(o -> !ConflictReasons.of(o.node()).isEmpty())
                .findFirst().orElseThrow();
        TestCase c = new TestCase(RequestKind.POSITIVE, Optional.of(redeem), CaseGenerator.label(redeem), "redeem",
                new RelativeRequest("POST", redeem.path(), Map.of(), List.of(), List.of(), Optional.empty()), Optional.empty());
        String body = "{\"error\":{\"code\":\"CONFLICT\",\"message\":\"no\",\"details\":\"" + details + "\","
                + "\"timestamp\":\"2026-06-15T10:37:00Z\",\"request_id\":\"708192a3-b4c5-4d3e-8f40-6b7c8d9e0f1a\"}}";
        return new Exchange(new Contract(COUPONS), c, "POST " + redeem.path(), 409,
                Map.of("content-type", List.of("application/json")), body, Duration.ZERO);
    }
}
