package dev.contractkit.examples.mock;

import dev.contractkit.mock.MockServers;
import dev.contractkit.mock.junit.ContractMock;
import dev.contractkit.sdk.ConflictException;
import dev.contractkit.sdk.coupons.CouponsClient;
import dev.contractkit.sdk.coupons.model.AdminCoupon;
import dev.contractkit.sdk.coupons.model.CouponCreate;
import dev.contractkit.sdk.coupons.model.CouponUpdate;
import dev.contractkit.specs.Api;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How a team tests its own code against the coupon contract without the real service: {@code @ContractMock}
 * starts the kit's mock for this class (stateful, on a free port), injects a ready SDK client, and resets
 * between tests.
 */
@ContractMock(api = "coupons", stateful = true)
class CouponsAgainstTheMockTest {

    @Test
    void aCouponTheAppCreatesCanBeReadUpdatedAndDeactivated(CouponsClient coupons) {
        AdminCoupon created = coupons.create(new CouponCreate().title("Welcome 10%").discountPercent(10)
                .category("welcome").usageLimit(100)).execute();

        coupons.update(created.getId(), new CouponUpdate().discountPercent(12)).execute();
        coupons.delete(created.getId()).execute();

        assertThat(created.getUsageCount()).isZero();
        assertThat(coupons.get(created.getId()).execute().getDiscountPercent()).isEqualTo(12);
        assertThat(coupons.get(created.getId()).execute().getActive()).isFalse();
    }

    @Test
    void theAppShowsWhyARedemptionWasRefused(CouponsClient coupons, MockServers mock) {
        mock.setResponse(Api.COUPONS, "redeemCoupon", 409, "alreadyRedeemed");

        assertThatThrownBy(() -> coupons.redeem("3f8e2a1c-5b7d-4e9f-a0c1-2d3e4f5a6b7c", "ORD-1").execute())
                .isInstanceOf(ConflictException.class)
                .satisfies(e -> assertThat(((ConflictException) e).body()).contains("already_redeemed"));
        assertThat(mock.received(Api.COUPONS, "redeemCoupon")).singleElement()
                .satisfies(r -> assertThat(r.body()).contains("ORD-1"))
                .satisfies(r -> assertThat(r.header("Authorization")).startsWith("Bearer "));
    }

    @Test
    void eachTestStartsFromTheContractsExamples(CouponsClient coupons, MockServers mock) {
        assertThat(mock.received(Api.COUPONS, "createCoupon")).isEmpty();
        assertThat(coupons.list(100, 0).execute().getCoupons()).noneMatch(c -> "Welcome 10%".equals(c.getTitle()));
    }
}
